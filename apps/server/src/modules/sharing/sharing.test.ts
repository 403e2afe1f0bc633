import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, caller, signIn, type Method } from '../../test/build-test-app.ts';
import { expectBooksBalance } from '../../test/books.ts';
import { buildGroup, buildMember, buildReward, buildRewardList, buildTeacher, buildTodo, buildTodolist, shareTodolistWith, showTodolist } from '../../test/factories.ts';
import { eventNames, nextEvent, socketClients } from '../../test/sockets.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const clients = socketClients(app, address);
const call = caller(app);
const rowsOf = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);

async function teacher() {
  const t = await buildTeacher(db);
  return { ...t, cookie: await signIn(app, t, 'teacher') };
}

describe('sharing a todo list with another teacher: who may call what', () => {
  it('refuses nobody, a student, a stranger and a recipient on the owner\'s calls, and changes nothing', async () => {
    const owner = await teacher();
    const list = await buildTodolist(db, owner.id, { name: 'Fractions' });
    const editor = await teacher();
    await shareTodolistWith(db, list.id, editor.id, 'edit');
    const stranger = await teacher();
    const member = await buildMember(db, (await buildGroup(db, owner.id)).id);
    const studentCookie = await signIn(app, member, 'member');

    const routes: [Method, string, object | undefined, string, string][] = [
      // method, url, body, the stranger's code, the recipient's code
      ['POST', `/api/todolist/${list.id}/shares`, { recipient: stranger.username }, 'TODOLIST.NOT_YOUR_TODOLIST', 'TODOLIST.NOT_YOUR_TODOLIST'],
      ['PUT', `/api/todolist/${list.id}/shares/${editor.username}`, { permissions: 'read' }, 'TODOLIST.NOT_YOUR_TODOLIST', 'TODOLIST.NOT_YOUR_TODOLIST'],
      ['DELETE', `/api/todolist/${list.id}/shares/${editor.username}`, undefined, 'TODOLIST.NOT_YOUR_TODOLIST', ''],
      ['GET', `/api/shared-todolists/${editor.id}`, undefined, 'USER.NOT_YOU', ''],
    ];
    for (const [method, url, body, strangerCode, recipientCode] of routes) {
      const anon = await call(method, url, undefined, body);
      expect([url, anon.statusCode, anon.json().errorCode]).toEqual([url, 401, 'AUTH.NO_AUTH']);
      const student = await call(method, url, studentCookie, body);
      expect([url, student.statusCode, student.json().errorCode]).toEqual([url, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
      const other = await call(method, url, stranger.cookie, body);
      expect([url, other.statusCode, other.json().errorCode]).toEqual([url, 403, strangerCode]);
      if (recipientCode) {
        const recipient = await call(method, url, editor.cookie, body);
        expect([url, recipient.statusCode, recipient.json().errorCode]).toEqual([url, 403, recipientCode]);
      }
    }
    // A recipient cannot end another recipient's share either.
    const reader = await buildTeacher(db);
    await shareTodolistWith(db, list.id, reader.id, 'read');
    const notOwn = await call('DELETE', `/api/todolist/${list.id}/shares/${reader.username}`, editor.cookie);
    expect([notOwn.statusCode, notOwn.json().errorCode]).toEqual([403, 'TODOLIST.NOT_YOUR_TODOLIST']);
    expect(await rowsOf(sql`select teacher_id, permissions from todolist_shares where todolist_id = ${list.id} order by permissions`)).toEqual([
      { teacher_id: editor.id, permissions: 'edit' },
      { teacher_id: reader.id, permissions: 'read' },
    ]);
  });
});

describe('POST todolist/{id}/shares', () => {
  it('shares read by default, by username or e-mail in any case, and both sides see it', async () => {
    const owner = await teacher();
    const list = await buildTodolist(db, owner.id, { name: 'Fractions' });
    const b = await teacher();
    const c = await teacher();

    const first = await call('POST', `/api/todolist/${list.id}/shares`, owner.cookie, { recipient: `  ${b.username.toUpperCase()} ` });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ id: list.id, permissions: 'owner', shared_with: [{ username: b.username, permissions: 'read' }] });
    const second = await call('POST', `/api/todolist/${list.id}/shares`, owner.cookie, { recipient: c.email.toUpperCase(), permissions: 'edit' });
    expect(second.statusCode).toBe(201);
    expect(second.json().shared_with).toHaveLength(2);

    const mine = (await call('GET', `/api/todolists/${owner.id}`, owner.cookie)).json();
    expect(mine[0].shared_with).toEqual(expect.arrayContaining([{ username: b.username, permissions: 'read' }, { username: c.username, permissions: 'edit' }]));
    const shared = await call('GET', `/api/shared-todolists/${b.id}`, b.cookie);
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toEqual([expect.objectContaining({ id: list.id, name: 'Fractions', permissions: 'read', shared_with: [], shared_by_username: owner.username })]);
    expect((await call('GET', `/api/todolist/${list.id}`, c.cookie)).json()).toMatchObject({ permissions: 'edit', shared_by_username: owner.username, shared_with: [] });
    // The recipient's own lists stay its own.
    expect((await call('GET', `/api/todolists/${b.id}`, b.cookie)).json()).toEqual([]);
  });

  it('answers an unknown or empty recipient, oneself, a second share and a bad permission with their codes', async () => {
    const owner = await teacher();
    const list = await buildTodolist(db, owner.id);
    const b = await teacher();
    const url = `/api/todolist/${list.id}/shares`;
    const cases: [object, number, string][] = [
      [{ recipient: 'nobody_here_at_all' }, 404, 'USER.USER_NOT_FOUND'],
      [{ recipient: '   ' }, 404, 'USER.USER_NOT_FOUND'],
      [{}, 404, 'USER.USER_NOT_FOUND'],
      [{ recipient: owner.username }, 403, 'USER.NOT_YOU'],
      [{ recipient: owner.email }, 403, 'USER.NOT_YOU'],
      [{ recipient: b.username, permissions: 'owner' }, 400, 'PERMISSION.INVALID_PERMISSIONS'],
      [{ recipient: b.username, permissions: 'admin' }, 400, 'PERMISSION.INVALID_PERMISSIONS'],
    ];
    for (const [body, status, code] of cases) {
      const res = await call('POST', url, owner.cookie, body);
      expect([JSON.stringify(body), res.statusCode, res.json().errorCode]).toEqual([JSON.stringify(body), status, code]);
    }
    expect((await call('POST', url, owner.cookie, { recipient: b.username })).statusCode).toBe(201);
    const again = await call('POST', url, owner.cookie, { recipient: b.username, permissions: 'edit' });
    expect([again.statusCode, again.json().errorCode]).toEqual([409, 'TODOLIST.TODOLIST_ALREADY_SHARED']);
    const missing = await call('POST', '/api/todolist/00000000-0000-4000-8000-000000000000/shares', owner.cookie, { recipient: b.username });
    expect([missing.statusCode, missing.json().errorCode]).toEqual([404, 'TODOLIST.TODOLIST_NOT_FOUND']);
    expect(await rowsOf(sql`select permissions from todolist_shares where todolist_id = ${list.id}`)).toEqual([{ permissions: 'read' }]);
  });

  it('two shares with one teacher at once make one row: the other answers TODOLIST_ALREADY_SHARED', async () => {
    const owner = await teacher();
    const list = await buildTodolist(db, owner.id);
    const b = await teacher();
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `/api/todolist/${list.id}/shares`, owner.cookie, { recipient: b.username })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await rowsOf(sql`select count(*)::int as n from todolist_shares where todolist_id = ${list.id}`)).toEqual([{ n: 1 }]);
  });
});

