import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { caller, signIn } from '../../test/build-test-app.ts';
import { ownPostgresApp } from '../../test/own-postgres.ts';
import { createMemberTodosService } from './member-todos.service.ts';
import { buildGroup, buildMember, buildOwedRewardsService, buildTeacher, buildTodo, buildTodolist, showTodolist } from '../../test/factories.ts';
import { testWorker } from '../../test/worker.ts';

/**
 * Lock order needs two connections waiting on each other, so this file always runs on
 * PostgreSQL (DATABASE_URL, or the local server CI starts), on a database of its own, also when
 * the rest of the suite runs on PGlite.
 */
const name = `kolikko_lock_order_${testWorker()}`;

/**
 * The batch's locking statement as pg_stat_activity shows it: by its start, since the view keeps
 * only the first track_activity_query_size bytes (1 kB) of a query, and its locking clause comes later.
 */
const LOCKING_STATEMENT = `'%select mt.id, mt.todo_id, mt.todolist_id, mt.completed%'`;
const own = ownPostgresApp(name);

/**
 * A teacher with a list of one 10-coin todo shown to a group's student, and that student's
 * completion waiting for its locks: another transaction (`holder`) holds the member row.
 * `prober` is a connection outside any transaction (inside one, pg_stat_activity is a snapshot
 * that never changes). The caller commits or rolls back `holder` and releases both.
 */
async function completionWaitingForMember() {
  const { db } = own.database;
  const call = caller(own.app);
  const teacher = await buildTeacher(db, { coins: 300 });
  const group = await buildGroup(db, teacher.id);
  const list = await buildTodolist(db, teacher.id);
  await buildTodo(db, list.id, { reward: 10 });
  await showTodolist(db, group.id, 'blue', list.id);
  const member = await buildMember(db, group.id);
  const cookie = await signIn(own.app, member, 'member');
  // Signed in first: a login writes the teacher row, which the waiting completion holds.
  const teacherCookie = await signIn(own.app, teacher, 'teacher');
  const [todo] = (await call('GET', `/api/membertodos?group_id=${group.id}`, cookie)).json() as { id: string }[];

  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const holder = await pool.connect();
  const prober = await pool.connect();
  await holder.query('begin');
  await holder.query('select 1 from members where id = $1 for update', [member.id]);
  const completion = call('PUT', '/api/membertodo', cookie, { mtodo_id: todo?.id, updates: { completed: true } });
  await expect
    .poll(async () => (await prober.query(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like ${LOCKING_STATEMENT}`)).rows[0].n)
    .toBe(1);
  return { teacher, teacherCookie, group, list, todo, member, holder, prober, completion };
}

describe('member todo completion: lock order (PostgreSQL)', () => {
  it("takes the teacher's purse before the member, as every coin movement does", async () => {
    const { teacher, holder, prober, completion } = await completionWaitingForMember();
    try {
      // By now the waiting completion must already hold the teacher's purse.
      const probe = await prober.query('select 1 from teachers where id = $1 for update nowait', [teacher.id]).then(
        () => 'free',
        (err: { code?: string }) => err.code,
      );
      expect(probe).toBe('55P03'); // lock_not_available: the waiting completion holds the purse
      await holder.query('commit');
      const done = await completion;
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ member_coins: 10 });
    } finally {
      await holder.query('rollback').catch(() => undefined);
      holder.release();
      prober.release();
    }
  });

  it('a completion waiting for its locks sees a list withdrawn meanwhile, and pays nothing', async () => {
    const { teacherCookie, group, list, todo, member, holder, prober, completion } = await completionWaitingForMember();
    try {
      // The teacher withdraws the list while the completion waits.
      expect((await caller(own.app)('PUT', `/api/group/${group.id}/todolist/reset/${list.id}`, teacherCookie)).statusCode).toBe(200);
      await holder.query('commit');
      expect((await completion).json().errorCode).toBe('TODO.TODO_NOT_FOUND');
      const coins = await prober.query('select (select coins from members where id = $1) as member, (select count(*)::int from coin_ledger where reference = $2) as paid', [member.id, todo?.id]);
      expect(coins.rows[0]).toEqual({ member: 0, paid: 0 });
    } finally {
      await holder.query('rollback').catch(() => undefined);
      holder.release();
      prober.release();
    }
  });

  it("a batch locks each purse, then that teacher's members in id order, as a transfer does: it never holds a later member while waiting for an earlier one", async () => {
    const { db } = own.database;
    const teacher = await buildTeacher(db, { coins: 300 });
    const group = await buildGroup(db, teacher.id);
    const list = await buildTodolist(db, teacher.id);
    await buildTodo(db, list.id, { reward: 10 });
    await showTodolist(db, group.id, 'blue', list.id);
    const [first, second] = (await Promise.all([buildMember(db, group.id), buildMember(db, group.id)])).sort((a, b) => (a.id < b.id ? -1 : 1));
    if (!first || !second) throw new Error('members missing');
    const todoOf = async (member: Awaited<ReturnType<typeof buildMember>>) => {
      const cookie = await signIn(own.app, member, 'member');
      const [todo] = (await caller(own.app)('GET', `/api/membertodos?group_id=${group.id}`, cookie)).json() as { id: string }[];
      return todo!.id;
    };
    const ids = { first: await todoOf(first), second: await todoOf(second) };
    const events = { todosChanged() {}, todoUpdated() {}, sharedListChanged() {}, memberUpdatedTodo() {}, teacherUpdatedMemberTodo() {}, teacherSentBackTodo() {} };
    const service = createMemberTodosService({ db, events, owedRewards: buildOwedRewardsService(db) });

    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const holder = await pool.connect();
    const prober = await pool.connect();
    try {
      // Another transaction holds the first member; the batch asks for the second member's todo first.
      await holder.query('begin');
      await holder.query('select 1 from members where id = $1 for update', [first.id]);
      const batch = Promise.all([
        service.update({ kind: 'member', memberId: second.id }, ids.second, { completed: true }),
        service.update({ kind: 'member', memberId: first.id }, ids.first, { completed: true }),
      ]);
      await expect
        .poll(async () => (await prober.query(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like ${LOCKING_STATEMENT}`)).rows[0].n)
        .toBe(1);
      const probe = (table: string, id: string) =>
        prober.query(`select 1 from ${table} where id = $1 for update nowait`, [id]).then(
          () => 'free',
          (err: { code?: string }) => err.code,
        );
      // Waiting for the first member, it holds the purse and nothing of the second member yet.
      expect(await probe('teachers', teacher.id)).toBe('55P03');
      expect(await probe('members', second.id)).toBe('free');
      await holder.query('commit');
      expect((await batch).map((r) => r.member_coins)).toEqual([10, 10]);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      holder.release();
      prober.release();
    }
  });
});
