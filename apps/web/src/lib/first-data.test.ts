import { beforeEach, describe, expect, it, vi } from 'vitest';

// The API and the session stand in: what matters is which paths are asked, and how often.
const asked: string[] = [];
const answers = new Map<string, unknown>();
let user: Record<string, unknown> | null = null;

vi.mock('./api-client.ts', () => ({
  apiRequest: (path: string) => {
    asked.push(path);
    return Promise.resolve(answers.get(path) ?? null);
  },
}));
vi.mock('./auth.ts', () => ({ sessionUser: () => user }));

async function fresh() {
  vi.resetModules();
  return import('./first-data.ts');
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  asked.length = 0;
  answers.clear();
  user = null;
});

describe('first data', () => {
  it("asks a student's tasks on /student/todos, and hands the answer to the page's query once", async () => {
    const { prefetchFirstData, adoptFirstData } = await fresh();
    user = { id: 'm1', admin: false, group_id: 'g 1' };
    answers.set('/membertodos?group_id=g+1', [{ id: 't1' }]);
    prefetchFirstData('/student/todos');
    expect(asked).toEqual(['/membertodos?group_id=g+1']);
    await expect(adoptFirstData('/membertodos?group_id=g+1')).resolves.toEqual([{ id: 't1' }]);
    // A refetch goes to the network.
    expect(adoptFirstData('/membertodos?group_id=g+1')).toBeUndefined();
  });

  it("asks a teacher's groups and active group on /teacher/groups, then the active group's members", async () => {
    const { prefetchFirstData, adoptFirstData } = await fresh();
    user = { id: 't1', admin: true };
    answers.set('/groups/t1/active', { id: 'g1' });
    prefetchFirstData('/teacher/groups');
    expect(asked).toEqual(['/groups/t1', '/groups/t1/active']);
    await flush();
    expect(asked).toEqual(['/groups/t1', '/groups/t1/active', '/group/g1/members']);
    expect(adoptFirstData('/group/g1/members')).toBeDefined();
  });

  it('does not ask the members again when the page asked for them first', async () => {
    const { prefetchFirstData, adoptFirstData } = await fresh();
    user = { id: 't1', admin: true };
    answers.set('/groups/t1/active', { id: 'g1' });
    prefetchFirstData('/teacher/groups');
    expect(adoptFirstData('/group/g1/members')).toBeUndefined();
    await flush();
    expect(asked).toEqual(['/groups/t1', '/groups/t1/active']);
  });

  it('asks nothing for a visitor, another page or the other area', async () => {
    const { prefetchFirstData } = await fresh();
    prefetchFirstData('/student/todos');
    user = { id: 'm1', admin: false, group_id: 'g1' };
    prefetchFirstData('/student/home');
    prefetchFirstData('/teacher/groups');
    user = { id: 't1', admin: true };
    prefetchFirstData('/student/todos');
    expect(asked).toEqual([]);
  });
});