describe('PUT todolist/{id}/shares/{username}: what each permission may do', () => {
  it('read refuses every change to the todos; switched to edit, the same calls go through; back to read, they stop', async () => {
    const owner = await teacher();
    const list = await buildTodolist(db, owner.id);
    const todo = await buildTodo(db, list.id);
    const b = await teacher();
    await call('POST', `/api/todolist/${list.id}/shares`, owner.cookie, { recipient: b.username });

    const change = () => call('PUT', '/api/todo', b.cookie, { todo_id: todo.id, updates: { reward: 7 } });
    const read = await change();
    expect([read.statusCode, read.json().errorCode]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);

    const toEdit = await call('PUT', `/api/todolist/${list.id}/shares/${b.username.toUpperCase()}`, owner.cookie, { permissions: 'edit' });
    expect(toEdit.statusCode).toBe(200);
    expect(toEdit.json().shared_with).toEqual([{ username: b.username, permissions: 'edit' }]);
    expect((await change()).json().reward).toBe(7);
    expect((await call('POST', '/api/todo', b.cookie, { todolist_id: list.id, content_html: '<p>B wrote this</p>', content_delta: {} })).statusCode).toBe(201);
    // Still not the owner's calls.
    const rename = await call('PUT', `/api/todolist/${list.id}`, b.cookie, { name: 'Mine' });
    expect([rename.statusCode, rename.json().errorCode]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);

    await call('PUT', `/api/todolist/${list.id}/shares/${b.username}`, owner.cookie, { permissions: 'read' });
    expect((await change()).statusCode).toBe(403);
    expect(await rowsOf(sql`select count(*)::int as n from todos where todolist_id = ${list.id}`)).toEqual([{ n: 2 }]);
  });

  it('answers a teacher it is not shared with TODOLIST_NOT_SHARED_WITH_USER and a bad permission INVALID_PERMISSIONS', async () => {
    const owner = await teacher();
    const list = await buildTodolist(db, owner.id);
    const b = await teacher();
    const notShared = await call('PUT', `/api/todolist/${list.id}/shares/${b.username}`, owner.cookie, { permissions: 'edit' });
    expect([notShared.statusCode, notShared.json().errorCode]).toEqual([404, 'TODOLIST.TODOLIST_NOT_SHARED_WITH_USER']);
    const unknown = await call('PUT', `/api/todolist/${list.id}/shares/nobody_here_at_all`, owner.cookie, { permissions: 'edit' });
    expect([unknown.statusCode, unknown.json().errorCode]).toEqual([404, 'TODOLIST.TODOLIST_NOT_SHARED_WITH_USER']);
    await shareTodolistWith(db, list.id, b.id, 'read');
    const bad = await call('PUT', `/api/todolist/${list.id}/shares/${b.username}`, owner.cookie, { permissions: 'owner' });
    expect([bad.statusCode, bad.json().errorCode]).toEqual([400, 'PERMISSION.INVALID_PERMISSIONS']);
    expect(await rowsOf(sql`select permissions from todolist_shares where todolist_id = ${list.id}`)).toEqual([{ permissions: 'read' }]);
  });
});

