import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { expectBooksBalance, storedBalances } from '../../test/books.ts';
import { buildGroup, buildMember, buildReward, buildRewardList, buildTeacher, giveCoins } from '../../test/factories.ts';
import { nextEvent, socketClients } from '../../test/sockets.ts';

/** Issue 33: the teacher's hand-out queue of the rewards its students bought. */
const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const clients = socketClients(app, address);

interface QueueEntry {
  id: string;
  member: { id: string; username: string };
  reward: { id: string | null; name: string };
  price: number;
  purchased_at: string;
  active_until: string;
  active: boolean;
  state: 'pending' | 'given' | 'returned';
  settled_at: string | null;
}

/** A group whose published list offers Music (5) and Sticker (2); Kettu and Emma have 30 coins each. */
async function classroom() {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const kettu = await buildMember(db, group.id, { username: `Kettu${Math.floor(Math.random() * 1e6)}` });
  const emma = await buildMember(db, group.id);
  await giveCoins(db, teacher.id, kettu.id, 30);
  await giveCoins(db, teacher.id, emma.id, 30);
  const music = await buildReward(db, teacher.id, { name: 'Music in class', price: 5 });
  const sticker = await buildReward(db, teacher.id, { name: 'Sticker', price: 2 });
  await buildRewardList(db, teacher.id, { rewardIds: [music.id, sticker.id], publishTo: group.id });
  return {
    teacher,
    group,
    kettu,
    emma,
    music,
    sticker,
    cookie: await signIn(app, teacher, 'teacher'),
    kettuCookie: await signIn(app, kettu, 'member'),
    emmaCookie: await signIn(app, emma, 'member'),
  };
}

async function buy(cookie: string, memberId: string, reward: { id: string; price: number }): Promise<string> {
  const res = await call('POST', `/api/member/${memberId}/reward/${reward.id}`, cookie, { price: reward.price });
  expect(res.statusCode).toBe(201);
  return res.json().purchase.id;
}

const queue = (cookie: string | undefined, groupId: string, state?: string, headers: Record<string, string> = {}) =>
  call('GET', `/api/group/${groupId}/reward-purchases${state ? `?state=${state}` : ''}`, cookie, undefined, headers);
const settle = (cookie: string | undefined, purchaseId: string, state: string, headers: Record<string, string> = {}) =>
  call('PUT', `/api/reward-purchase/${purchaseId}`, cookie, { state }, headers);

async function coinsOf(memberId: string) {
  const [row] = await queryRows<{ coins: number }>(db, sql`select coins from members where id = ${memberId}`);
  return row?.coins;
}

/** Every coin a teacher or student holds, together: giving back only moves what the purchase took. */
async function coinsHeld() {
  return [...(await storedBalances(db)).values()].reduce((a, b) => a + b, 0);
}

async function demoTeacher() {
  const demo = await app.inject({ method: 'POST', url: '/api/demo', payload: { language: 'en' } });
  expect(demo.statusCode).toBeLessThan(300);
  return { cookie: `kolikko_demo=${demo.cookies.find((c) => c.name === 'kolikko_demo')?.value ?? ''}`, headers: { 'x-kolikko-demo-as': 'teacher' } };
}

describe('a purchase reaches the teacher', () => {
  it("tells the group's teacher sockets at once, with the buyer's nickname, and not the classmates", async () => {
    const c = await classroom();
    const teacherSocket = await clients.connect(c.cookie);
    const classmate = await clients.connect(c.emmaCookie);
    const heard = nextEvent(teacherSocket, 'member-purchased-reward');
    const id = await buy(c.kettuCookie, c.kettu.id, c.music);
    expect(await heard).toMatchObject({
      member_id: c.kettu.id,
      username: c.kettu.username,
      group_id: c.group.id,
      purchase_id: id,
      reward_id: c.music.id,
      name: 'Music in class',
      price: 5,
      member_coins: 25,
    });
    await clients.settle(classmate);
    expect(classmate.seen.filter((e) => e.event === 'member-purchased-reward')).toEqual([]);
  });
});

