import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/reset.ts';
import { caller, signIn } from '../../test/build-test-app.ts';
import { expectBooksBalance } from '../../test/books.ts';
import { buildGroup, buildMember, buildTeacher, buildTodo, buildTodolist, showTodolist } from '../../test/factories.ts';
import { ownPostgresApp } from '../../test/own-postgres.ts';
import { testWorker } from '../../test/worker.ts';

/**
 * Approving a whole task races itself, single approvals and the students' answers on real
 * PostgreSQL (PGlite runs one statement at a time, so only here do transactions overlap): on a
 * database of its own, also when the rest of the suite runs on PGlite (as lock-order.test.ts).
 */
const own = ownPostgresApp(`kolikko_approve_all_${testWorker()}`);

describe('approving a whole task at once (PostgreSQL)', () => {
  it('four approvals of the task, single approvals and answers racing pay each student exactly once and keep every coin', async () => {
    const { db } = own.database;
    const call = caller(own.app);
    const teacher = await buildTeacher(db, { coins: 1000 });
    const group = await buildGroup(db, teacher.id);
    const list = await buildTodolist(db, teacher.id);
    const free = await buildTodo(db, list.id, { reward: 7, answertype: 'free' });
    await showTodolist(db, group.id, 'blue', list.id);
    const students = [];
    for (let i = 0; i < 12; i++) students.push(await buildMember(db, group.id));
    const teacherCookie = await signIn(own.app, teacher, 'teacher');
    const mts: { id: string; member_id: string }[] = (await call('GET', `/api/membertodos?group_id=${group.id}&color=blue`, teacherCookie)).json();
    await db.execute(sql`update member_todos set member_answer = 'my answer' where todo_id = ${free.id}`);
    const [before] = await queryRows<{ total: number }>(db, sql`select ((select sum(coins) from teachers) + (select sum(coins) from members))::int as total`);

    const body = { group_id: group.id, color: 'blue', todo_id: free.id };
    const results = await Promise.all([
      call('PUT', '/api/membertodos/approve', teacherCookie, body),
      call('PUT', '/api/membertodos/approve', teacherCookie, body),
      ...mts.slice(0, 4).map((mt) => call('PUT', '/api/membertodo', teacherCookie, { mtodo_id: mt.id, updates: { completed: true } })),
      call('PUT', '/api/membertodos/approve', teacherCookie, body),
      call('PUT', '/api/membertodos/approve', teacherCookie, body),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const approvedByAll = results.filter((r) => 'approved' in r.json()).reduce((n, r) => n + (r.json() as { approved: number }).approved, 0);
    expect(approvedByAll).toBeGreaterThanOrEqual(8);

    const paid = await queryRows<{ reference: string; n: number; amount: number }>(
      db,
      sql`select reference, count(*)::int as n, sum(amount)::int as amount from coin_ledger where reason = 'todo_reward' group by reference`,
    );
    expect(paid).toHaveLength(12);
    for (const row of paid) expect([row.n, row.amount]).toEqual([1, 7]);
    const [coins] = await queryRows<{ teacher: number; members: number }>(
      db,
      sql`select (select coins from teachers where id = ${teacher.id})::int as teacher, (select sum(coins) from members where group_id = ${group.id})::int as members`,
    );
    expect(coins).toEqual({ teacher: 1000 - 84, members: 84 });
    const [after] = await queryRows<{ total: number }>(db, sql`select ((select sum(coins) from teachers) + (select sum(coins) from members))::int as total`);
    expect(after?.total).toBe(before?.total);
    await expectBooksBalance(db);
  });
});
