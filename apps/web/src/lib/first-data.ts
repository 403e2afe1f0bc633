import { apiRequest } from './api-client.ts';
import { sessionUser } from './auth.ts';

/**
 * The first data of the page a signed-in user opens: what its layout and, on the pages a user
 * lands on most (the student's tasks, the teacher's groups), the page itself show. main.tsx asks
 * it as soon as the live connection is in its rooms (so no live event can fall between these
 * answers and the socket), while the page's code and translations still load, instead of after
 * the page has drawn (issue 13).
 *
 * The answers go into TanStack Query's cache under the keys of the queries that read them
 * (lib/first-data-cache.ts, loaded with the area's layout) before the page first draws, so the
 * page draws once, with its data, in one time-sliced render, and not again as each answer
 * arrives. An answer is used once: a query's later fetches go to the network. Where the cache is
 * not loaded, a page's query takes its answer itself (`adoptFirstData`).
 */

/** A query's key: the same array the query's hook builds (lib/queries; first-data.test.ts holds them together). */
export type FirstDataKey = readonly unknown[];

/** Where the answers go: the query cache (lib/first-data-cache.ts). Settles once the answer is in the cache, or failed. */
export interface FirstDataCache {
  put(key: FirstDataKey, answer: Promise<unknown>): Promise<void>;
}

interface Asked {
  key: FirstDataKey;
  answer: Promise<unknown>;
}

/** Answers not yet handed to the cache or a query, by API path. */
const pending = new Map<string, Asked>();
/** API paths a page has asked for already: asking them again here would only repeat the request. */
const taken = new Set<string>();
/** What the first draw waits for: every answer (and the request a chained answer leads to) and its way into the cache. */
const settling: Promise<unknown>[] = [];
let cache: FirstDataCache | null = null;

function handOver(path: string, asked: Asked): void {
  if (!cache) return;
  pending.delete(path);
  taken.add(path);
  settling.push(cache.put(asked.key, asked.answer));
}

function ask<T>(path: string, key: FirstDataKey): Promise<T> | undefined {
  if (taken.has(path) || pending.has(path)) return undefined;
  const answer = apiRequest<T>(path);
  // Its error is the query's to show, when the query takes it.
  answer.catch(() => undefined);
  pending.set(path, { key, answer });
  settling.push(answer.catch(() => undefined));
  handOver(path, { key, answer });
  return answer;
}

/** Asks the first data of `pathname` for the signed-in user (nothing for a visitor). */
export function prefetchFirstData(pathname: string): void {
  const user = sessionUser();
  if (!user) return;
  if (!user.admin) {
    // The student layout's unread count (lib/queries/chat-unread.ts).
    ask(`/chat/unread/member?userId=${encodeURIComponent(user.id)}`, ['chatUnread', 'member', user.id]);
    if (pathname === '/student/todos') {
      // lib/queries/member-todos.ts, the student's own selection.
      ask(`/membertodos?${new URLSearchParams({ group_id: user.group_id }).toString()}`, ['memberTodos', user.group_id, 'self']);
    }
    return;
  }
  // The class board (issue 32) has no teacher header: its own reads are its first data.
  if (pathname.startsWith('/teacher/board/')) return;
  const teacher = encodeURIComponent(user.id);
  // The teacher layout's header: the owed rewards and the active group (lib/queries/owed-rewards.ts, get-active-group.ts).
  ask(`/owed-rewards/${teacher}`, ['owedRewards', user.id]);
  const active = ask<{ id: string } | null>(`/groups/${teacher}/active`, ['activeGroup', user.id]);
  if (pathname !== '/teacher/groups') return;
  // The groups page: the group list, and the active group's members with their unread chats
  // (lib/queries/get-groups.ts, get-group-members.ts, chat-unread.ts).
  ask(`/groups/${teacher}`, ['groups', user.id]);
  if (!active) return;
  settling.push(
    active.then(
      (group) => {
        if (!group) return;
        ask(`/group/${encodeURIComponent(group.id)}/members`, ['group', group.id, 'members']);
        ask(`/chat/unread/teacher?userId=${teacher}`, ['chatUnread', 'teacher', user.id]);
      },
      () => undefined,
    ),
  );
}

/** From now on the answers go into `next` (the query cache), those asked so far at once. */
export function setFirstDataCache(next: FirstDataCache): void {
  cache = next;
  for (const [path, asked] of [...pending]) handOver(path, asked);
}

/**
 * Settles once every answer asked so far (and any request a chained answer leads to) is in the
 * cache or has failed, or after `timeoutMs` at the latest: a slow answer must not hold the page
 * back; its query then shows it when it comes.
 */
export async function firstDataSettled(timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  const all = async () => {
    // A chained answer adds to the list while the first ones settle.
    for (let seen = 0; seen < settling.length; ) {
      seen = settling.length;
      await Promise.allSettled(settling.slice());
    }
  };
  await Promise.race([all(), timeout]);
  clearTimeout(timer);
}

/** The answer prefetchFirstData asked for at this API path, once; undefined when there is none. */
export function adoptFirstData<T>(path: string): Promise<T> | undefined {
  taken.add(path);
  const asked = pending.get(path);
  pending.delete(path);
  return asked?.answer as Promise<T> | undefined;
}
