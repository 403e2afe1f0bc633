import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AWARD_UNDO_WINDOW_MS } from '@kolikko/core/limits';
import { queryRows } from '../../db/reset.ts';
import { expectBooksBalance } from '../../test/books.ts';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildReward, buildRewardList, buildTeacher } from '../../test/factories.ts';
import { socketClients, nextEvent } from '../../test/sockets.ts';
import { ledgerBalance, teacherAccount } from '../coins/ledger.repo.ts';

/** Issue 32: awards with a reason, and undoing an award within its minute. */
let now = Date.now();
const { app, database } = await buildTestApp({}, { clock: () => new Date(now) });
const db = database.db;
const call = caller(app);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const clients = socketClients(app, address);

type Reason = { id: string; name: string; coins: number };

async function classroom(opts: { coins?: number; members?: number } = {}) {
  const teacher = await buildTeacher(db, { coins: opts.coins ?? 300 });
  const group = await buildGroup(db, teacher.id);
  const members = [];
  for (let i = 0; i < (opts.members ?? 3); i++) members.push(await buildMember(db, group.id));
  const cookie = await signIn(app, teacher, 'teacher');
  const reasons = (await call('GET', `/api/group/${group.id}/reasons`, cookie)).json<Reason[]>();
  return { teacher, group, members, cookie, reasons, teamwork: reasons[1]! };
}

const history = async (memberId: string, cookie: string) => (await call('GET', `/api/member/${memberId}/history`, cookie)).json();
const undo = (awardId: string, cookie?: string) => call('POST', `/api/award/${awardId}/undo`, cookie);

describe('awards with a reason', () => {
  it("give the reason's coins to one, some or all, answer an award id, tell the student the reason and name it in both histories", async () => {
    const c = await classroom();
    const [a, b, d] = c.members as [(typeof c.members)[0], (typeof c.members)[0], (typeof c.members)[0]];
    await call('PUT', `/api/reason/${c.teamwork.id}`, c.cookie, { coins: 3 });
    const student = await clients.connect(await signIn(app, a, 'member'));
    const told = nextEvent(student, 'teacher-gave-coins');

    const one = await call('PUT', '/api/member/coins', c.cookie, { member_id: a.id, reason_id: c.teamwork.id });
    expect(one.json()).toMatchObject({ total: 3, teacher_coins: 297, award_id: expect.any(String) });
    expect(await told).toEqual({ member_id: a.id, coins: 3, amount: 3, award_id: one.json().award_id, reason: { name: 'Teamwork', icon: 'teamwork' } });

    const all = await call('PUT', '/api/member/coins/batch', c.cookie, { members: [a.id, b.id, d.id], reason_id: c.teamwork.id, coins: 3 });
    expect(all.json()).toMatchObject({ members: [{ id: a.id, coins: 6 }, { id: b.id, coins: 3 }, { id: d.id, coins: 3 }], teacher_coins: 288 });

    const mine = await history(a.id, c.cookie);
    expect(mine.receivedCoins.map((r: { price: number; reasonName: string | null }) => [r.price, r.reasonName])).toEqual([
      [3, 'Teamwork'],
      [3, 'Teamwork'],
    ]);
    // The reason is renamed, then removed: history keeps the name it was given with.
    await call('DELETE', `/api/reason/${c.teamwork.id}`, c.cookie);
    const purchases = (await call('GET', `/api/purchase/history/${c.teacher.id}`, c.cookie)).json();
    expect(purchases.filter((p: { reason: string }) => p.reason === 'teacher_award').map((p: { reasonName: string | null }) => p.reasonName)).toEqual(
      Array(4).fill('Teamwork'),
    );
    await expectBooksBalance(db);
  });

  it("refuses another group's or another teacher's reason, coins that differ from the reason's, and a needs-work reason the group no longer allows", async () => {
    const c = await classroom();
    const otherGroup = await buildGroup(db, c.teacher.id);
    const stranger = await buildMember(db, otherGroup.id);
    const elsewhere = await classroom();
    const refusals = await Promise.all([
      call('PUT', '/api/member/coins', c.cookie, { member_id: stranger.id, reason_id: c.teamwork.id }),
      call('PUT', '/api/member/coins', c.cookie, { member_id: c.members[0]!.id, reason_id: elsewhere.teamwork.id }),
      call('PUT', '/api/member/coins', c.cookie, { member_id: c.members[0]!.id, reason_id: c.teamwork.id, coins: 5 }),
      call('PUT', '/api/member/coins/batch', c.cookie, { members: [c.members[0]!.id] }),
    ]);
    expect(refusals.map((r) => [r.statusCode, r.json().errorCode, r.json().field])).toEqual([
      [404, 'MEMBER.MEMBER_NOT_FOUND', undefined],
      [404, 'AWARD.REASON_NOT_FOUND', undefined],
      [400, 'VALIDATION.INVALID_INPUT', 'coins'],
      [400, 'VALIDATION.INVALID_INPUT', 'coins'],
    ]);
    await call('PUT', `/api/group/${c.group.id}/settings`, c.cookie, { needs_work_enabled: true });
    const noise = (await call('POST', `/api/group/${c.group.id}/reasons`, c.cookie, { name: 'Noise', icon: 'noise', coins: -2 })).json<Reason>();
    await call('PUT', '/api/member/coins', c.cookie, { member_id: c.members[0]!.id, coins: 5 });
    const taken = await call('PUT', '/api/member/coins', c.cookie, { member_id: c.members[0]!.id, reason_id: noise.id });
    expect(taken.json()).toMatchObject({ total: 3, teacher_coins: 297 });
    await call('PUT', `/api/group/${c.group.id}/settings`, c.cookie, { needs_work_enabled: false });
    const refused = await call('PUT', '/api/member/coins', c.cookie, { member_id: c.members[0]!.id, reason_id: noise.id });
    expect([refused.statusCode, refused.json().field]).toEqual([400, 'reason_id']);
    expect(await queryRows(db, sql`select 1 from coin_ledger where from_account like 'member:%' and reason = 'teacher_deduction'`)).toHaveLength(1);
  });
});

