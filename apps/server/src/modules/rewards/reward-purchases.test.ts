import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REWARD_ACTIVE_MS } from '@kolikko/core/limits';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, signIn, caller } from '../../test/build-test-app.ts';
import { expectBooksBalance } from '../../test/books.ts';
import { buildGroup, buildMember, buildReward, buildRewardList, buildTeacher, giveCoins } from '../../test/factories.ts';

const { app, database } = await buildTestApp();
const db = database.db;

const call = caller(app);

/** A student with `coins`, in a group whose published list offers a 10-coin and a 4-coin reward. */
async function classroom(coins = 30) {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const member = await buildMember(db, group.id);
  if (coins > 0) await giveCoins(db, teacher.id, member.id, coins);
  const recess = await buildReward(db, teacher.id, { name: 'Extra recess', description: '10 minutes outside', price: 10 });
  const sticker = await buildReward(db, teacher.id, { name: 'Sticker', description: 'Any one', price: 4 });
  const list = await buildRewardList(db, teacher.id, { rewardIds: [recess.id, sticker.id], publishTo: group.id });
  return {
    teacher,
    group,
    member,
    recess,
    sticker,
    list,
    cookie: await signIn(app, teacher, 'teacher'),
    memberCookie: await signIn(app, member, 'member'),
  };
}

const buy = (cookie: string | undefined, memberId: string, rewardId: string, price: number) =>
  call('POST', `/api/member/${memberId}/reward/${rewardId}`, cookie, { price });

async function memberCoins(memberId: string) {
  const [row] = await queryRows<{ coins: number }>(db, sql`select coins from members where id = ${memberId}`);
  return row?.coins;
}

async function purchaseRows(memberId: string) {
  return queryRows<{ reward_name: string; price: number }>(db, sql`select reward_name, price from reward_purchases where member_id = ${memberId} order by purchased_at`);
}

/** Moves a member's purchases an hour and a second into the past: their hour is over. */
async function endTheHour(memberId: string) {
  const ms = REWARD_ACTIVE_MS + 1000;
  await db.execute(sql`update reward_purchases set purchased_at = purchased_at - ${ms} * interval '1 millisecond', active_until = active_until - ${ms} * interval '1 millisecond' where member_id = ${memberId}`);
}