describe('GET group/{id}/reward-purchases', () => {
  it('answers the pending purchases newest first by default, each with its buyer, reward, price, times and state; the state filters', async () => {
    const c = await classroom();
    const first = await buy(c.kettuCookie, c.kettu.id, c.music);
    const second = await buy(c.emmaCookie, c.emma.id, c.sticker);
    const third = await buy(c.kettuCookie, c.kettu.id, c.sticker);
    const pending = await queue(c.cookie, c.group.id);
    expect(pending.statusCode).toBe(200);
    const entries = pending.json<QueueEntry[]>();
    expect(entries.map((e) => e.id)).toEqual([third, second, first]);
    expect(entries[2]).toMatchObject({
      member: { id: c.kettu.id, username: c.kettu.username },
      reward: { id: c.music.id, name: 'Music in class' },
      price: 5,
      active: true,
      state: 'pending',
      settled_at: null,
    });
    expect(new Date(entries[2]!.active_until).getTime() - new Date(entries[2]!.purchased_at).getTime()).toBe(3600_000);

    expect((await settle(c.cookie, first, 'given')).statusCode).toBe(200);
    expect((await settle(c.cookie, second, 'returned')).statusCode).toBe(200);
    const ids = async (state: string) => (await queue(c.cookie, c.group.id, state)).json<QueueEntry[]>().map((e) => e.id);
    expect(await ids('pending')).toEqual([third]);
    expect(await ids('given')).toEqual([first]);
    expect(await ids('returned')).toEqual([second]);
    expect(await ids('all')).toEqual([third, second, first]);
    const all = (await queue(c.cookie, c.group.id, 'all')).json<QueueEntry[]>();
    expect(all.find((e) => e.id === second)).toMatchObject({ state: 'returned', active: false });
    expect(all.find((e) => e.id === first)?.settled_at).not.toBeNull();

    const bad = await queue(c.cookie, c.group.id, 'lost');
    expect([bad.statusCode, bad.json().errorCode]).toEqual([400, 'VALIDATION.INVALID_INPUT']);
  });

  it("shows only the group's own purchases, and a purchase whose hour is over as not active", async () => {
    const c = await classroom();
    const other = await classroom();
    const mine = await buy(c.kettuCookie, c.kettu.id, c.music);
    await buy(other.kettuCookie, other.kettu.id, other.music);
    await db.execute(sql`update reward_purchases set active_until = now() - interval '1 second' where id = ${mine}`);
    const entries = (await queue(c.cookie, c.group.id)).json<QueueEntry[]>();
    expect(entries.map((e) => [e.id, e.active])).toEqual([[mine, false]]);
  });

  it('refuses another teacher, a student of the group, a demo teacher and nobody', async () => {
    const c = await classroom();
    await buy(c.kettuCookie, c.kettu.id, c.music);
    const other = await signIn(app, await buildTeacher(db), 'teacher');
    const demo = await demoTeacher();
    const code = async (res: Awaited<ReturnType<typeof queue>>) => `${res.statusCode} ${res.json().errorCode}`;
    expect(await code(await queue(other, c.group.id))).toBe('403 GROUP.NOT_YOUR_GROUP');
    expect(await code(await queue(demo.cookie, c.group.id, undefined, demo.headers))).toBe('403 GROUP.NOT_YOUR_GROUP');
    expect(await code(await queue(c.kettuCookie, c.group.id))).toBe('403 PERMISSION.INSUFFICIENT_PERMISSIONS');
    expect(await code(await queue(undefined, c.group.id))).toBe('401 AUTH.NO_AUTH');
  });
});