describe('undo', () => {
  it('gives a class award back to the purse in one go, tells the students, and shows in both histories', async () => {
    const c = await classroom();
    const ids = c.members.map((m) => m.id);
    const award = (await call('PUT', '/api/member/coins/batch', c.cookie, { members: ids, reason_id: c.teamwork.id })).json();
    const student = await clients.connect(await signIn(app, c.members[0]!, 'member'));
    const told = nextEvent(student, 'teacher-gave-coins');
    const res = await undo(award.award_id, c.cookie);
    expect(res.statusCode).toBe(200);
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect({ ...res.json(), members: [...res.json().members].sort(byId) }).toEqual({
      award_id: award.award_id,
      members: ids.map((id) => ({ id, coins: 0, returned: 1, missing: 0 })).sort(byId),
      teacher_coins: 300,
    });
    expect(await told).toEqual({ member_id: ids[0], coins: 0, amount: -1, award_id: award.award_id, undone: true, reason: { name: 'Teamwork', icon: 'teamwork' } });
    const mine = await history(ids[0]!, c.cookie);
    expect(mine.transactions.map((t: { kind: string; price: number; reasonName: string | null }) => [t.kind, t.price, t.reasonName])).toEqual([['award_undo', 1, 'Teamwork']]);
    const purchases = (await call('GET', `/api/purchase/history/${c.teacher.id}`, c.cookie)).json();
    expect(purchases.filter((p: { reason: string }) => p.reason === 'award_undo').map((p: { type: string; reasonName: string }) => [p.type, p.reasonName])).toEqual(
      Array(3).fill(['received', 'Teamwork']),
    );
    expect(await ledgerBalance(db, teacherAccount(c.teacher.id))).toBe(300);
    await expectBooksBalance(db);
  });

  it('takes back what the student still has when it spent some, and says what is missing', async () => {
    const c = await classroom({ members: 1 });
    const m = c.members[0]!;
    const reward = await buildReward(db, c.teacher.id, { price: 4 });
    await buildRewardList(db, c.teacher.id, { rewardIds: [reward.id], publishTo: c.group.id });
    const award = (await call('PUT', '/api/member/coins', c.cookie, { member_id: m.id, coins: 10 })).json();
    expect((await call('POST', `/api/member/${m.id}/reward/${reward.id}`, await signIn(app, m, 'member'), { price: 4 })).statusCode).toBe(201);
    const res = await undo(award.award_id, c.cookie);
    expect(res.json()).toEqual({ award_id: award.award_id, members: [{ id: m.id, coins: 0, returned: 6, missing: 4 }], teacher_coins: 296 });
    await expectBooksBalance(db);
  });

  it('undoes a needs-work award by giving back what the purse can', async () => {
    const c = await classroom({ members: 1, coins: 50 });
    const m = c.members[0]!;
    await call('PUT', '/api/member/coins', c.cookie, { member_id: m.id, coins: 8 });
    const taken = (await call('PUT', '/api/member/coins', c.cookie, { member_id: m.id, coins: -5 })).json();
    const res = await undo(taken.award_id, c.cookie);
    expect(res.json()).toEqual({ award_id: taken.award_id, members: [{ id: m.id, coins: 8, returned: 5, missing: 0 }], teacher_coins: 42 });
    await expectBooksBalance(db);
  });

  it('refuses a second undo, one after the minute, and anyone but the award\'s teacher', async () => {
    const c = await classroom();
    const first = (await call('PUT', '/api/member/coins', c.cookie, { member_id: c.members[0]!.id, coins: 2 })).json().award_id;
    const late = (await call('PUT', '/api/member/coins', c.cookie, { member_id: c.members[1]!.id, coins: 2 })).json().award_id;
    const other = await signIn(app, await buildTeacher(db), 'teacher');
    const student = await signIn(app, c.members[0]!, 'member');
    const demo = await app.inject({ method: 'POST', url: '/api/demo', payload: { language: 'en' } });
    const demoCookie = `kolikko_demo=${demo.cookies.find((x) => x.name === 'kolikko_demo')?.value ?? ''}`;
    const refusals = await Promise.all([
      undo(first, other),
      undo(first, student),
      undo(first),
      call('POST', `/api/award/${first}/undo`, demoCookie, undefined, { 'x-kolikko-demo-as': 'teacher' }),
      undo('00000000-0000-4000-8000-000000000000', c.cookie),
    ]);
    expect(refusals.map((r) => `${r.statusCode} ${r.json().errorCode}`)).toEqual([
      '404 AWARD.AWARD_NOT_FOUND',
      '403 PERMISSION.INSUFFICIENT_PERMISSIONS',
      '401 AUTH.NO_AUTH',
      '404 AWARD.AWARD_NOT_FOUND',
      '404 AWARD.AWARD_NOT_FOUND',
    ]);
    expect((await undo(first, c.cookie)).statusCode).toBe(200);
    const again = await undo(first, c.cookie);
    expect([again.statusCode, again.json().errorCode]).toEqual([409, 'AWARD.ALREADY_UNDONE']);
    now += AWARD_UNDO_WINDOW_MS + 1000;
    const expired = await undo(late, c.cookie);
    expect([expired.statusCode, expired.json().errorCode]).toEqual([409, 'AWARD.UNDO_EXPIRED']);
    now = Date.now();
    const [coins] = await queryRows<{ coins: number }>(db, sql`select coins from members where id = ${c.members[1]!.id}`);
    expect(coins?.coins).toBe(2);
    await expectBooksBalance(db);
  });

  it('of 50 undos of one award at once, one undoes it', async () => {
    const c = await classroom();
    const ids = c.members.map((m) => m.id);
    const award = (await call('PUT', '/api/member/coins/batch', c.cookie, { members: ids, coins: 7 })).json().award_id;
    const results = await Promise.all(Array.from({ length: 50 }, () => undo(award, c.cookie)));
    const codes = results.map((r) => (r.statusCode === 200 ? 'ok' : r.json().errorCode));
    expect(codes.filter((x) => x === 'ok')).toHaveLength(1);
    expect(codes.filter((x) => x === 'AWARD.ALREADY_UNDONE')).toHaveLength(49);
    expect(await queryRows(db, sql`select 1 from coin_ledger where reason = 'award_undo'`)).toHaveLength(3);
    expect(await ledgerBalance(db, teacherAccount(c.teacher.id))).toBe(300);
    await expectBooksBalance(db);
  });

  it('racing the student spending the same coins on rewards, no coin is made or lost and nothing goes below zero', async () => {
    for (let round = 0; round < 5; round++) {
      const c = await classroom({ members: 1 });
      const m = c.members[0]!;
      const reward = await buildReward(db, c.teacher.id, { price: 3 });
      await buildRewardList(db, c.teacher.id, { rewardIds: [reward.id], publishTo: c.group.id });
      const award = (await call('PUT', '/api/member/coins', c.cookie, { member_id: m.id, coins: 9 })).json().award_id;
      const studentCookie = await signIn(app, m, 'member');
      const buy = () => call('POST', `/api/member/${m.id}/reward/${reward.id}`, studentCookie, { price: 3 });
      const [undone, ...bought] = await Promise.all([undo(award, c.cookie), buy(), buy(), buy()]);
      expect(undone?.statusCode).toBe(200);
      const spent = 3 * bought.filter((r) => r.statusCode === 201).length;
      const { returned, missing, coins } = (undone?.json() as { members: { returned: number; missing: number; coins: number }[] }).members[0]!;
      expect(returned + missing).toBe(9);
      const [row] = await queryRows<{ coins: number }>(db, sql`select coins from members where id = ${m.id}`);
      expect(row?.coins).toBe(coins);
      // Every coin of the award is back in the purse, spent in the shop, or still the student's.
      expect((row?.coins ?? 0) + spent + returned).toBe(9);
      expect(await ledgerBalance(db, teacherAccount(c.teacher.id))).toBe(300 - 9 + returned);
      await expectBooksBalance(db);
    }
  });
});