describe('DELETE todolist/{id}/shares/{username}', () => {
  it('the owner stops sharing: the list leaves the recipient\'s groups (coins paid stay paid), not the owner\'s', async () => {
    const owner = await teacher();
    const ownerGroup = await buildGroup(db, owner.id);
    const list = await buildTodolist(db, owner.id);
    await buildTodo(db, list.id, { reward: 4 });
    const b = await teacher();
    const bGroup = await buildGroup(db, b.id);
    const bOther = await buildGroup(db, b.id);
    const kid = await buildMember(db, bGroup.id);
    await shareTodolistWith(db, list.id, b.id, 'read');
    await showTodolist(db, ownerGroup.id, 'blue', list.id);
    await showTodolist(db, bGroup.id, 'blue', list.id);
    await showTodolist(db, bOther.id, 'orange', list.id);

    // B's student completes the task and is paid from B's purse.
    const kidCookie = await signIn(app, kid, 'member');
    const [mt] = (await call('GET', `/api/membertodos?group_id=${bGroup.id}`, kidCookie)).json();
    expect((await call('PUT', '/api/membertodo', kidCookie, { mtodo_id: mt.id, updates: { completed: true } })).statusCode).toBe(200);

    const stop = await call('DELETE', `/api/todolist/${list.id}/shares/${b.username}`, owner.cookie);
    expect([stop.statusCode, stop.json()]).toEqual([200, { ok: true }]);
    expect(await rowsOf(sql`select count(*)::int as n from todolist_shares where todolist_id = ${list.id}`)).toEqual([{ n: 0 }]);
    expect(await rowsOf(sql`select id, blue_shared_id, orange_shared_id from groups where teacher_id in (${owner.id}, ${b.id}) order by blue_shared_id nulls last, id`)).toEqual(
      [
        { id: ownerGroup.id, blue_shared_id: list.id, orange_shared_id: null },
        ...[bGroup.id, bOther.id].sort().map((id) => ({ id, blue_shared_id: null, orange_shared_id: null })),
      ],
    );
    expect(await rowsOf(sql`select coins from members where id = ${kid.id}`)).toEqual([{ coins: 4 }]);
    await expectBooksBalance(db);
    const gone = await call('GET', `/api/todolist/${list.id}`, b.cookie);
    expect([gone.statusCode, gone.json().errorCode]).toEqual([403, 'TODOLIST.NOT_YOUR_TODOLIST']);
    expect((await call('GET', `/api/shared-todolists/${b.id}`, b.cookie)).json()).toEqual([]);
    const twice = await call('DELETE', `/api/todolist/${list.id}/shares/${b.username}`, owner.cookie);
    expect([twice.statusCode, twice.json().errorCode]).toEqual([404, 'TODOLIST.TODOLIST_NOT_SHARED_WITH_USER']);
  });

  it('a recipient removes the list from its own view, and its groups stop showing it', async () => {
    const owner = await teacher();
    const list = await buildTodolist(db, owner.id);
    const b = await teacher();
    const bGroup = await buildGroup(db, b.id);
    await shareTodolistWith(db, list.id, b.id, 'edit');
    await showTodolist(db, bGroup.id, 'orange', list.id);
    const res = await call('DELETE', `/api/todolist/${list.id}/shares/${b.username}`, b.cookie);
    expect(res.statusCode).toBe(200);
    expect(await rowsOf(sql`select orange_shared_id from groups where id = ${bGroup.id}`)).toEqual([{ orange_shared_id: null }]);
    expect((await call('GET', `/api/todolists/${owner.id}`, owner.cookie)).json()[0].shared_with).toEqual([]);
  });
});

