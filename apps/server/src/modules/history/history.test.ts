import { describe, expect, it } from 'vitest';
import { buildTestApp, signIn, caller } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildReward, buildRewardList, buildTeacher, buildTodo, buildTodolist, showTodolist } from '../../test/factories.ts';

const { app, database } = await buildTestApp();
const db = database.db;

const call = caller(app);

interface History {
  characterPurchase: { path: string; type: string; price: number; date: string }[];
  rewardPurchase: { name: string; description: string; price: number; date: string; active_until: string; status: string }[];
  transactions: { kind: string; recipientName: string | null; price: number; date: string }[];
  receivedCoins: { kind: string; senderName: string | null; price: number; date: string }[];
}

/** A student who got coins every way there is and spent them every way there is. */
async function busyStudent() {
  const teacher = await buildTeacher(db, { username: `teach_${Date.now().toString(36).slice(-5)}` });
  const group = await buildGroup(db, teacher.id);
  const member = await buildMember(db, group.id);
  const friend = await buildMember(db, group.id);
  const cookie = await signIn(app, teacher, 'teacher');
  const memberCookie = await signIn(app, member, 'member');
  const friendCookie = await signIn(app, friend, 'member');
  const list = await buildTodolist(db, teacher.id);
  await buildTodo(db, list.id, { reward: 8 });
  await showTodolist(db, group.id, 'blue', list.id);
  const reward = await buildReward(db, teacher.id, { name: 'Extra recess', description: 'Outside', price: 5 });
  await buildRewardList(db, teacher.id, { rewardIds: [reward.id], publishTo: group.id });
  await call('PUT', `/api/group/${group.id}/settings`, cookie, { trading_allowed: true });

  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    if (r.statusCode >= 300) throw new Error(`${r.statusCode} ${r.body}`);
  };
  await ok(call('PUT', '/api/member/coins', cookie, { member_id: member.id, coins: 20 }));
  await ok(call('PUT', '/api/member/coins', cookie, { member_id: friend.id, coins: 10 }));
  const [mt] = (await call('GET', `/api/membertodos?group_id=${group.id}`, memberCookie)).json();
  await ok(call('PUT', '/api/membertodo', memberCookie, { mtodo_id: mt.id, updates: { completed: true } }));
  await ok(call('POST', `/api/member/${friend.id}/transfer`, friendCookie, { recipient: member.id, amount: 4 }));
  await ok(call('POST', `/api/member/${member.id}/transfer`, memberCookie, { recipient: friend.id, amount: 2 }));
  await ok(call('POST', `/api/member/${member.id}/character/unlock`, memberCookie, { type: 'face', path: 'face-02.svg' }));
  await ok(call('POST', `/api/member/${member.id}/character/unlock`, memberCookie, { type: 'hair', path: 'hair-02.svg' }));
  await ok(call('POST', `/api/member/${member.id}/reward/${reward.id}`, memberCookie, { price: 5 }));
  await ok(call('PUT', '/api/member/coins', cookie, { member_id: member.id, coins: -3 }));
  return { teacher, group, member, friend, cookie, memberCookie, friendCookie };
}

