import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { queryRows } from '../db/reset.ts';
import { waitFor } from '../test/wait-for.ts';
import { createJobRunner, type JobRunner } from './jobs.ts';
import { listJobRuns } from './jobs.repo.ts';
import { testWorker } from '../test/worker.ts';

// The schedule on PostgreSQL, on a database of this file's own: it runs the same whatever the
// suite's database is, so CI runs it once (scripts/suite-database-tests.mjs). The runner on the
// suite's database is jobs.test.ts.

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

/**
 * Two nodes (two runners, each with its own pool) on a PostgreSQL database of their own, made
 * for this file: the schedule's runs happen once between them.
 */
describe('pg-boss: two nodes on one PostgreSQL', () => {
  const base = loadConfig().databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `kolikko_jobs_${testWorker()}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  const databases: Database[] = [];
  const runners: JobRunner[] = [];

  async function admin(query: string) {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
    for (let node = 0; node < 2; node++) databases.push(await openDatabase({ databaseUrl: url.toString(), poolSize: 4 }));
  });

  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    for (const database of databases) await database.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('runs each scheduled run on exactly one node', { timeout: 300_000 }, async () => {
    const [first, second] = databases as [Database, Database];
    await first.db.execute(sql`create table job_hits (node int not null, job uuid not null)`);
    for (const [node, database] of [first, second].entries()) {
      const runner = createJobRunner({ database, log, timing: { pollingSeconds: 1 } });
      runner.register({
        name: 'every-minute',
        everyMinutes: 1,
        // Stately: at most one run of the job is active, so the active row is this run's job.
        run: async ({ db }) => {
          await db.execute(sql`insert into job_hits (node, job) select ${node}, id from pgboss.job where name = 'every-minute' and state = 'active'`);
          return { rows: 1 };
        },
      });
      runners.push(runner);
    }
    await Promise.all(runners.map((r) => r.start()));
    // Two ticks of the schedule (a minute apart), however long the machine takes.
    await waitFor(
      'two scheduled runs',
      async () => {
        const [row] = await queryRows<{ n: number }>(first.db, sql`select count(*)::int as n from job_hits`);
        return (row?.n ?? 0) >= 2 ? true : undefined;
      },
      240_000,
    );
    await Promise.all(runners.map((r) => r.stop()));
    // Each run is of a job of its own: no job ran on both nodes, or twice on one.
    const hits = await queryRows<{ job: string; n: number }>(first.db, sql`select job::text, count(*)::int as n from job_hits group by 1`);
    expect(hits.length).toBeGreaterThanOrEqual(2);
    expect(hits.map((h) => h.n)).toEqual(hits.map(() => 1));
    // Each minute's tick queued one job, however many nodes had the schedule. (When a run happens
    // is not a tick's minute: on a busy machine a tick's run can fall in the next minute.)
    const ticks = await queryRows<{ minute: string; n: number }>(
      first.db,
      sql`select singleton_on::text as minute, count(*)::int as n from pgboss.job where name = '__pgboss__send-it' group by 1`,
    );
    expect(ticks.map((t) => t.n)).toEqual(ticks.map(() => 1));
    const [jobs] = await queryRows<{ n: number }>(first.db, sql`select count(*)::int as n from pgboss.job where name = 'every-minute'`);
    expect(jobs!.n).toBeLessThanOrEqual(ticks.length);
    // pg-boss queued one run per tick, each ran once and none failed or was retried. A later tick
    // may be queued (created), and one that had begun when the nodes stopped may still read as
    // active (CI saw its hit written and the stop returning before pg-boss marked it completed).
    const states = await queryRows<{ state: string; n: number }>(first.db, sql`select state::text, count(*)::int as n from pgboss.job where name = 'every-minute' group by 1`);
    const count = (state: string) => states.find((s) => s.state === state)?.n ?? 0;
    const runs = hits.length;
    expect(states.filter((s) => !['created', 'active', 'completed'].includes(s.state))).toEqual([]);
    expect(count('active')).toBeLessThanOrEqual(1);
    expect(count('completed')).toBeLessThanOrEqual(runs);
    expect(count('completed') + count('active')).toBeGreaterThanOrEqual(runs);
    const [run] = await listJobRuns(second.db);
    expect(run).toMatchObject({ name: 'every-minute', failures: 0 });
    expect(run!.runs).toBeGreaterThanOrEqual(count('completed'));
    expect(run!.runs).toBeLessThanOrEqual(runs);
  });
});
