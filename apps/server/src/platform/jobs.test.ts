import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { queryRows } from '../db/reset.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { testDatabase } from '../test/database.ts';
import { createJobRunner, cronOf, type JobRunner } from './jobs.ts';
import { listJobRuns } from './jobs.repo.ts';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

/** Polls `check` until it answers something other than undefined (no timing is asserted). */
async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('cronOf', () => {
  it('turns intervals into UTC cron expressions and refuses the others', () => {
    expect(cronOf({ name: 'a', everyMinutes: 1 })).toBe('* * * * *');
    expect(cronOf({ name: 'a', everyMinutes: 15 })).toBe('*/15 * * * *');
    // Hourly and longer: at a fixed minute of the job's own (a is 97 -> 37).
    expect(cronOf({ name: 'a', everyMinutes: 60 })).toBe('37 * * * *');
    expect(cronOf({ name: 'a', everyMinutes: 360 })).toBe('37 */6 * * *');
    expect(cronOf({ name: 'a', everyMinutes: 1440 })).toBe('37 0 * * *');
    for (const bad of [0, 7, 90, 1.5, 2880]) expect(() => cronOf({ name: 'a', everyMinutes: bad })).toThrow(/everyMinutes/);
  });
});

describe('the runner on the suite database (a timer on PGlite, pg-boss on PostgreSQL)', () => {
  let runner: JobRunner | undefined;
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
  });

  it('runs a job with the injected clock and records the run', async () => {
    const database = await testDatabase();
    const at = new Date('2031-05-06T07:08:09Z');
    const seen: Date[] = [];
    runner = createJobRunner({ database, log, schedule: false, clock: () => at });
    runner.register({ name: 'clocked', everyMinutes: 60, run: async ({ now }) => (seen.push(now), { rows: 3 }) });
    await runner.start();
    expect(await runner.runNow('clocked')).toEqual({ rows: 3 });
    const later = new Date('2033-01-01T00:00:00Z');
    await runner.runNow('clocked', later);
    expect(seen).toEqual([at, later]);
    const [row] = await listJobRuns(database.db);
    expect(row).toMatchObject({ name: 'clocked', lastRunAt: later, lastSuccessAt: later, lastRows: 3, runs: 2, failures: 0, lastError: null });
    await expect(runner.runNow('nope')).rejects.toThrow(/no job named nope/);
  });

  it('logs, records and retries a failed run: it is never skipped', async () => {
    const database = await testDatabase();
    const errors: unknown[] = [];
    const watched = pino({ level: 'error' }, { write: (line: string) => void errors.push(JSON.parse(line)) }) as unknown as FastifyBaseLogger;
    let calls = 0;
    runner = createJobRunner({ database, log: watched, timing: { firstRunMs: 3_600_000, retryMs: 10, pollingSeconds: 1, retryDelaySeconds: 1 } });
    runner.register({
      name: 'flaky',
      everyMinutes: 60,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database went away');
        return { rows: 1 };
      },
    });
    await runner.start();
    await runner.trigger('flaky');
    const row = await waitFor('the retried run', async () => {
      const [r] = await listJobRuns(database.db);
      return r && r.runs >= 2 ? r : undefined;
    });
    expect(calls).toBe(2);
    expect(row).toMatchObject({ runs: 2, failures: 1, lastError: null, lastRows: 1 });
    expect(errors).toEqual([expect.objectContaining({ job: 'flaky', msg: 'job failed: it will be retried', err: expect.objectContaining({ message: 'database went away' }) })]);
  });
});

describe('/metrics', () => {
  it("shows each job's last run, duration, rows and failures", async () => {
    const { app } = await buildTestApp();
    await app.jobs.runNow('purge-expired', new Date('2030-01-02T03:04:05Z'));
    const body = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(body).toContain(`kolikko_job_last_run_timestamp_seconds{job="purge-expired"} ${Date.parse('2030-01-02T03:04:05Z') / 1000}`);
    expect(body).toContain('kolikko_job_last_rows{job="purge-expired"} 0');
    expect(body).toContain('kolikko_job_failures{job="purge-expired"} 0');
    expect(body).toContain('kolikko_job_runs{job="purge-expired"} 1');
    expect(body).toMatch(/kolikko_job_last_duration_seconds\{job="purge-expired"\} [\d.e-]+\n/);
  });
});

/**
 * Two nodes (two runners, each with its own pool) on a PostgreSQL database of their own, made
 * for this file: the schedule's runs happen once between them.
 */
describe('pg-boss: two nodes on one PostgreSQL', () => {
  const base = loadConfig().databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `kolikko_jobs_${process.env.VITEST_POOL_ID ?? '0'}`;
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