describe('PUT reward-purchase/{id}', () => {
  it('given: marks it given, moves no coins, and tells the student and the teachers', async () => {
    const c = await classroom();
    const id = await buy(c.kettuCookie, c.kettu.id, c.music);
    const student = await clients.connect(c.kettuCookie);
    const teacherSocket = await clients.connect(c.cookie);
    const held = await coinsHeld();
    const toStudent = nextEvent(student, 'reward-purchase-settled');
    const toTeacher = nextEvent(teacherSocket, 'reward-purchase-settled');
    const res = await settle(c.cookie, id, 'given');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ purchase: { id, state: 'given' }, member_coins: 25 });
    const expected = { purchase_id: id, member_id: c.kettu.id, group_id: c.group.id, reward_name: 'Music in class', state: 'given', refunded: 0, member_coins: 25 };
    expect(await toStudent).toEqual(expected);
    expect(await toTeacher).toEqual(expected);
    expect(await coinsOf(c.kettu.id)).toBe(25);
    expect(await coinsHeld()).toBe(held);
    expect(await queryRows(db, sql`select 1 from coin_ledger where reason = 'reward_return'`)).toEqual([]);
  });

  it('returned: pays the price back to the student from the sink, once; the history shows the state and the coins back', async () => {
    const c = await classroom();
    const before = await coinsHeld();
    const purse = (await storedBalances(db)).get(`teacher:${c.teacher.id}`);
    const id = await buy(c.kettuCookie, c.kettu.id, c.music);
    expect(await coinsHeld()).toBe(before - 5);
    const student = await clients.connect(c.kettuCookie);
    const heard = nextEvent(student, 'reward-purchase-settled');
    const res = await settle(c.cookie, id, 'returned');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ purchase: { id, state: 'returned', active: false }, member_coins: 30 });
    expect(await heard).toMatchObject({ state: 'returned', refunded: 5, member_coins: 30 });
    expect(await coinsOf(c.kettu.id)).toBe(30);
    // The coins came back from where the purchase sent them: the teacher's purse is as it was.
    expect((await storedBalances(db)).get(`teacher:${c.teacher.id}`)).toBe(purse);
    expect(await coinsHeld()).toBe(before);
    const ledger = await queryRows<{ from_account: string; to_account: string; amount: number; reference: string }>(
      db,
      sql`select from_account, to_account, amount, reference from coin_ledger where reason = 'reward_return'`,
    );
    expect(ledger).toEqual([{ from_account: 'sink', to_account: `member:${c.kettu.id}`, amount: 5, reference: id }]);
    await expectBooksBalance(db);

    const again = await settle(c.cookie, id, 'returned');
    expect([again.statusCode, again.json().errorCode]).toEqual([409, 'REWARD.ALREADY_SETTLED']);
    const given = await settle(c.cookie, id, 'given');
    expect([given.statusCode, given.json().errorCode]).toEqual([409, 'REWARD.ALREADY_SETTLED']);
    expect(await coinsOf(c.kettu.id)).toBe(30);

    const history = (await call('GET', `/api/member/${c.kettu.id}/history`, c.kettuCookie)).json();
    expect(history.rewardPurchase).toMatchObject([{ id, state: 'returned', status: 'used' }]);
    expect(history.receivedCoins).toContainEqual(expect.objectContaining({ kind: 'reward_return', price: 5 }));
    // Given back, it is no longer active: the student may buy it again at once.
    expect((await call('POST', `/api/member/${c.kettu.id}/reward/${c.music.id}`, c.kettuCookie, { price: 5 })).statusCode).toBe(201);
  });

  it('a free reward given back moves no coins', async () => {
    const c = await classroom();
    const free = await buildReward(db, c.teacher.id, { name: 'High five', price: 0 });
    await buildRewardList(db, c.teacher.id, { rewardIds: [free.id], publishTo: c.group.id });
    const id = await buy(c.kettuCookie, c.kettu.id, free);
    const res = await settle(c.cookie, id, 'returned');
    expect([res.statusCode, res.json().member_coins]).toEqual([200, 30]);
    expect(await queryRows(db, sql`select 1 from coin_ledger where reason = 'reward_return'`)).toEqual([]);
  });

  it('20 teachers\' screens giving it back at once pay it back once; the rest are 409 REWARD.ALREADY_SETTLED', async () => {
    const c = await classroom();
    const id = await buy(c.kettuCookie, c.kettu.id, c.music);
    const before = await coinsHeld();
    const answers = await Promise.all(Array.from({ length: 20 }, () => settle(c.cookie, id, 'returned')));
    const codes = answers.map((r) => (r.statusCode === 200 ? 'ok' : `${r.statusCode} ${r.json().errorCode}`));
    expect(codes.filter((x) => x === 'ok')).toHaveLength(1);
    expect(codes.filter((x) => x === '409 REWARD.ALREADY_SETTLED')).toHaveLength(19);
    expect(await coinsOf(c.kettu.id)).toBe(30);
    expect(await coinsHeld()).toBe(before + 5);
    expect(await queryRows(db, sql`select 1 from coin_ledger where reason = 'reward_return'`)).toHaveLength(1);
    await expectBooksBalance(db);
  });

  it('races of given and returned settle it one way only', async () => {
    const c = await classroom();
    const id = await buy(c.kettuCookie, c.kettu.id, c.music);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => settle(c.cookie, id, i % 2 ? 'given' : 'returned')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [row] = await queryRows<{ state: string }>(db, sql`select state from reward_purchases where id = ${id}`);
    const refunds = await queryRows(db, sql`select 1 from coin_ledger where reason = 'reward_return'`);
    expect(refunds).toHaveLength(row?.state === 'returned' ? 1 : 0);
    expect(await coinsOf(c.kettu.id)).toBe(row?.state === 'returned' ? 30 : 25);
    await expectBooksBalance(db);
  });

  it('refuses another teacher, a student (even the buyer), a demo teacher and nobody; a bad state or id', async () => {
    const c = await classroom();
    const id = await buy(c.kettuCookie, c.kettu.id, c.music);
    const other = await signIn(app, await buildTeacher(db), 'teacher');
    const demo = await demoTeacher();
    const code = (res: Awaited<ReturnType<typeof settle>>) => `${res.statusCode} ${res.json().errorCode}`;
    expect(code(await settle(other, id, 'returned'))).toBe('404 REWARD.REWARD_NOT_FOUND');
    expect(code(await settle(demo.cookie, id, 'returned', demo.headers))).toBe('404 REWARD.REWARD_NOT_FOUND');
    expect(code(await settle(c.kettuCookie, id, 'returned'))).toBe('403 PERMISSION.INSUFFICIENT_PERMISSIONS');
    expect(code(await settle(c.emmaCookie, id, 'given'))).toBe('403 PERMISSION.INSUFFICIENT_PERMISSIONS');
    expect(code(await settle(undefined, id, 'returned'))).toBe('401 AUTH.NO_AUTH');
    expect(code(await settle(c.cookie, id, 'pending'))).toBe('400 VALIDATION.INVALID_INPUT');
    expect(code(await settle(c.cookie, 'not-a-uuid', 'given'))).toBe('404 REWARD.REWARD_NOT_FOUND');
    expect(code(await settle(c.cookie, '00000000-0000-4000-8000-000000000000', 'given'))).toBe('404 REWARD.REWARD_NOT_FOUND');
    expect(await coinsOf(c.kettu.id)).toBe(25);
    const [row] = await queryRows<{ state: string }>(db, sql`select state from reward_purchases where id = ${id}`);
    expect(row?.state).toBe('pending');
  });
});

describe('a transfer received', () => {
  it("tells the recipient who sent it (the sender's nickname) and how many coins", async () => {
    const c = await classroom();
    await db.execute(sql`update groups set trading_allowed = true where id = ${c.group.id}`);
    const recipient = await clients.connect(c.emmaCookie);
    const heard = nextEvent(recipient, 'member-coins-transfer');
    const res = await call('POST', `/api/member/${c.kettu.id}/transfer`, c.kettuCookie, { recipient: c.emma.id, amount: 5 });
    expect(res.statusCode).toBeLessThan(300);
    expect(await heard).toMatchObject({ sender_id: c.kettu.id, sender_username: c.kettu.username, recipient: c.emma.id, amount: 5, recipient_coins: 35 });
  });
});