describe('member history', () => {
  it('shows every coin the student received and spent, newest first, adding up to its balance', async () => {
    const s = await busyStudent();
    const res = await call('GET', `/api/member/${s.member.id}/history`, s.memberCookie);
    expect(res.statusCode).toBe(200);
    const h: History = res.json();
    expect(h.receivedCoins.map((e) => [e.kind, e.senderName, e.price])).toEqual([
      ['transfer', s.friend.username, 4],
      ['todo_reward', s.teacher.username, 8],
      ['teacher_award', s.teacher.username, 20],
    ]);
    expect(h.transactions.map((e) => [e.kind, e.recipientName, e.price])).toEqual([
      ['teacher_deduction', s.teacher.username, 3],
      ['transfer', s.friend.username, 2],
    ]);
    expect(h.characterPurchase.map((e) => [e.path, e.type, e.price])).toEqual([
      ['hair-02.svg', 'hair', 1],
      ['face-02.svg', 'face', 3],
    ]);
    expect(h.rewardPurchase).toEqual([expect.objectContaining({ name: 'Extra recess', description: 'Outside', price: 5, status: 'active' })]);
    const dates = [...h.receivedCoins, ...h.transactions, ...h.characterPurchase].map((e) => e.date);
    expect(dates.every((d) => !Number.isNaN(Date.parse(d)))).toBe(true);
    for (const list of [h.receivedCoins, h.transactions, h.characterPurchase]) {
      expect(list.map((e) => e.date)).toEqual([...list.map((e) => e.date)].sort().reverse());
    }

    const sum = (xs: { price: number }[]) => xs.reduce((n, x) => n + x.price, 0);
    const balance = sum(h.receivedCoins) - sum(h.transactions) - sum(h.characterPurchase) - sum(h.rewardPurchase);
    const me = (await call('GET', `/api/member/${s.member.id}`, s.memberCookie)).json();
    expect([balance, me.coins]).toEqual([18, 18]);

    // The teacher reads the same; the classmate's history shows the other side of the transfers.
    expect((await call('GET', `/api/member/${s.member.id}/history`, s.cookie)).json()).toEqual(h);
    const friend: History = (await call('GET', `/api/member/${s.friend.id}/history`, s.friendCookie)).json();
    expect(friend.transactions.map((e) => [e.kind, e.recipientName, e.price])).toEqual([['transfer', s.member.username, 4]]);
    expect(friend.receivedCoins.map((e) => [e.kind, e.senderName, e.price])).toEqual([
      ['transfer', s.member.username, 2],
      ['teacher_award', s.teacher.username, 10],
    ]);
  });

  it("names the task of a todo reward and of a reward taken back (issue 14), and no task elsewhere", async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const member = await buildMember(db, group.id);
    const cookie = await signIn(app, teacher, 'teacher');
    const memberCookie = await signIn(app, member, 'member');
    const list = await buildTodolist(db, teacher.id);
    await buildTodo(db, list.id, { reward: 7, contentHtml: '<p>Fractions &amp; decimals</p><p>Page 12</p>' });
    await showTodolist(db, group.id, 'blue', list.id);
    await call('PUT', '/api/member/coins', cookie, { member_id: member.id, coins: 2 });
    const [mt] = (await call('GET', `/api/membertodos?group_id=${group.id}`, memberCookie)).json();
    await call('PUT', '/api/membertodo', memberCookie, { mtodo_id: mt.id, updates: { completed: true } });
    await call('PUT', '/api/membertodo', cookie, { mtodo_id: mt.id, updates: { completed: false } });
    const h = (await call('GET', `/api/member/${member.id}/history`, memberCookie)).json();
    expect(h.receivedCoins.map((e: { kind: string; todoTitle: string | null }) => [e.kind, e.todoTitle])).toEqual([
      ['todo_reward', 'Fractions & decimals Page 12'],
      ['teacher_award', null],
    ]);
    expect(h.transactions.map((e: { kind: string; todoTitle: string | null }) => [e.kind, e.todoTitle])).toEqual([['todo_reward_revoked', 'Fractions & decimals Page 12']]);
  });

  it('names a deleted classmate as null and starts empty for a new student', async () => {
    const s = await busyStudent();
    await call('DELETE', `/api/member/${s.friend.id}`, s.cookie);
    const h: History = (await call('GET', `/api/member/${s.member.id}/history`, s.memberCookie)).json();
    expect(h.receivedCoins[0]).toMatchObject({ kind: 'transfer', senderName: null, price: 4 });
    const fresh = await buildMember(db, s.group.id);
    expect((await call('GET', `/api/member/${fresh.id}/history`, s.cookie)).json()).toEqual({ characterPurchase: [], rewardPurchase: [], transactions: [], receivedCoins: [] });
  });

  it('refuses nobody, another teacher and another student', async () => {
    const s = await busyStudent();
    const other = await buildTeacher(db);
    const stranger = await buildMember(db, (await buildGroup(db, other.id)).id);
    const url = `/api/member/${s.member.id}/history`;
    const refusals: [string | undefined, number, string][] = [
      [undefined, 401, 'AUTH.NO_AUTH'],
      [await signIn(app, other, 'teacher'), 404, 'MEMBER.MEMBER_NOT_FOUND'],
      [s.friendCookie, 403, 'USER.NOT_YOU'],
      [await signIn(app, stranger, 'member'), 403, 'USER.NOT_YOU'],
    ];
    for (const [cookie, status, code] of refusals) {
      const res = await call('GET', url, cookie);
      expect([res.statusCode, res.json().errorCode]).toEqual([status, code]);
    }
  });
});

describe('teacher purchase history', () => {
  it("lists the teacher's own coin movements, newest first, with a type of spec section 3", async () => {
    const s = await busyStudent();
    await call('POST', '/api/purchase/group', s.cookie, { userId: s.teacher.id, amount: 1 });
    const res = await call('GET', `/api/purchase/history/${s.teacher.id}`, s.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((e: { type: string; reason: string; amount: number; counterpartName: string | null }) => [e.type, e.reason, e.amount, e.counterpartName])).toEqual([
      ['accessory', 'group_slots', 100, null],
      ['received', 'teacher_deduction', 3, s.member.username],
      ['sent', 'todo_reward', 8, s.member.username],
      ['sent', 'teacher_award', 10, s.friend.username],
      ['sent', 'teacher_award', 20, s.member.username],
      ['received', 'starter_coins', 300, null],
    ]);
  });

  it('refuses nobody, a student and another teacher', async () => {
    const s = await busyStudent();
    const other = await buildTeacher(db);
    const url = `/api/purchase/history/${s.teacher.id}`;
    const refusals: [string | undefined, number, string][] = [
      [undefined, 401, 'AUTH.NO_AUTH'],
      [s.memberCookie, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      [await signIn(app, other, 'teacher'), 403, 'USER.NOT_YOU'],
    ];
    for (const [cookie, status, code] of refusals) {
      const res = await call('GET', url, cookie);
      expect([res.statusCode, res.json().errorCode]).toEqual([status, code]);
    }
  });
});
