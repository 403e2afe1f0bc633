import { apiRequest } from './api-client.ts';
import { sessionUser } from './auth.ts';

/**
 * The first data of the page a signed-in user opens, asked by main.tsx as soon as the live
 * connection is in its rooms (so no live event can fall between this answer and the socket),
 * while the page's code and translations still load, instead of after them: on a slow network the
 * page's query then finds its answer on its way, a round trip or more sooner (issue 13). Each
 * answer is taken once (`adoptFirstData`); the query's later fetches go to the network. Only the
 * pages a user lands on most: the student's tasks and the teacher's groups.
 */
const pending = new Map<string, Promise<unknown>>();
/** API paths a page has asked for already: asking them again here would only repeat the request. */
const taken = new Set<string>();

function ask<T>(path: string): Promise<T> | undefined {
  if (taken.has(path) || pending.has(path)) return undefined;
  const request = apiRequest<T>(path);
  // Its error is the query's to show, when the query takes it.
  request.catch(() => undefined);
  pending.set(path, request);
  return request;
}

export function prefetchFirstData(pathname: string): void {
  const user = sessionUser();
  if (!user) return;
  if (!user.admin && pathname === '/student/todos') {
    ask(`/membertodos?${new URLSearchParams({ group_id: user.group_id }).toString()}`);
  } else if (user.admin && pathname === '/teacher/groups') {
    const teacher = encodeURIComponent(user.id);
    ask(`/groups/${teacher}`);
    ask<{ id: string } | null>(`/groups/${teacher}/active`)?.then(
      (active) => active && ask(`/group/${encodeURIComponent(active.id)}/members`),
      () => undefined,
    );
  }
}

/** The answer prefetchFirstData asked for at this API path, once; undefined when there is none. */
export function adoptFirstData<T>(path: string): Promise<T> | undefined {
  taken.add(path);
  const request = pending.get(path);
  pending.delete(path);
  return request as Promise<T> | undefined;
}
