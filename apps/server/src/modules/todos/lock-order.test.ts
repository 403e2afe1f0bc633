import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { caller, signIn } from '../../test/build-test-app.ts';
import { createMemberTodosService } from './member-todos.service.ts';
import { buildGroup, buildMember, buildOwedRewardsService, buildTeacher, buildTodo, buildTodolist, showTodolist } from '../../test/factories.ts';

/**
 * Lock order needs two connections waiting on each other, so this file always runs on
 * PostgreSQL (DATABASE_URL, or the local server CI starts), on a database of its own, also when
 * the rest of the suite runs on PGlite.
 */
const PG_URL = loadConfig().databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `kolikko_lock_order_${process.env.VITEST_POOL_ID ?? '0'}`;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  await admin(async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  database = await openDatabase({ databaseUrl: url.toString() });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA: 'off', PUBLIC_URL: 'http://localhost:3000', WEB_DIST: '/nonexistent' });
  app = await buildApp({ config, database });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await admin(async (c) => {
    // The pool's end() answers before its connections have closed; a forced drop would then
    // terminate them and their clients, no longer listened to, would throw.
    for (let waited = 0; waited < 10_000; waited += 50) {
      const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await c.query(`drop database if exists ${name} with (force)`);
  });
});

/**
 * A teacher with a list of one 10-coin todo shown to a group's student, and that student's
 * completion waiting for its locks: another transaction (`holder`) holds the member row.
 * `prober` is a connection outside any transaction (inside one, pg_stat_activity is a snapshot
 * that never changes). The caller commits or rolls back `holder` and releases both.
 */
async function completionWaitingForMember() {
  const { db } = database;
  const call = caller(app);
  const teacher = await buildTeacher(db, { coins: 300 });
  const group = await buildGroup(db, teacher.id);
  const list = await buildTodolist(db, teacher.id);
  await buildTodo(db, list.id, { reward: 10 });
  await showTodolist(db, group.id, 'blue', list.id);
  const member = await buildMember(db, group.id);
  const cookie = await signIn(app, member, 'member');
  // Signed in first: a login writes the teacher row, which the waiting completion holds.
  const teacherCookie = await signIn(app, teacher, 'teacher');
  const [todo] = (await call('GET', `/api/membertodos?group_id=${group.id}`, cookie)).json() as { id: string }[];

  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const holder = await pool.connect();
  const prober = await pool.connect();
  await holder.query('begin');
  await holder.query('select 1 from members where id = $1 for update', [member.id]);
  const completion = call('PUT', '/api/membertodo', cookie, { mtodo_id: todo?.id, updates: { completed: true } });
  await expect
    .poll(async () => (await prober.query(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%for no key update of%'`)).rows[0].n)
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
      expect((await caller(app)('PUT', `/api/group/${group.id}/todolist/reset/${list.id}`, teacherCookie)).statusCode).toBe(200);
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
    const { db } = database;
    const teacher = await buildTeacher(db, { coins: 300 });
    const group = await buildGroup(db, teacher.id);
    const list = await buildTodolist(db, teacher.id);
    await buildTodo(db, list.id, { reward: 10 });
    await showTodolist(db, group.id, 'blue', list.id);
    const [first, second] = (await Promise.all([buildMember(db, group.id), buildMember(db, group.id)])).sort((a, b) => (a.id < b.id ? -1 : 1));
    if (!first || !second) throw new Error('members missing');
    const todoOf = async (member: Awaited<ReturnType<typeof buildMember>>) => {
      const cookie = await signIn(app, member, 'member');
      const [todo] = (await caller(app)('GET', `/api/membertodos?group_id=${group.id}`, cookie)).json() as { id: string }[];
      return todo!.id;
    };
    const ids = { first: await todoOf(first), second: await todoOf(second) };
    const events = { todosChanged() {}, todoUpdated() {}, sharedListChanged() {}, memberUpdatedTodo() {}, teacherUpdatedMemberTodo() {} };
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
        .poll(async () => (await prober.query(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%for no key update of%'`)).rows[0].n)
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
