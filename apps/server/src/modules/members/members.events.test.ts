import { describe, expect, it } from 'vitest';
import { buildTestApp, signIn, caller } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildReward, buildRewardList, buildTeacher, giveCoins } from '../../test/factories.ts';
import { disconnection, eventNames, nextEvent, socketClients, type Client } from '../../test/sockets.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const clients = socketClients(app, address);

const call = caller(app);

/** A teacher with a group of three connected students, and another teacher's group with one. */
async function classroom() {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const [alice, bob, carol] = [await buildMember(db, group.id), await buildMember(db, group.id), await buildMember(db, group.id)];
  const teacherCookie = await signIn(app, teacher, 'teacher');
  const cookies = { alice: await signIn(app, alice, 'member'), bob: await signIn(app, bob, 'member'), carol: await signIn(app, carol, 'member') };
  const otherTeacher = await buildTeacher(db);
  const otherGroup = await buildGroup(db, otherTeacher.id);
  const stranger = await buildMember(db, otherGroup.id);
  const sockets = {
    teacher: await clients.connect(teacherCookie),
    alice: await clients.connect(cookies.alice),
    bob: await clients.connect(cookies.bob),
    carol: await clients.connect(cookies.carol),
    otherTeacher: await clients.connect(await signIn(app, otherTeacher, 'teacher')),
    stranger: await clients.connect(await signIn(app, stranger, 'member')),
  };
  return { teacher, group, alice, bob, carol, teacherCookie, cookies, otherGroup, sockets };
}

/** Waits until every client has received all that was sent so far, then lists what each got. */
async function heard(sockets: Record<string, Client>): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const [name, client] of Object.entries(sockets)) {
    await clients.settle(client);
    result[name] = eventNames(client);
    client.seen.length = 0;
  }
  return result;
}