describe('sharing reward lists', () => {
  it('the owner shares; the recipient sees the rewards and who shared them, copies the list, and cannot change or publish it', async () => {
    const owner = await teacher();
    const reward = await buildReward(db, owner.id, { name: 'Extra break', price: 12 });
    const list = await buildRewardList(db, owner.id, { name: 'Friday', rewardIds: [reward.id] });
    const b = await teacher();
    const bGroup = await buildGroup(db, b.id);

    const shared = await call('POST', `/api/rewardlist/${list.id}/shares`, owner.cookie, { recipient: b.email });
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toMatchObject({ id: list.id, shared_with: [b.username] });
    const seen = await call('GET', `/api/shared-rewardlists/${b.id}`, b.cookie);
    expect(seen.json()).toEqual([
      expect.objectContaining({ id: list.id, name: 'Friday', shared_with: [], shared_by_username: owner.username, rewards: [expect.objectContaining({ name: 'Extra break', price: 12 })] }),
    ]);
    const copy = await call('POST', `/api/rewardlist/${list.id}/copy`, b.cookie, { userId: b.id });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ user_id: b.id, rewards: [expect.objectContaining({ name: 'Extra break' })] });

    for (const [method, url, body] of [
      ['DELETE', `/api/rewardlist/${list.id}`, undefined],
      ['PUT', '/api/rewardlist', { rewardlist_id: list.id, reward_id: copy.json().rewards[0].id }],
      ['PUT', `/api/group/${bGroup.id}/rewardlist/${list.id}`, undefined],
      ['POST', `/api/rewardlist/${list.id}/shares`, { recipient: owner.username }],
    ] as [Method, string, object | undefined][]) {
      const res = await call(method, url, b.cookie, body);
      expect([url, res.statusCode]).toEqual([url, 403]);
    }
    expect(await rowsOf(sql`select count(*)::int as n from reward_list_items where reward_list_id = ${list.id}`)).toEqual([{ n: 1 }]);
  });

  it('answers its refusals with the reward codes, and either side ends the share', async () => {
    const owner = await teacher();
    const list = await buildRewardList(db, owner.id);
    const b = await teacher();
    const c = await teacher();
    const url = `/api/rewardlist/${list.id}/shares`;
    const cases: [string | undefined, object | undefined, number, string][] = [
      [undefined, { recipient: b.username }, 401, 'AUTH.NO_AUTH'],
      [c.cookie, { recipient: b.username }, 403, 'REWARD.NOT_YOUR_REWARDLIST'],
      [owner.cookie, { recipient: 'nobody_here_at_all' }, 404, 'USER.USER_NOT_FOUND'],
      [owner.cookie, { recipient: owner.username }, 403, 'USER.NOT_YOU'],
    ];
    for (const [cookie, body, status, code] of cases) {
      const res = await call('POST', url, cookie, body);
      expect([res.statusCode, res.json().errorCode]).toEqual([status, code]);
    }
    expect((await call('POST', url, owner.cookie, { recipient: b.username })).statusCode).toBe(201);
    expect((await call('POST', url, owner.cookie, { recipient: c.username })).statusCode).toBe(201);
    const again = await call('POST', url, owner.cookie, { recipient: b.username });
    expect([again.statusCode, again.json().errorCode]).toEqual([409, 'REWARD.REWARDLIST_ALREADY_SHARED']);
    const notOwn = await call('DELETE', `${url}/${c.username}`, b.cookie);
    expect([notOwn.statusCode, notOwn.json().errorCode]).toEqual([403, 'REWARD.NOT_YOUR_REWARDLIST']);
    expect((await call('DELETE', `${url}/${b.username}`, b.cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `${url}/${c.username}`, owner.cookie)).statusCode).toBe(200);
    const none = await call('DELETE', `${url}/${c.username}`, owner.cookie);
    expect([none.statusCode, none.json().errorCode]).toEqual([404, 'REWARD.REWARDLIST_NOT_SHARED_WITH_USER']);
    expect(await rowsOf(sql`select count(*)::int as n from reward_list_shares where reward_list_id = ${list.id}`)).toEqual([{ n: 0 }]);
    const other = await call('GET', `/api/shared-rewardlists/${b.id}`, c.cookie);
    expect([other.statusCode, other.json().errorCode]).toEqual([403, 'USER.NOT_YOU']);
  });
});

