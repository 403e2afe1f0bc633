import { beforeEach, describe, expect, it, vi } from 'vitest';

// The API and the session stand in: what matters is which paths are asked, and how often.
const asked: string[] = [];
const answers = new Map<string, unknown>();
/** Paths whose answer never comes (a hung request). */
const hanging = new Set<string>();
let user: Record<string, unknown> | null = null;

vi.mock('./api-client.ts', () => ({
  apiRequest: (path: string) => {
    asked.push(path);
    if (hanging.has(path)) return new Promise(() => undefined);
    return Promise.resolve(answers.get(path) ?? null);
  },
}));
vi.mock('./auth.ts', () => ({ sessionUser: () => user }));

async function fresh() {
  vi.resetModules();
  return import('./first-data.ts');
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const STUDENT = { id: 'm1', admin: false, group_id: 'g 1' };
const TEACHER = { id: 't1', admin: true };

beforeEach(() => {
  asked.length = 0;
  answers.clear();
  hanging.clear();
  user = null;
});

describe('first data', () => {
  it("asks a student's unread count and, on /student/todos, the tasks; a page's query takes an answer once", async () => {
    const { prefetchFirstData, adoptFirstData } = await fresh();
    user = STUDENT;
    answers.set('/membertodos?group_id=g+1', [{ id: 't1' }]);
    prefetchFirstData('/student/todos');
    expect(asked).toEqual(['/chat/unread/member?userId=m1', '/membertodos?group_id=g+1']);
    await expect(adoptFirstData('/membertodos?group_id=g+1')).resolves.toEqual([{ id: 't1' }]);
    // A refetch goes to the network.
    expect(adoptFirstData('/membertodos?group_id=g+1')).toBeUndefined();
  });

  it("asks the teacher's header data, the groups on /teacher/groups, then the active group's members and unread chats", async () => {
    const { prefetchFirstData, adoptFirstData } = await fresh();
    user = TEACHER;
    answers.set('/groups/t1/active', { id: 'g1' });
    prefetchFirstData('/teacher/groups');
    expect(asked).toEqual(['/owed-rewards/t1', '/groups/t1/active', '/groups/t1']);
    await flush();
    expect(asked).toEqual(['/owed-rewards/t1', '/groups/t1/active', '/groups/t1', '/group/g1/members', '/chat/unread/teacher?userId=t1']);
    expect(adoptFirstData('/group/g1/members')).toBeDefined();
  });

  it('asks no members when there is no active group', async () => {
    const { prefetchFirstData } = await fresh();
    user = TEACHER;
    prefetchFirstData('/teacher/groups');
    await flush();
    expect(asked).toEqual(['/owed-rewards/t1', '/groups/t1/active', '/groups/t1']);
  });

  it('does not ask the members again when the page asked for them first', async () => {
    const { prefetchFirstData, adoptFirstData } = await fresh();
    user = TEACHER;
    answers.set('/groups/t1/active', { id: 'g1' });
    prefetchFirstData('/teacher/groups');
    expect(adoptFirstData('/group/g1/members')).toBeUndefined();
    await flush();
    expect(asked).not.toContain('/group/g1/members');
  });

  it("asks nothing for a visitor, and only the layout's data on the area's other pages", async () => {
    const { prefetchFirstData } = await fresh();
    prefetchFirstData('/student/todos');
    expect(asked).toEqual([]);
    user = STUDENT;
    prefetchFirstData('/student/home');
    expect(asked).toEqual(['/chat/unread/member?userId=m1']);
    asked.length = 0;
    user = TEACHER;
    prefetchFirstData('/teacher/home');
    expect(asked).toEqual(['/owed-rewards/t1', '/groups/t1/active']);
  });

  it('hands every answer to the cache under its query key, the ones asked before it was set and after', async () => {
    const { prefetchFirstData, setFirstDataCache, adoptFirstData, firstDataSettled } = await fresh();
    user = TEACHER;
    answers.set('/groups/t1/active', { id: 'g1' });
    answers.set('/groups/t1', [{ id: 'g1' }]);
    prefetchFirstData('/teacher/groups');
    const put: [readonly unknown[], unknown][] = [];
    setFirstDataCache({ put: async (key, answer) => void put.push([key, await answer]) });
    await firstDataSettled(1000);
    expect(put).toEqual([
      [['owedRewards', 't1'], null],
      [['activeGroup', 't1'], { id: 'g1' }],
      [['groups', 't1'], [{ id: 'g1' }]],
      [['group', 'g1', 'members'], null],
      [['chatUnread', 'teacher', 't1'], null],
    ]);
    // The queries find nothing more to take: their fetches go to the network.
    expect(adoptFirstData('/groups/t1')).toBeUndefined();
    expect(adoptFirstData('/group/g1/members')).toBeUndefined();
  });

  it('stops waiting for an answer that does not come', async () => {
    const { prefetchFirstData, firstDataSettled } = await fresh();
    user = STUDENT;
    hanging.add('/membertodos?group_id=g+1');
    prefetchFirstData('/student/todos');
    const started = Date.now();
    await firstDataSettled(50);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