describe('member live events', () => {
  it("tells the teachers of purchases, transfers and character changes, the recipient of its coins, and the student of its teacher's change", async () => {
    const { teacher, group, alice, bob, teacherCookie, cookies, sockets } = await classroom();
    await giveCoins(db, teacher.id, alice.id, 20);
    const reward = await buildReward(db, teacher.id, { name: 'Sticker', price: 4 });
    await buildRewardList(db, teacher.id, { rewardIds: [reward.id], publishTo: group.id });
    await call('PUT', `/api/group/${group.id}/settings`, teacherCookie, { trading_allowed: true });
    await heard(sockets);

    const purchased = nextEvent(sockets.teacher, 'member-purchased-reward');
    const bought = (await call('POST', `/api/member/${alice.id}/reward/${reward.id}`, cookies.alice, { price: 4 })).json();
    expect(await purchased).toEqual({
      member_id: alice.id,
      // Issue 33: the buyer's nickname and group, for the teacher's notice and hand-out queue.
      username: alice.username,
      group_id: group.id,
      purchase_id: bought.purchase.id,
      reward_id: reward.id,
      name: 'Sticker',
      price: 4,
      active_until: bought.purchase.active_until,
      member_coins: 16,
    });

    const toBob = nextEvent(sockets.bob, 'member-coins-transfer');
    const toTeacher = nextEvent(sockets.teacher, 'member-coins-transfer');
    await call('POST', `/api/member/${alice.id}/transfer`, cookies.alice, { recipient: bob.id, amount: 6 });
    const payload = { sender_id: alice.id, sender_username: alice.username, recipient: bob.id, amount: 6, recipient_coins: 6 };
    expect(await toBob).toEqual(payload);
    expect(await toTeacher).toEqual({ ...payload, sender_coins: 10 });

    const unlocked = nextEvent(sockets.teacher, 'member-settings-update');
    await call('POST', `/api/member/${alice.id}/character/unlock`, cookies.alice, { type: 'face', path: 'face-02.svg' });
    expect(await unlocked).toMatchObject({ id: alice.id, coins: 7, unlocked_faces: ['face-02.svg'], face: 'face-02.svg', change: 'character' });
    const changed = nextEvent(sockets.teacher, 'member-settings-update');
    await call('PUT', `/api/member/${alice.id}/character`, cookies.alice, { type: 'face', path: 'face-02.svg' });
    expect(await changed).toMatchObject({ id: alice.id, face: 'face-02.svg', group_id: group.id });

    const byTeacher = nextEvent(sockets.alice, 'teacher-updated-member-setting');
    await call('PUT', `/api/member/${alice.id}/character`, teacherCookie, { type: 'hair', path: 'hair-01.svg' });
    expect(await byTeacher).toMatchObject({ id: alice.id, face: 'face-02.svg', hair: 'hair-01.svg', change: 'character' });

    expect(await heard(sockets)).toEqual({
      teacher: ['member-purchased-reward', 'member-coins-transfer', 'member-settings-update', 'member-settings-update'],
      alice: ['teacher-updated-member-setting'],
      bob: ['member-coins-transfer'],
      carol: [],
      otherTeacher: [],
      stranger: [],
    });
  });

  it('teacher-gave-coins: each awarded member gets its own new total, the teachers get every one, nobody else anything', async () => {
    const { alice, bob, teacherCookie, sockets } = await classroom();
    await heard(sockets);

    const toAlice = nextEvent(sockets.alice, 'teacher-gave-coins');
    const res = await call('PUT', '/api/member/coins', teacherCookie, { member_id: alice.id, coins: 5 });
    expect(res.json().total).toBe(5);
    expect(await toAlice).toEqual({ member_id: alice.id, coins: 5, amount: 5, award_id: res.json().award_id });

    await clients.settle(sockets.teacher);
    const teacherMark = sockets.teacher.seen.length;
    const batch = (await call('PUT', '/api/member/coins/batch', teacherCookie, { members: [alice.id, bob.id], coins: 3 })).json().award_id;
    expect(await nextEvent(sockets.bob, 'teacher-gave-coins', { since: 0 })).toEqual({ member_id: bob.id, coins: 3, amount: 3, award_id: batch });
    expect(await nextEvent(sockets.alice, 'teacher-gave-coins', { where: (p) => p.coins === 8, since: 0 })).toEqual({ member_id: alice.id, coins: 8, amount: 3, award_id: batch });
    await clients.settle(sockets.teacher);
    const toTeacher = sockets.teacher.seen.slice(teacherMark).filter((s) => s.event === 'teacher-gave-coins').map((s) => s.payload);
    expect(toTeacher).toEqual(expect.arrayContaining([{ member_id: alice.id, coins: 8, amount: 3, award_id: batch }, { member_id: bob.id, coins: 3, amount: 3, award_id: batch }]));
    expect(toTeacher).toHaveLength(2);

    // Taking back works the same way, the amount negative; 0 changes nothing and sends nothing.
    const takenBack = nextEvent(sockets.bob, 'teacher-gave-coins');
    const back = (await call('PUT', '/api/member/coins', teacherCookie, { member_id: bob.id, coins: -2 })).json().award_id;
    expect(await takenBack).toEqual({ member_id: bob.id, coins: 1, amount: -2, award_id: back });
    await call('PUT', '/api/member/coins', teacherCookie, { member_id: bob.id, coins: 0 });
    expect(await heard(sockets)).toEqual({
      teacher: ['teacher-gave-coins', 'teacher-gave-coins', 'teacher-gave-coins', 'teacher-gave-coins'],
      alice: ['teacher-gave-coins', 'teacher-gave-coins'],
      bob: ['teacher-gave-coins', 'teacher-gave-coins'],
      carol: [],
      otherTeacher: [],
      stranger: [],
    });
  });

  it('member-created reaches the teachers of the group a student signs up to', async () => {
    const { group, sockets } = await classroom();
    await heard(sockets);
    const created = nextEvent(sockets.teacher, 'member-created');
    const res = await app.inject({ method: 'POST', url: '/api/signup/member', payload: { username: 'newcomer', group_name: group.name, password: 'secret123' } });
    expect(res.statusCode).toBe(201);
    expect(await created).toMatchObject({ username: 'newcomer', group_id: group.id, coins: 0 });
    expect(await heard(sockets)).toMatchObject({ teacher: ['member-created'], alice: [], otherTeacher: [], stranger: [] });
  });

  it('renames, small group and password reset reach the student; a self-rename reaches the teachers', async () => {
    const { alice, teacherCookie, cookies, sockets } = await classroom();
    await heard(sockets);

    const renamed = nextEvent(sockets.alice, 'teacher-updated-member-setting');
    await call('PUT', '/api/member/username', teacherCookie, { member_id: alice.id, username: 'alice_renamed' });
    expect(await renamed).toMatchObject({ id: alice.id, username: 'alice_renamed', change: 'username' });

    const moved = nextEvent(sockets.alice, 'teacher-updated-member-setting');
    await call('PUT', `/api/member/${alice.id}/smallGroup`, teacherCookie);
    expect(await moved).toMatchObject({ id: alice.id, small_group: 'orange', change: 'small_group' });

    const selfRename = nextEvent(sockets.teacher, 'member-settings-update');
    await call('PUT', '/api/member/username', cookies.alice, { member_id: alice.id, username: 'alice_again' });
    expect(await selfRename).toMatchObject({ id: alice.id, username: 'alice_again', change: 'username' });

    const reset = nextEvent(sockets.alice, 'teacher-updated-member-setting');
    const gone = disconnection(sockets.alice);
    expect((await call('PUT', '/api/member/password', teacherCookie, { member_id: alice.id, password: 'new-secret' })).statusCode).toBe(201);
    expect(await reset).toMatchObject({ id: alice.id, change: 'password' });
    expect(await gone).toBe('io server disconnect');
    expect(await clients.refusal(cookies.alice)).toBe('AUTH.NO_AUTH');

    const { alice: _gone, ...rest } = sockets;
    expect(await heard(rest)).toEqual({ teacher: ['member-settings-update'], bob: [], carol: [], otherTeacher: [], stranger: [] });
  });

  it('a deleted member is told, then disconnected; the teachers hear of it, with their purse', async () => {
    const { teacher, alice, bob, teacherCookie, cookies, sockets } = await classroom();
    await giveCoins(db, teacher.id, alice.id, 7);
    await heard(sockets);

    const told = nextEvent(sockets.alice, 'teacher-delete-member');
    const teachersTold = nextEvent(sockets.teacher, 'teacher-delete-member');
    const gone = disconnection(sockets.alice);
    const res = await call('DELETE', `/api/member/${alice.id}`, teacherCookie);
    expect(res.statusCode).toBe(200);
    expect(await told).toEqual({ member_id: alice.id, group_id: alice.groupId });
    expect(await teachersTold).toEqual({ member_id: alice.id, group_id: alice.groupId, teacher_coins: res.json().teacher_coins });
    expect(await gone).toBe('io server disconnect');

    const selfDeleted = nextEvent(sockets.teacher, 'member-delete-self');
    const bobGone = disconnection(sockets.bob);
    expect((await call('DELETE', `/api/member/${bob.id}`, cookies.bob)).statusCode).toBe(200);
    expect(await selfDeleted).toEqual({ member_id: bob.id, group_id: bob.groupId, teacher_coins: teacher.coins });
    expect(await bobGone).toBe('io server disconnect');

    const { alice: _a, bob: _b, ...rest } = sockets;
    expect(await heard(rest)).toEqual({ teacher: ['teacher-delete-member', 'member-delete-self'], carol: [], otherTeacher: [], stranger: [] });
  });

  it("deleting a group tells and disconnects its members; the teachers' sockets leave its room", async () => {
    const { group, teacherCookie, sockets } = await classroom();
    await heard(sockets);
    const told = nextEvent(sockets.carol, 'teacher-delete-member');
    const gone = [disconnection(sockets.alice), disconnection(sockets.bob), disconnection(sockets.carol)];
    expect((await call('DELETE', `/api/group/${group.id}`, teacherCookie)).statusCode).toBe(200);
    expect(await told).toMatchObject({ group_id: group.id });
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect', 'io server disconnect']);
    const inRoom = await app.io.in(`group:${group.id}:teachers`).fetchSockets();
    expect(inRoom).toHaveLength(0);
    expect(await heard({ teacher: sockets.teacher, otherTeacher: sockets.otherTeacher, stranger: sockets.stranger })).toEqual({
      teacher: [],
      otherTeacher: [],
      stranger: [],
    });
  });
});