describe('buying a reward: who may', () => {
  it('only the student itself: nobody, its teacher, another teacher, a classmate and a stranger are refused', async () => {
    const c = await classroom();
    const classmate = await buildMember(db, c.group.id);
    const otherTeacher = await buildTeacher(db);
    const stranger = await buildMember(db, (await buildGroup(db, otherTeacher.id)).id);
    const refusals: [string | undefined, number, string][] = [
      [undefined, 401, 'AUTH.NO_AUTH'],
      [c.cookie, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      [await signIn(app, otherTeacher, 'teacher'), 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      [await signIn(app, classmate, 'member'), 403, 'USER.NOT_YOU'],
      [await signIn(app, stranger, 'member'), 403, 'USER.NOT_YOU'],
    ];
    for (const [cookie, status, code] of refusals) {
      const res = await buy(cookie, c.member.id, c.recess.id, 10);
      expect([res.statusCode, res.json().errorCode]).toEqual([status, code]);
    }
    expect(await memberCoins(c.member.id)).toBe(30);
    expect(await purchaseRows(c.member.id)).toEqual([]);
  });
});

describe('buying a reward', () => {
  it('pays the price to the sink, answers the purchase active for one hour, and shows it active in the list', async () => {
    const c = await classroom();
    const before = Date.now();
    const res = await buy(c.memberCookie, c.member.id, c.recess.id, 10);
    expect(res.statusCode).toBe(201);
    const { purchase, member_coins } = res.json();
    expect(member_coins).toBe(20);
    expect(purchase).toMatchObject({ reward_id: c.recess.id, name: 'Extra recess', description: '10 minutes outside', price: 10, status: 'active' });
    const date = Date.parse(purchase.date);
    expect(date).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(purchase.active_until) - date).toBe(REWARD_ACTIVE_MS);

    const ledger = await queryRows<{ from_account: string; to_account: string; amount: number; reason: string; reference: string }>(
      db,
      sql`select from_account, to_account, amount, reason, reference from coin_ledger where reason = 'reward_purchase'`,
    );
    expect(ledger).toEqual([{ from_account: `member:${c.member.id}`, to_account: 'sink', amount: 10, reason: 'reward_purchase', reference: purchase.id }]);
    await expectBooksBalance(db);

    const offered = (await call('GET', `/api/rewards/shared/${c.group.id}`, c.memberCookie)).json();
    expect(offered).toEqual([
      expect.objectContaining({ id: c.recess.id, active_until: purchase.active_until }),
      expect.objectContaining({ id: c.sticker.id, active_until: null }),
    ]);
    // The teacher's view has no student's purchases in it.
    expect((await call('GET', `/api/rewards/shared/${c.group.id}`, c.cookie)).json().map((r: { active_until: string | null }) => r.active_until)).toEqual([null, null]);
  });

  it('refuses the same reward while it is active, and sells it again once the hour is over', async () => {
    const c = await classroom();
    expect((await buy(c.memberCookie, c.member.id, c.recess.id, 10)).statusCode).toBe(201);
    const again = await buy(c.memberCookie, c.member.id, c.recess.id, 10);
    expect([again.statusCode, again.json().errorCode, again.json().field]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'reward']);
    expect((await buy(c.memberCookie, c.member.id, c.sticker.id, 4)).statusCode).toBe(201);
    expect(await memberCoins(c.member.id)).toBe(16);

    await endTheHour(c.member.id);
    const history = (await call('GET', `/api/member/${c.member.id}/history`, c.memberCookie)).json();
    expect(history.rewardPurchase.map((p: { status: string }) => p.status)).toEqual(['used', 'used']);
    const later = await buy(c.memberCookie, c.member.id, c.recess.id, 10);
    expect([later.statusCode, later.json().purchase.status]).toEqual([201, 'active']);
    expect(await memberCoins(c.member.id)).toBe(6);
  });

  it('refuses a price the browser showed that is no longer the price', async () => {
    const c = await classroom();
    await call('PUT', `/api/reward/${c.recess.id}`, c.cookie, { reward: { price: 12 } });
    const stale = await buy(c.memberCookie, c.member.id, c.recess.id, 10);
    expect([stale.statusCode, stale.json().errorCode, stale.json().field]).toEqual([404, 'REWARD.REWARD_NOT_FOUND', 'price']);
    expect(await memberCoins(c.member.id)).toBe(30);
    expect((await buy(c.memberCookie, c.member.id, c.recess.id, 12)).json().member_coins).toBe(18);
    const bad = await buy(c.memberCookie, c.member.id, c.sticker.id, -1);
    expect([bad.statusCode, bad.json().errorCode, bad.json().field]).toEqual([400, 'VALIDATION.INVALID_INPUT', 'price']);
  });

  it('sells only what the group\'s published list offers', async () => {
    const c = await classroom();
    const unlisted = await buildReward(db, c.teacher.id, { price: 1 });
    const other = await buildTeacher(db);
    const foreign = await buildReward(db, other.id, { price: 1 });
    await buildRewardList(db, other.id, { rewardIds: [foreign.id], publishTo: (await buildGroup(db, other.id)).id });
    for (const rewardId of [unlisted.id, foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await buy(c.memberCookie, c.member.id, rewardId, 1);
      expect([res.statusCode, res.json().errorCode]).toEqual([404, 'REWARD.REWARD_NOT_FOUND']);
    }
    const malformed = await buy(c.memberCookie, c.member.id, 'nope', 1);
    expect([malformed.statusCode, malformed.json().errorCode]).toEqual([400, 'REWARD.INVALID_REWARD_ID']);
    await call('PUT', `/api/group/${c.group.id}/rewardlist/reset`, c.cookie);
    const unpublished = await buy(c.memberCookie, c.member.id, c.recess.id, 10);
    expect([unpublished.statusCode, unpublished.json().errorCode]).toEqual([404, 'REWARD.REWARD_NOT_FOUND']);
    expect(await memberCoins(c.member.id)).toBe(30);
  });

  it('refuses a student who cannot afford it, and sells a free reward for nothing', async () => {
    const c = await classroom(9);
    const short = await buy(c.memberCookie, c.member.id, c.recess.id, 10);
    expect([short.statusCode, short.json().errorCode]).toEqual([400, 'MISC.OUT_OF_COINS']);
    expect(await purchaseRows(c.member.id)).toEqual([]);

    const free = await buildReward(db, c.teacher.id, { name: 'High five', price: 0 });
    await call('PUT', '/api/rewardlist', c.cookie, { rewardlist_id: c.list.id, reward_id: free.id });
    const res = await buy(c.memberCookie, c.member.id, free.id, 0);
    expect([res.statusCode, res.json().member_coins, res.json().purchase.price]).toEqual([201, 9, 0]);
    expect(await queryRows(db, sql`select 1 from coin_ledger where reason = 'reward_purchase'`)).toHaveLength(0);
    await expectBooksBalance(db);
  });

  it('keeps the purchase as it was bought when the teacher edits or deletes the reward', async () => {
    const c = await classroom();
    await buy(c.memberCookie, c.member.id, c.recess.id, 10);
    await call('PUT', `/api/reward/${c.recess.id}`, c.cookie, { reward: { name: 'Renamed', description: 'Changed', price: 99 } });
    await call('DELETE', `/api/reward/${c.recess.id}`, c.cookie);
    const history = (await call('GET', `/api/member/${c.member.id}/history`, c.cookie)).json();
    expect(history.rewardPurchase).toEqual([expect.objectContaining({ reward_id: null, name: 'Extra recess', description: '10 minutes outside', price: 10, status: 'active' })]);
  });
});

describe('buying a reward under concurrency', () => {
  it('30 parallel purchases by a student who can afford one: exactly one succeeds', async () => {
    const c = await classroom(10);
    const cheap = await buildReward(db, c.teacher.id, { name: 'Pencil', price: 6 });
    await call('PUT', '/api/rewardlist', c.cookie, { rewardlist_id: c.list.id, reward_id: cheap.id });
    // Mixed rewards: any two of them cost more than the student has.
    const options: [string, number][] = [[c.recess.id, 10], [cheap.id, 6]];
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => {
      const [id, price] = options[i % 2]!;
      return buy(c.memberCookie, c.member.id, id, price);
    }));
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 201).every((r) => ['MISC.OUT_OF_COINS', 'PERMISSION.INSUFFICIENT_PERMISSIONS'].includes(r.json().errorCode))).toBe(true);
    expect(await purchaseRows(c.member.id)).toHaveLength(1);
    expect(await memberCoins(c.member.id)).toBe(10 - ok[0]!.json().purchase.price);
    await expectBooksBalance(db);
  });

  it('30 parallel purchases of one reward by a student who could afford them all: bought once while active', async () => {
    const c = await classroom(300);
    const results = await Promise.all(Array.from({ length: 30 }, () => buy(c.memberCookie, c.member.id, c.sticker.id, 4)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 403).every((r) => r.json().errorCode === 'PERMISSION.INSUFFICIENT_PERMISSIONS')).toBe(true);
    expect(await purchaseRows(c.member.id)).toEqual([{ reward_name: 'Sticker', price: 4 }]);
    expect(await memberCoins(c.member.id)).toBe(296);
    await expectBooksBalance(db);
  });
});