describe('sharing live events', () => {
  it('reach the recipient\'s teacher room (and the owner\'s when a recipient leaves), and no other teacher\'s', async () => {
    const owner = await teacher();
    const list = await buildTodolist(db, owner.id);
    const rewards = await buildRewardList(db, owner.id);
    const b = await teacher();
    const bGroup = await buildGroup(db, b.id);
    const kid = await buildMember(db, bGroup.id);
    const outsider = await teacher();
    const ownerSocket = await clients.connect(owner.cookie);
    const bSocket = await clients.connect(b.cookie);
    const kidSocket = await clients.connect(await signIn(app, kid, 'member'));
    const outsiderSocket = await clients.connect(outsider.cookie);

    const shared = nextEvent(bSocket, 'teacher-shared-todolist');
    await call('POST', `/api/todolist/${list.id}/shares`, owner.cookie, { recipient: b.username });
    expect(await shared).toEqual({ group_id: null, color: null, todolist_id: list.id, permissions: 'read', shared_by_username: owner.username, username: b.username });

    const changed = nextEvent(bSocket, 'teacher-updated-shared-todolist-permissions');
    await call('PUT', `/api/todolist/${list.id}/shares/${b.username}`, owner.cookie, { permissions: 'edit' });
    expect(await changed).toEqual({ todolist_id: list.id, permissions: 'edit' });

    // B shows it to its class; when B loses the list, B's students are told it is gone.
    const shown = nextEvent(kidSocket, 'teacher-shared-todolist');
    await call('PUT', `/api/group/${bGroup.id}/todolist/blue/${list.id}`, b.cookie);
    expect(await shown).toEqual({ group_id: bGroup.id, color: 'blue', todolist_id: list.id });
    const withdrawn = nextEvent(kidSocket, 'teacher-unshared-todolist');
    const bLost = nextEvent(bSocket, 'teacher-unshared-todolist', { where: (p) => p.group_id === null });
    const ownerTold = nextEvent(ownerSocket, 'teacher-unshared-todolist');
    await call('DELETE', `/api/todolist/${list.id}/shares/${b.username}`, b.cookie);
    expect(await withdrawn).toEqual({ group_id: bGroup.id, color: 'blue', todolist_id: null });
    const lost = { group_id: null, color: null, todolist_id: list.id, permissions: null, shared_by_username: owner.username, username: b.username };
    expect(await bLost).toEqual(lost);
    expect(await ownerTold).toEqual(lost);

    // Deleting a shared list tells its recipients.
    await shareTodolistWith(db, list.id, b.id, 'read');
    const deleted = nextEvent(bSocket, 'teacher-unshared-todolist');
    await call('DELETE', `/api/todolists/${list.id}`, owner.cookie);
    expect(await deleted).toMatchObject({ group_id: null, todolist_id: list.id, username: b.username });

    const rewardShared = nextEvent(bSocket, 'teacher-shared-rewardlist');
    await call('POST', `/api/rewardlist/${rewards.id}/shares`, owner.cookie, { recipient: b.username });
    expect(await rewardShared).toEqual({ rewardlist_id: rewards.id, username: b.username, shared: true });

    await clients.settle(outsiderSocket);
    expect(eventNames(outsiderSocket)).toEqual([]);
  });
});

