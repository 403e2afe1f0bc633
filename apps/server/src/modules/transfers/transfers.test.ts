import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, signIn, caller } from '../../test/build-test-app.ts';
import { expectBooksBalance } from '../../test/books.ts';
import { buildGroup, buildMember, buildTeacher, giveCoins } from '../../test/factories.ts';

const { app, database } = await buildTestApp();
const db = database.db;

const call = caller(app);

/** A group that allows trading (unless told otherwise), with two students holding 20 coins each. */
async function classroom(opts: { trading?: boolean; coins?: number } = {}) {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const alice = await buildMember(db, group.id, { username: `alice_${group.id.slice(0, 6)}` });
  const bob = await buildMember(db, group.id, { username: `bob_${group.id.slice(0, 6)}` });
  for (const m of [alice, bob]) await giveCoins(db, teacher.id, m.id, opts.coins ?? 20);
  const cookie = await signIn(app, teacher, 'teacher');
  if (opts.trading ?? true) await call('PUT', `/api/group/${group.id}/settings`, cookie, { trading_allowed: true });
  return { teacher, group, alice, bob, cookie, aliceCookie: await signIn(app, alice, 'member'), bobCookie: await signIn(app, bob, 'member') };
}

const send = (cookie: string | undefined, senderId: string, recipient: string, amount: unknown) =>
  call('POST', `/api/member/${senderId}/transfer`, cookie, { recipient, amount });

async function coinsOf(...ids: string[]) {
  const rows = await queryRows<{ id: string; coins: number }>(db, sql`select id, coins from members`);
  return ids.map((id) => rows.find((r) => r.id === id)?.coins);
}

