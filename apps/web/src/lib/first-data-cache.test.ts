import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import type * as ApiClient from './api-client.ts';
import type * as Auth from './auth.ts';

// The API and the session stand in; the query cache, the first data and the query keys are the real ones.
const asked: string[] = [];
const answers = new Map<string, unknown>();
let user: Record<string, unknown> | null = null;

vi.mock('./api-client.ts', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: (path: string) => {
    asked.push(path);
    return Promise.resolve(answers.get(path) ?? null);
  },
}));
vi.mock('./auth.ts', async (original) => ({ ...(await original<typeof Auth>()), sessionUser: () => user }));

async function fresh() {
  vi.resetModules();
  const firstData = await import('./first-data.ts');
  const { installFirstDataCache } = await import('./first-data-cache.ts');
  const { queryClient } = await import('./query-client.ts');
  installFirstDataCache();
  return { ...firstData, queryClient };
}

/** A component using the query mounts: its observer subscribes, as `useQuery` does. */
function mount(queryClient: Awaited<ReturnType<typeof fresh>>['queryClient'], queryKey: readonly unknown[], queryFn: () => Promise<unknown>) {
  const observer = new QueryObserver(queryClient, { queryKey, queryFn });
  const unsubscribe = observer.subscribe(() => undefined);
  return { observer, unsubscribe };
}

beforeEach(() => {
  asked.length = 0;
  answers.clear();
  user = null;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('first data in the query cache', () => {
  it("puts each answer under the key of the query that reads it (the hooks' own keys)", async () => {
    const { prefetchFirstData, firstDataSettled, queryClient } = await fresh();
    const { owedRewardsQueryKey } = await import('./queries/owed-rewards.ts');
    const { activeGroupQueryKey } = await import('./queries/get-active-group.ts');
    const { groupsQueryKey } = await import('./queries/get-groups.ts');
    const { groupMembersQueryKey } = await import('./queries/get-group-members.ts');
    const { memberUnreadQueryKey, teacherUnreadQueryKey } = await import('./queries/chat-unread.ts');
    const { memberTodosQueryKey } = await import('./queries/member-todos.ts');

    user = { id: 't1', admin: true };
    answers.set('/owed-rewards/t1', { rewards: 0, coins: 0 });
    answers.set('/groups/t1/active', { id: 'g1' });
    answers.set('/groups/t1', [{ id: 'g1' }]);
    answers.set('/group/g1/members', [{ id: 'm1' }]);
    answers.set('/chat/unread/teacher?userId=t1', []);
    prefetchFirstData('/teacher/groups');
    await firstDataSettled(1000);
    expect(queryClient.getQueryData(owedRewardsQueryKey('t1'))).toEqual({ rewards: 0, coins: 0 });
    expect(queryClient.getQueryData(activeGroupQueryKey('t1'))).toEqual({ id: 'g1' });
    expect(queryClient.getQueryData(groupsQueryKey('t1'))).toEqual([{ id: 'g1' }]);
    expect(queryClient.getQueryData(groupMembersQueryKey('g1'))).toEqual([{ id: 'm1' }]);
    expect(queryClient.getQueryData(teacherUnreadQueryKey('t1'))).toEqual([]);

    user = { id: 'm1', admin: false, group_id: 'g1' };
    answers.set('/chat/unread/member?userId=m1', { unread_count: 2 });
    answers.set('/membertodos?group_id=g1', [{ id: 'mt1' }]);
    prefetchFirstData('/student/todos');
    await firstDataSettled(1000);
    expect(queryClient.getQueryData(memberUnreadQueryKey('m1'))).toEqual({ unread_count: 2 });
    expect(queryClient.getQueryData(memberTodosQueryKey('g1', { kind: 'self' }))).toEqual([{ id: 'mt1' }]);
  });

  it('is not asked again when the page mounts, and is refetched as usual afterwards', async () => {
    const { prefetchFirstData, firstDataSettled, queryClient } = await fresh();
    user = { id: 'm1', admin: false, group_id: 'g1' };
    answers.set('/membertodos?group_id=g1', [{ id: 'mt1' }]);
    prefetchFirstData('/student/todos');
    await firstDataSettled(1000);
    expect(asked).toEqual(['/chat/unread/member?userId=m1', '/membertodos?group_id=g1']);

    const key = ['memberTodos', 'g1', 'self'];
    const fetchTodos = vi.fn(() => Promise.resolve([{ id: 'mt2' }]));
    // Two components of the first page read the same query: neither asks.
    const first = mount(queryClient, key, fetchTodos);
    const second = mount(queryClient, key, fetchTodos);
    expect(fetchTodos).not.toHaveBeenCalled();
    expect(first.observer.getCurrentResult().data).toEqual([{ id: 'mt1' }]);

    // A live event's invalidation refetches; after that a mount asks as for any query.
    await queryClient.invalidateQueries({ queryKey: key });
    expect(fetchTodos).toHaveBeenCalledTimes(1);
    first.unsubscribe();
    second.unsubscribe();
    mount(queryClient, key, fetchTodos).unsubscribe();
    expect(fetchTodos).toHaveBeenCalledTimes(2);
  });

  it('counts as just fetched only for the first mount: a later mount asks as for any query', async () => {
    const { prefetchFirstData, firstDataSettled, queryClient } = await fresh();
    user = { id: 'm1', admin: false, group_id: 'g1' };
    prefetchFirstData('/student/home');
    await firstDataSettled(1000);
    vi.useFakeTimers({ now: Date.now() + 60_000 });
    const fetchUnread = vi.fn(() => Promise.resolve({ unread_count: 0 }));
    mount(queryClient, ['chatUnread', 'member', 'm1'], fetchUnread).unsubscribe();
    expect(fetchUnread).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed answer to the page: its query asks the network when it mounts', async () => {
    const { prefetchFirstData, firstDataSettled, queryClient } = await fresh();
    user = { id: 'm1', admin: false, group_id: 'g1' };
    answers.set('/membertodos?group_id=g1', Promise.reject(new Error('offline')));
    prefetchFirstData('/student/todos');
    await firstDataSettled(1000);
    const fetchTodos = vi.fn(() => Promise.resolve([]));
    mount(queryClient, ['memberTodos', 'g1', 'self'], fetchTodos).unsubscribe();
    expect(fetchTodos).toHaveBeenCalledTimes(1);
  });
});