describe('blocking a sender (blocked-teachers)', () => {
  it('a blocked sender\'s shares are refused (the teacher cannot receive shares from it), what it shared ends, and unblocking lets it share again', async () => {
    const a = await teacher();
    const aGroup = await buildGroup(db, a.id);
    const b = await teacher();
    const bList = await buildTodolist(db, b.id);
    const bOther = await buildTodolist(db, b.id);
    const bRewards = await buildRewardList(db, b.id);
    await shareTodolistWith(db, bList.id, a.id, 'edit');
    await showTodolist(db, aGroup.id, 'blue', bList.id);
    expect((await call('POST', `/api/rewardlist/${bRewards.id}/shares`, b.cookie, { recipient: a.username })).statusCode).toBe(201);

    const blocked = await call('POST', `/api/blocked-teachers/${a.id}`, a.cookie, { username: b.username.toUpperCase() });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json()).toEqual([{ username: b.username, blocked_at: expect.any(String) }]);
    // Twice is still one block.
    expect((await call('POST', `/api/blocked-teachers/${a.id}`, a.cookie, { username: b.username })).json()).toHaveLength(1);

    expect(await rowsOf(sql`select count(*)::int as n from todolist_shares where teacher_id = ${a.id}`)).toEqual([{ n: 0 }]);
    expect(await rowsOf(sql`select count(*)::int as n from reward_list_shares where teacher_id = ${a.id}`)).toEqual([{ n: 0 }]);
    expect(await rowsOf(sql`select blue_shared_id from groups where id = ${aGroup.id}`)).toEqual([{ blue_shared_id: null }]);

    for (const [url, body] of [
      [`/api/todolist/${bOther.id}/shares`, { recipient: a.username }],
      [`/api/todolist/${bOther.id}/shares`, { recipient: a.email }],
      [`/api/rewardlist/${bRewards.id}/shares`, { recipient: a.username }],
    ] as const) {
      // Issue 33: not "no teacher found" (which reads as a typo), and nothing more than that the
      // recipient takes no shares from this sender: not that, nor when, it blocked.
      const res = await call('POST', url, b.cookie, body);
      expect([res.statusCode, Object.keys(res.json()).sort(), res.json().errorCode]).toEqual([403, ['errorCode', 'message'], 'USER.CANNOT_RECEIVE_SHARES']);
      expect(res.json().message).not.toMatch(/block/i);
    }
    expect(await rowsOf(sql`select count(*)::int as n from todolist_shares where teacher_id = ${a.id}`)).toEqual([{ n: 0 }]);
    expect(await rowsOf(sql`select count(*)::int as n from reward_list_shares where teacher_id = ${a.id}`)).toEqual([{ n: 0 }]);
    // Someone no one blocked still gets the unknown teacher's answer for a name that is no one's.
    const unknown = await call('POST', `/api/todolist/${bOther.id}/shares`, b.cookie, { recipient: 'nobody_here_at_all' });
    expect([unknown.statusCode, unknown.json().errorCode]).toEqual([404, 'USER.USER_NOT_FOUND']);
    // A can still share with B: a block stops what comes in, not what goes out.
    const aList = await buildTodolist(db, a.id);
    expect((await call('POST', `/api/todolist/${aList.id}/shares`, a.cookie, { recipient: b.username })).statusCode).toBe(201);

    expect((await call('GET', `/api/blocked-teachers/${a.id}`, a.cookie)).json()).toEqual([{ username: b.username, blocked_at: expect.any(String) }]);
    const lifted = await call('DELETE', `/api/blocked-teachers/${a.id}/${b.username}`, a.cookie);
    expect([lifted.statusCode, lifted.json()]).toEqual([200, []]);
    expect((await call('POST', `/api/todolist/${bOther.id}/shares`, b.cookie, { recipient: a.username })).statusCode).toBe(201);
    const again = await call('DELETE', `/api/blocked-teachers/${a.id}/${b.username}`, a.cookie);
    expect([again.statusCode, again.json().errorCode]).toEqual([404, 'USER.USER_NOT_FOUND']);
  });

  it('refuses nobody, a student, another teacher\'s blocks, oneself and an unknown teacher', async () => {
    const a = await teacher();
    const b = await teacher();
    const member = await buildMember(db, (await buildGroup(db, a.id)).id);
    const studentCookie = await signIn(app, member, 'member');
    const routes: [Method, string, object | undefined][] = [
      ['GET', `/api/blocked-teachers/${a.id}`, undefined],
      ['POST', `/api/blocked-teachers/${a.id}`, { username: b.username }],
      ['DELETE', `/api/blocked-teachers/${a.id}/${b.username}`, undefined],
    ];
    for (const [method, url, body] of routes) {
      const anon = await call(method, url, undefined, body);
      expect([url, anon.statusCode, anon.json().errorCode]).toEqual([url, 401, 'AUTH.NO_AUTH']);
      const student = await call(method, url, studentCookie, body);
      expect([url, student.statusCode, student.json().errorCode]).toEqual([url, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
      const other = await call(method, url, b.cookie, body);
      expect([url, other.statusCode, other.json().errorCode]).toEqual([url, 403, 'USER.NOT_YOU']);
    }
    const self = await call('POST', `/api/blocked-teachers/${a.id}`, a.cookie, { username: a.username });
    expect([self.statusCode, self.json().errorCode]).toEqual([403, 'USER.NOT_YOU']);
    const unknown = await call('POST', `/api/blocked-teachers/${a.id}`, a.cookie, { username: 'nobody_here_at_all' });
    expect([unknown.statusCode, unknown.json().errorCode]).toEqual([404, 'USER.USER_NOT_FOUND']);
    expect(await rowsOf(sql`select count(*)::int as n from teacher_blocks where teacher_id = ${a.id}`)).toEqual([{ n: 0 }]);
  });
});
