import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, signIn, caller, type Method } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher } from '../../test/factories.ts';
import { ledgerBalance, memberAccount, teacherAccount } from '../coins/ledger.repo.ts';

const { app, database } = await buildTestApp();
const db = database.db;

const call = caller(app);

async function classroom(opts: { coins?: number; members?: number } = {}) {
  const teacher = await buildTeacher(db, { coins: opts.coins ?? 300 });
  const group = await buildGroup(db, teacher.id);
  const members = [];
  for (let i = 0; i < (opts.members ?? 2); i++) members.push(await buildMember(db, group.id));
  const cookie = await signIn(app, teacher, 'teacher');
  return { teacher, group, members, cookie };
}

/** Every account's stored balance equals its ledger sum, and none is negative. */
async function expectBooksBalance() {
  const rows = await queryRows<{ account: string; coins: number }>(
    db,
    sql`select 'teacher:' || id as account, coins from teachers union all select 'member:' || id, coins from members`,
  );
  for (const r of rows) {
    expect(r.coins).toBeGreaterThanOrEqual(0);
    expect(await ledgerBalance(db, r.account as `teacher:${string}`)).toBe(r.coins);
  }
}

describe('members: who may call what', () => {
  it('refuses nobody, another teacher, and another student on every member route', async () => {
    const { members } = await classroom();
    const target = members[0]!;
    const classmate = members[1]!;
    const other = await buildTeacher(db);
    const otherCookie = await signIn(app, other, 'teacher');
    const classmateCookie = await signIn(app, classmate, 'member');
    const strangerGroup = await buildGroup(db, other.id);
    const strangerCookie = await signIn(app, await buildMember(db, strangerGroup.id), 'member');

    const routes: [Method, string, object | undefined, string, string][] = [
      // method, url, body, code for another teacher, code for another student
      ['GET', `/api/member/${target.id}`, undefined, 'MEMBER.MEMBER_NOT_FOUND', 'USER.NOT_YOU'],
      ['PUT', '/api/member/username', { member_id: target.id, username: 'hijacked' }, 'MEMBER.MEMBER_NOT_FOUND', 'USER.NOT_YOU'],
      ['PUT', '/api/member/password', { member_id: target.id, password: 'hijacked' }, 'MEMBER.MEMBER_NOT_FOUND', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      ['PUT', `/api/member/${target.id}/smallGroup`, undefined, 'MEMBER.MEMBER_NOT_FOUND', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      ['PUT', '/api/member/coins', { member_id: target.id, coins: 5 }, 'MEMBER.MEMBER_NOT_FOUND', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      ['PUT', '/api/member/coins/batch', { members: [target.id], coins: 5 }, 'MEMBER.MEMBER_NOT_FOUND', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      ['DELETE', `/api/member/${target.id}`, undefined, 'MEMBER.MEMBER_NOT_FOUND', 'USER.NOT_YOU'],
    ];
    for (const [method, url, body, teacherCode, studentCode] of routes) {
      const anon = await call(method, url, undefined, body);
      expect([method, url, anon.statusCode, anon.json().errorCode]).toEqual([method, url, 401, 'AUTH.NO_AUTH']);
      const stranger = await call(method, url, otherCookie, body);
      expect([method, url, stranger.json().errorCode]).toEqual([method, url, teacherCode]);
      for (const cookie of [classmateCookie, strangerCookie]) {
        const student = await call(method, url, cookie, body);
        expect([method, url, student.statusCode, student.json().errorCode]).toEqual([method, url, 403, studentCode]);
      }
    }
    const [row] = await queryRows<{ username: string; coins: number; small_group: string }>(db, sql`select username, coins, small_group from members where id = ${target.id}`);
    expect(row).toEqual({ username: target.username, coins: 0, small_group: 'blue' });
    expect((await call('POST', '/api/login/member', undefined, { loginName: target.username, password: target.password })).statusCode).toBe(200);
  });
});

describe('members: the teacher manages', () => {
  it('reads, renames, toggles the small group and sets the password', async () => {
    const { members, cookie } = await classroom();
    const m = members[0]!;
    expect((await call('GET', `/api/member/${m.id}`, cookie)).json()).toMatchObject({ id: m.id, username: m.username, coins: 0 });

    const renamed = await call('PUT', '/api/member/username', cookie, { member_id: m.id, username: 'Renamed' });
    expect(renamed.json().username).toBe('Renamed');
    const taken = await call('PUT', '/api/member/username', cookie, { member_id: m.id, username: members[1]!.username.toUpperCase() });
    expect([taken.statusCode, taken.json().errorCode]).toEqual([409, 'USER.USERNAME_TAKEN']);
    const invalid = await call('PUT', '/api/member/username', cookie, { member_id: m.id, username: 'x' });
    expect([invalid.statusCode, invalid.json().errorCode]).toEqual([400, 'USER.INVALID_USERNAME']);

    expect((await call('PUT', `/api/member/${m.id}/smallGroup`, cookie)).json()).toEqual({ color: 'orange' });
    expect((await call('PUT', `/api/member/${m.id}/smallGroup`, cookie)).json()).toEqual({ color: 'blue' });

    const studentCookie = await signIn(app, { username: 'Renamed', password: m.password }, 'member');
    const pw = await call('PUT', '/api/member/password', cookie, { member_id: m.id, password: 'newpass1' });
    expect(pw.statusCode).toBe(201);
    expect((await call('GET', '/api/checkStatus', studentCookie)).statusCode).toBe(401);
    expect((await call('POST', '/api/login/member', undefined, { loginName: 'Renamed', password: 'newpass1' })).statusCode).toBe(200);
    const short = await call('PUT', '/api/member/password', cookie, { member_id: m.id, password: '123' });
    expect([short.statusCode, short.json().errorCode]).toEqual([400, 'USER.INVALID_PASSWORD']);
  });

  it('deletes a member, refunds its coins to the teacher and signs it out', async () => {
    const { teacher, members, cookie } = await classroom();
    const m = members[0]!;
    await call('PUT', '/api/member/coins', cookie, { member_id: m.id, coins: 25 });
    const studentCookie = await signIn(app, m, 'member');
    expect((await call('GET', `/api/chat/unread/member?userId=${m.id}`, studentCookie)).statusCode).toBe(200);
    const res = await call('DELETE', `/api/member/${m.id}`, cookie);
    expect(res.json()).toEqual({ ok: true, teacher_coins: 300 });
    expect((await call('GET', '/api/checkStatus', studentCookie)).statusCode).toBe(401);
    // The session was in use: a route that reads only the session refuses it too.
    expect((await call('GET', `/api/chat/unread/member?userId=${m.id}`, studentCookie)).json().errorCode).toBe('AUTH.NO_AUTH');
    expect(await ledgerBalance(db, teacherAccount(teacher.id))).toBe(300);
    expect(await ledgerBalance(db, memberAccount(m.id))).toBe(0);
    expect((await call('GET', `/api/member/${m.id}`, cookie)).json().errorCode).toBe('MEMBER.MEMBER_NOT_FOUND');
  });
});

describe('members: a student manages itself', () => {
  it('reads and renames itself, and deletes itself (signed out, coins back to the teacher)', async () => {
    const { teacher, members, cookie } = await classroom();
    const m = members[0]!;
    await call('PUT', '/api/member/coins', cookie, { member_id: m.id, coins: 10 });
    const me = await signIn(app, m, 'member');
    expect((await call('GET', `/api/member/${m.id}`, me)).json().coins).toBe(10);
    expect((await call('PUT', '/api/member/username', me, { member_id: m.id, username: 'NewMe' })).json().username).toBe('NewMe');
    const bye = await call('DELETE', `/api/member/${m.id}`, me);
    expect(bye.json()).toEqual({ ok: true });
    expect(bye.cookies.find((c) => c.name === 'kolikko_session')?.value).toBe('');
    expect((await call('GET', '/api/checkStatus', me)).statusCode).toBe(401);
    expect(await ledgerBalance(db, teacherAccount(teacher.id))).toBe(300);
  });
});

describe('members: coin awards', () => {
  it('gives coins out of the purse and takes them back, never below zero', async () => {
    const { teacher, members, cookie } = await classroom({ coins: 100 });
    const m = members[0]!;
    const award = (coins: number) => call('PUT', '/api/member/coins', cookie, { member_id: m.id, coins }).then((r) => r.json());
    const anAward = expect.any(String) as unknown as string;
    expect(await award(30)).toEqual({ total: 30, teacher_coins: 70, award_id: anAward });
    expect(await award(-10)).toEqual({ total: 20, teacher_coins: 80, award_id: anAward });
    expect(await award(-999)).toEqual({ total: 0, teacher_coins: 100, award_id: anAward });
    // 0 moves nothing and is no award.
    expect(await award(0)).toEqual({ total: 0, teacher_coins: 100, award_id: null });
    // Each award's ledger row names the award (its undo and history find it by that).
    const rows = await queryRows<{ reason: string; amount: number }>(
      db,
      sql`select l.reason, l.amount from coin_ledger l join awards a on a.id::text = l.reference where l.to_account = ${`member:${m.id}`} or l.from_account = ${`member:${m.id}`} order by l.id`,
    );
    expect(rows).toEqual([
      { reason: 'teacher_award', amount: 30 },
      { reason: 'teacher_deduction', amount: 10 },
      { reason: 'teacher_deduction', amount: 20 },
    ]);
    expect(await ledgerBalance(db, teacherAccount(teacher.id))).toBe(100);
    await expectBooksBalance();
  });

  it.each([[1000], [-1000], [1.5], ['5']])('refuses an award of %j', async (coins) => {
    const { members, cookie } = await classroom();
    const res = await call('PUT', '/api/member/coins', cookie, { member_id: members[0]!.id, coins });
    expect([res.statusCode, res.json().errorCode, res.json().field]).toEqual([400, 'VALIDATION.INVALID_INPUT', 'coins']);
  });

  it('refuses an award the purse cannot cover with TEACHER_OUT_OF_COINS, saying what it needs and what the purse holds', async () => {
    const { members, cookie } = await classroom({ coins: 20, members: 3 });
    const res = await call('PUT', '/api/member/coins', cookie, { member_id: members[0]!.id, coins: 21 });
    expect([res.statusCode, res.json().errorCode, res.json().details]).toEqual([400, 'MISC.TEACHER_OUT_OF_COINS', { needed: 21, available: 20 }]);
    const batch = await call('PUT', '/api/member/coins/batch', cookie, { members: members.map((m) => m.id), coins: 7 });
    expect([batch.statusCode, batch.json().details]).toEqual([400, { needed: 21, available: 20 }]);
  });

  it('pays a batch to everyone, or to nobody when the purse cannot cover all of it', async () => {
    const { teacher, members, cookie } = await classroom({ coins: 100, members: 3 });
    const ids = members.map((m) => m.id);
    const over = await call('PUT', '/api/member/coins/batch', cookie, { members: ids, coins: 40 });
    expect([over.statusCode, over.json().errorCode]).toEqual([400, 'MISC.TEACHER_OUT_OF_COINS']);
    expect(await queryRows(db, sql`select 1 from coin_ledger where reason = 'teacher_award'`)).toHaveLength(0);
    expect((await call('GET', '/api/checkStatus', cookie)).json().coins).toBe(100);

    const ok = await call('PUT', '/api/member/coins/batch', cookie, { members: ids, coins: 30 });
    expect(ok.json()).toEqual({ members: ids.map((id) => ({ id, coins: 30 })), teacher_coins: 10, award_id: expect.any(String) });
    expect(await ledgerBalance(db, teacherAccount(teacher.id))).toBe(10);
    await expectBooksBalance();
  });

  it('takes a batch back from each member as far as it has, in one movement per member', async () => {
    const { teacher, members, cookie } = await classroom({ coins: 100, members: 3 });
    const [a, b, c] = [members[0]!, members[1]!, members[2]!];
    await call('PUT', '/api/member/coins', cookie, { member_id: a.id, coins: 5 });
    await call('PUT', '/api/member/coins', cookie, { member_id: c.id, coins: 20 });
    const res = await call('PUT', '/api/member/coins/batch', cookie, { members: [a.id, b.id, c.id], coins: -10 });
    expect(res.json()).toEqual({ members: [{ id: a.id, coins: 0 }, { id: b.id, coins: 0 }, { id: c.id, coins: 10 }], teacher_coins: 90, award_id: expect.any(String) });
    const rows = await queryRows<{ from_account: string; reference: string; amount: number }>(db, sql`select from_account, reference, amount from coin_ledger where reason = 'teacher_deduction'`);
    const awardId = res.json().award_id;
    expect(rows).toEqual(expect.arrayContaining([{ from_account: `member:${a.id}`, reference: awardId, amount: 5 }, { from_account: `member:${c.id}`, reference: awardId, amount: 10 }]));
    expect(rows).toHaveLength(2);
    expect(await ledgerBalance(db, teacherAccount(teacher.id))).toBe(90);
    await expectBooksBalance();
  });

  it('refuses a whole batch when one member is not the teacher\'s', async () => {
    const { members, cookie } = await classroom();
    const other = await buildTeacher(db);
    const foreign = await buildMember(db, (await buildGroup(db, other.id)).id);
    const res = await call('PUT', '/api/member/coins/batch', cookie, { members: [members[0]!.id, foreign.id], coins: 5 });
    expect([res.statusCode, res.json().errorCode]).toEqual([404, 'MEMBER.MEMBER_NOT_FOUND']);
    expect(await queryRows(db, sql`select 1 from coin_ledger where reason = 'teacher_award'`)).toHaveLength(0);
  });

  it('50 parallel awards at a purse that covers only some: never negative, books balance', async () => {
    const { teacher, members, cookie } = await classroom({ coins: 200, members: 5 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const m = members[i % members.length]!;
        return i % 3 === 2
          ? call('PUT', '/api/member/coins/batch', cookie, { members: members.map((x) => x.id), coins: 3 })
          : call('PUT', '/api/member/coins', cookie, { member_id: m.id, coins: 9 });
      }),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 200 || s === 400)).toBe(true);
    expect(results.filter((r) => r.statusCode === 400).every((r) => r.json().errorCode === 'MISC.TEACHER_OUT_OF_COINS')).toBe(true);
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThan(0);
    const purse = (await call('GET', '/api/checkStatus', cookie)).json().coins;
    expect(purse).toBeGreaterThanOrEqual(0);
    expect(purse).toBeLessThan(9);
    const paid = results
      .filter((r) => r.statusCode === 200)
      .reduce((sum, r) => sum + ('members' in r.json() ? 3 * members.length : 9), 0);
    expect(purse).toBe(200 - paid);
    expect(await ledgerBalance(db, teacherAccount(teacher.id))).toBe(purse);
    await expectBooksBalance();
  });
});
