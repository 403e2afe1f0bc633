import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEACHER_STARTER_COINS } from '@kolikko/core/limits';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { expectBooksBalance } from '../../test/books.ts';
import { buildGroup, buildMember, buildTeacher, buildTodo, buildTodolist, shareTodolistWith, showTodolist } from '../../test/factories.ts';
import { memberAccount, teacherAccount } from './ledger.repo.ts';

/**
 * Starter coins cannot be gathered: someone who signs up many teachers must not be able to pour
 * their 300 coins into one account. A teacher's coins go only to students of its own groups (and
 * back), or to the sink; so one teacher's coins never reach another teacher or its students.
 */
const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);

async function purse(teacherId: string): Promise<number | undefined> {
  const [row] = await queryRows<{ coins: number }>(db, sql`select coins from teachers where id = ${teacherId}`);
  return row?.coins;
}

describe('starter coins stay with their teacher and its own students', () => {
  it('refuses every path from a second account to the first, and the ledger has no other', async () => {
    const keeper = await buildTeacher(db, { coins: TEACHER_STARTER_COINS });
    const donor = await buildTeacher(db, { coins: TEACHER_STARTER_COINS });
    const keeperGroup = await buildGroup(db, keeper.id);
    const donorGroup = await buildGroup(db, donor.id);
    const keeperKid = await buildMember(db, keeperGroup.id);
    const donorKid = await buildMember(db, donorGroup.id);
    const keeperCookie = await signIn(app, keeper, 'teacher');
    const donorCookie = await signIn(app, donor, 'teacher');
    for (const [group, cookie] of [[keeperGroup, keeperCookie], [donorGroup, donorCookie]] as const) {
      expect((await call('PUT', `/api/group/${group.id}/settings`, cookie, { trading_allowed: true })).statusCode).toBe(200);
    }

    // The donor cannot award the keeper's student, alone or in a batch.
    const award = await call('PUT', '/api/member/coins', donorCookie, { member_id: keeperKid.id, coins: 100 });
    expect([award.statusCode, award.json().errorCode]).toEqual([404, 'MEMBER.MEMBER_NOT_FOUND']);
    const batch = await call('PUT', '/api/member/coins/batch', donorCookie, { members: [donorKid.id, keeperKid.id], coins: 100 });
    expect([batch.statusCode, batch.json().errorCode]).toEqual([404, 'MEMBER.MEMBER_NOT_FOUND']);

    // It can award its own student, who cannot pass the coins to the keeper's.
    expect((await call('PUT', '/api/member/coins', donorCookie, { member_id: donorKid.id, coins: 100 })).statusCode).toBe(200);
    const donorKidCookie = await signIn(app, donorKid, 'member');
    const send = await call('POST', `/api/member/${donorKid.id}/transfer`, donorKidCookie, { recipient: keeperKid.username, amount: 100 });
    expect([send.statusCode, send.json().errorCode]).toEqual([403, 'GROUP.NOT_IN_GROUP']);

    // A list the donor shares with the keeper, shown to the keeper's class: the keeper pays for it, not the donor.
    const list = await buildTodolist(db, donor.id);
    await buildTodo(db, list.id, { reward: 50 });
    await shareTodolistWith(db, list.id, keeper.id, 'read');
    await showTodolist(db, keeperGroup.id, 'blue', list.id);
    const keeperKidCookie = await signIn(app, keeperKid, 'member');
    const [mt] = (await call('GET', `/api/membertodos?group_id=${keeperGroup.id}`, keeperKidCookie)).json() as { id: string }[];
    expect((await call('PUT', '/api/membertodo', keeperKidCookie, { mtodo_id: mt?.id, updates: { completed: true } })).statusCode).toBe(200);
    expect(await purse(keeper.id)).toBe(TEACHER_STARTER_COINS - 50);
    expect(await purse(donor.id)).toBe(TEACHER_STARTER_COINS - 100);
    // Coins come back to a teacher only from its own students.
    expect((await call('PUT', '/api/member/coins', keeperCookie, { member_id: keeperKid.id, coins: -10 })).statusCode).toBe(200);
    expect(await purse(keeper.id)).toBe(TEACHER_STARTER_COINS - 40);

    // Deleting its student refunds the donor; deleting its account sends what is left to the sink.
    expect((await call('DELETE', `/api/member/${donorKid.id}`, donorCookie)).statusCode).toBe(200);
    expect(await purse(donor.id)).toBe(TEACHER_STARTER_COINS);
    expect((await call('DELETE', `/api/admin/${donor.id}`, donorCookie)).statusCode).toBe(200);
    expect(await purse(keeper.id)).toBe(TEACHER_STARTER_COINS - 40);

    // Whatever moved: the keeper's purse was filled only by the mint and its own student, that
    // student only by the keeper, and no ledger row runs between two teachers.
    const sources = async (account: string) =>
      (await queryRows<{ from_account: string }>(db, sql`select distinct from_account from coin_ledger where to_account = ${account} order by 1`)).map((r) => r.from_account);
    expect(await sources(teacherAccount(keeper.id))).toEqual(['mint', memberAccount(keeperKid.id)].sort());
    expect(await sources(memberAccount(keeperKid.id))).toEqual([teacherAccount(keeper.id)]);
    expect(await queryRows(db, sql`select id from coin_ledger where from_account like 'teacher:%' and to_account like 'teacher:%'`)).toEqual([]);
    await expectBooksBalance(db);
  });
});