describe('transfers: who may call what', () => {
  it('only the student itself sends; the student itself or its teacher lists the classmates', async () => {
    const c = await classroom();
    const other = await buildTeacher(db);
    const stranger = await buildMember(db, (await buildGroup(db, other.id)).id);
    const otherCookie = await signIn(app, other, 'teacher');
    const strangerCookie = await signIn(app, stranger, 'member');
    const transfer = `/api/member/${c.alice.id}/transfer`;
    const refusals: [string | undefined, number, string][] = [
      [undefined, 401, 'AUTH.NO_AUTH'],
      [c.cookie, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      [otherCookie, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      [c.bobCookie, 403, 'USER.NOT_YOU'],
      [strangerCookie, 403, 'USER.NOT_YOU'],
    ];
    for (const [cookie, status, code] of refusals) {
      const res = await call('POST', transfer, cookie, { recipient: c.bob.id, amount: 5 });
      expect([res.statusCode, res.json().errorCode]).toEqual([status, code]);
    }
    expect(await coinsOf(c.alice.id, c.bob.id)).toEqual([20, 20]);

    const classmates = `/api/member/${c.alice.id}/classmates`;
    const listRefusals: [string | undefined, number, string][] = [
      [undefined, 401, 'AUTH.NO_AUTH'],
      [otherCookie, 404, 'MEMBER.MEMBER_NOT_FOUND'],
      [c.bobCookie, 403, 'USER.NOT_YOU'],
      [strangerCookie, 403, 'USER.NOT_YOU'],
    ];
    for (const [cookie, status, code] of listRefusals) {
      const res = await call('GET', classmates, cookie);
      expect([res.statusCode, res.json().errorCode]).toEqual([status, code]);
    }
    const mine = (await call('GET', classmates, c.aliceCookie)).json();
    expect(mine).toEqual([{ id: c.bob.id, username: c.bob.username, face: null, hair: null, skin_tone: 'tone-3' }]);
    expect((await call('GET', classmates, c.cookie)).json()).toEqual(mine);
  });
});

describe('transfers', () => {
  it('sends coins to a classmate by id or username, in the ledger, and shows both sides in history', async () => {
    const c = await classroom();
    const res = await send(c.aliceCookie, c.alice.id, c.bob.id, 7);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ member_coins: 13, recipient: { id: c.bob.id, username: c.bob.username }, amount: 7 });
    const byName = await send(c.bobCookie, c.bob.id, c.alice.username.toUpperCase(), 27);
    expect(byName.json()).toEqual({ member_coins: 0, recipient: { id: c.alice.id, username: c.alice.username }, amount: 27 });
    expect(await coinsOf(c.alice.id, c.bob.id)).toEqual([40, 0]);
    const ledger = await queryRows<{ from_account: string; to_account: string; amount: number }>(db, sql`select from_account, to_account, amount from coin_ledger where reason = 'transfer' order by id`);
    expect(ledger).toEqual([
      { from_account: `member:${c.alice.id}`, to_account: `member:${c.bob.id}`, amount: 7 },
      { from_account: `member:${c.bob.id}`, to_account: `member:${c.alice.id}`, amount: 27 },
    ]);
    await expectBooksBalance(db);
  });

  it('refuses while the group does not allow trading', async () => {
    const c = await classroom({ trading: false });
    const res = await send(c.aliceCookie, c.alice.id, c.bob.id, 5);
    expect([res.statusCode, res.json().errorCode, res.json().field]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'trading_allowed']);
    await call('PUT', `/api/group/${c.group.id}/settings`, c.cookie, { trading_allowed: true });
    expect((await send(c.aliceCookie, c.alice.id, c.bob.id, 5)).statusCode).toBe(200);
    await call('PUT', `/api/group/${c.group.id}/settings`, c.cookie, { trading_allowed: false });
    expect((await send(c.aliceCookie, c.alice.id, c.bob.id, 5)).statusCode).toBe(403);
    expect(await coinsOf(c.alice.id, c.bob.id)).toEqual([15, 25]);
  });

  it('refuses a recipient outside the group, oneself, and amounts below 1, not whole, or above the balance', async () => {
    const c = await classroom();
    const other = await classroom();
    const cases: [string, unknown, number, string, string][] = [
      [other.bob.id, 5, 403, 'GROUP.NOT_IN_GROUP', 'recipient'],
      [other.bob.username, 5, 403, 'GROUP.NOT_IN_GROUP', 'recipient'],
      ['nobody_here', 5, 403, 'GROUP.NOT_IN_GROUP', 'recipient'],
      ['00000000-0000-4000-8000-000000000000', 5, 403, 'GROUP.NOT_IN_GROUP', 'recipient'],
      [c.alice.id, 5, 403, 'USER.NOT_YOU', 'recipient'],
      [c.alice.username, 5, 403, 'USER.NOT_YOU', 'recipient'],
      ['', 5, 400, 'VALIDATION.INVALID_INPUT', 'recipient'],
      [c.bob.id, 0, 400, 'VALIDATION.INVALID_INPUT', 'amount'],
      [c.bob.id, -3, 400, 'VALIDATION.INVALID_INPUT', 'amount'],
      [c.bob.id, 1.5, 400, 'VALIDATION.INVALID_INPUT', 'amount'],
      [c.bob.id, '5', 400, 'VALIDATION.INVALID_INPUT', 'amount'],
      [c.bob.id, 21, 400, 'MISC.OUT_OF_COINS', 'amount'],
      [c.bob.id, 2 ** 40, 400, 'MISC.OUT_OF_COINS', 'amount'],
    ];
    for (const [recipient, amount, status, code, field] of cases) {
      const res = await send(c.aliceCookie, c.alice.id, recipient, amount);
      expect([recipient, amount, res.statusCode, res.json().errorCode, res.json().field]).toEqual([recipient, amount, status, code, field]);
    }
    expect(await coinsOf(c.alice.id, c.bob.id, other.bob.id)).toEqual([20, 20, 20]);
    expect((await send(c.aliceCookie, c.alice.id, c.bob.id, 20)).json().member_coins).toBe(0);
  });
});

describe('transfers under concurrency', () => {
  it('two students sending to each other at the same time, in a loop, keep the total, never go negative, never deadlock', async () => {
    const c = await classroom({ coins: 25 });
    const rounds = 15;
    const results = [];
    for (let i = 0; i < rounds; i++) {
      results.push(
        ...(await Promise.all([
          send(c.aliceCookie, c.alice.id, c.bob.id, 1 + (i % 7)),
          send(c.bobCookie, c.bob.id, c.alice.id, 1 + ((i * 3) % 11)),
          send(c.aliceCookie, c.alice.id, c.bob.id, 2),
          send(c.bobCookie, c.bob.id, c.alice.id, 3),
        ])),
      );
    }
    expect(results.every((r) => r.statusCode === 200 || (r.statusCode === 400 && r.json().errorCode === 'MISC.OUT_OF_COINS'))).toBe(true);
    expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThan(rounds);
    const [alice, bob] = await coinsOf(c.alice.id, c.bob.id);
    expect((alice ?? -1) + (bob ?? -1)).toBe(50);
    expect(alice).toBeGreaterThanOrEqual(0);
    expect(bob).toBeGreaterThanOrEqual(0);
    await expectBooksBalance(db);
  });
});
