import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Database, Db } from '../db/client.ts';
import { listJobRuns, recordJobRun, type JobRunRow } from './jobs.repo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled jobs (app.ts registers them); tests call runNow with a moved clock. */
    jobs: JobRunner;
  }
}

/** What a job is given: the (injectable) clock's time, the database and a logger. */
export interface JobContext {
  now: Date;
  db: Db;
  log: FastifyBaseLogger;
}

/**
 * A scheduled job. Its function must be idempotent and do each unit of work in a transaction of its
 * own, so a run killed midway leaves whole units behind and the next run finishes the rest.
 */
export interface JobDefinition {
  /** Letters, digits, underscores and dashes: the queue's name in pg-boss and the `job` label in /metrics. */
  name: string;
  /** How often it runs: minutes dividing an hour (1..60) or whole hours dividing a day. */
  everyMinutes: number;
  run(ctx: JobContext): Promise<{ rows: number }>;
}

export interface JobRunner {
  /** Adds a job; before start() only. */
  register(job: JobDefinition): void;
  /** Starts the schedules (no-op when scheduling is off). */
  start(): Promise<void>;
  /** Stops the schedules; answers once runs under way in this process have finished. */
  stop(): Promise<void>;
  /**
   * Runs a job once in this process, now or at the given time (tests move the clock), recording it
   * as a scheduled run is recorded. A failure is logged, recorded and thrown.
   */
  runNow(name: string, now?: Date): Promise<{ rows: number }>;
  /** Asks for one run on whichever node takes it first (PostgreSQL), or in this process (PGlite). */
  trigger(name: string): Promise<void>;
  /** The last run of each job, whichever node ran it. */
  lastRuns(): Promise<JobRunRow[]>;
  readonly driver: 'pg-boss' | 'timer' | 'off';
}

export interface JobRunnerOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** The clock jobs see; tests move it. */
  clock?: () => Date;
  /** False: jobs run only through runNow (tests, operator commands). */
  schedule?: boolean;
  /** Test knobs: the timer driver's first delay and retry delay; pg-boss's polling interval. */
  timing?: Partial<JobTiming>;
}

export interface JobTiming {
  /** Timer driver: the wait before a job's first run after start. */
  firstRunMs: number;
  /** Timer driver: the first wait before retrying a failed run (doubling, at most the job's interval). */
  retryMs: number;
  /** pg-boss: how often each node looks for queued runs. */
  pollingSeconds: number;
  /** pg-boss: the first wait before retrying a failed run (doubling with each retry). */
  retryDelaySeconds: number;
}

const DEFAULT_TIMING: JobTiming = { firstRunMs: 60_000, retryMs: 60_000, pollingSeconds: 10, retryDelaySeconds: 60 };

/** Retries on PostgreSQL: up to 5, by default after 1-2, 2-4, 4-8 ... minutes (pg-boss doubles the delay, with jitter). */
const PG_RETRY_LIMIT = 5;
/** A run still active after this (its node died mid-run) is failed by pg-boss's supervisor and retried. */
const PG_EXPIRE_SECONDS = 30 * 60;
export const PG_BOSS_SCHEMA = 'pgboss';
/** The advisory lock nodes take in turn to set pg-boss up. */
const START_LOCK = 'kolikko.jobs.start';

/** An error's message with its causes' (a failed query's names the query, its cause what went wrong). */
function describeError(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e !== undefined && parts.length < 4; e = e instanceof Error ? e.cause : undefined) {
    parts.push(e instanceof Error ? e.message : String(e));
  }
  return parts.join(' <- ');
}

/** The cron expression (UTC) of an interval: `*\/15 * * * *`, `7 *\/6 * * *`. */
export function cronOf(job: Pick<JobDefinition, 'name' | 'everyMinutes'>): string {
  const m = job.everyMinutes;
  // A fixed minute past the hour per job, so hourly jobs do not all start at :00.
  const offset = [...job.name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 60;
  if (Number.isInteger(m) && m >= 1 && m < 60 && 60 % m === 0) return m === 1 ? '* * * * *' : `*/${m} * * * *`;
  if (Number.isInteger(m / 60) && m >= 60 && m <= 1440 && 1440 % m === 0) {
    const hours = m / 60;
    return hours === 24 ? `${offset} 0 * * *` : hours === 1 ? `${offset} * * * *` : `${offset} */${hours} * * *`;
  }
  throw new Error(`job ${job.name}: everyMinutes must divide an hour or be whole hours dividing a day, not ${m}`);
}

/**
 * The job runner (DESIGN.md sections 1 and 6). On PostgreSQL the schedules and runs are pg-boss's:
 * every node registers the same jobs, pg-boss queues one run per tick whatever the number of nodes,
 * one node takes it, a failed run is retried with backoff, and a run whose node died is retried once
 * it expires. On PGlite (one process) each job runs on a timer here, a failed run retried after a
 * minute, doubling. Either way every run is logged and recorded in job_runs (/metrics shows it).
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { database, log } = options;
  const { db } = database;
  const clock = options.clock ?? (() => new Date());
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const jobs = new Map<string, JobDefinition>();
  const scheduled = options.schedule ?? true;
  const driver: JobRunner['driver'] = !scheduled ? 'off' : database.kind === 'postgres' ? 'pg-boss' : 'timer';
  /** Runs under way in this process, awaited by stop(). */
  const running = new Set<Promise<unknown>>();
  let started = false;

  function job(name: string): JobDefinition {
    const found = jobs.get(name);
    if (!found) throw new Error(`no job named ${name}`);
    return found;
  }

  /** One run: timed, logged and recorded; a failure is recorded and thrown. */
  async function execute(name: string, now = clock()): Promise<{ rows: number }> {
    const definition = job(name);
    const jobLog = log.child({ job: name });
    const t0 = performance.now();
    const work = (async () => {
      try {
        const result = await definition.run({ now, db, log: jobLog });
        const durationMs = Math.round(performance.now() - t0);
        await recordJobRun(db, name, { at: now, durationMs, rows: result.rows, error: null });
        jobLog.info({ rows: result.rows, durationMs }, 'job done');
        return result;
      } catch (err) {
        const durationMs = Math.round(performance.now() - t0);
        jobLog.error({ err, durationMs }, 'job failed: it will be retried');
        await recordJobRun(db, name, { at: now, durationMs, rows: 0, error: describeError(err).slice(0, 1000) }).catch((recordErr: unknown) =>
          jobLog.error({ err: recordErr }, 'recording the failed job run failed'),
        );
        throw err;
      }
    })();
    running.add(work);
    try {
      return await work;
    } finally {
      running.delete(work);
    }
  }

  const base = {
    driver,
    register(definition: JobDefinition) {
      if (started) throw new Error('jobs are registered before start()');
      if (!/^[\w-]{1,64}$/.test(definition.name)) throw new Error(`bad job name ${definition.name}`);
      cronOf(definition);
      jobs.set(definition.name, definition);
    },
    runNow: (name: string, now?: Date) => execute(name, now),
    lastRuns: () => listJobRuns(db),
    async settle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };

  if (driver === 'off') {
    return {
      ...base,
      async start() {
        started = true;
      },
      async stop() {
        await base.settle();
      },
      async trigger(name) {
        await execute(name).catch(() => undefined);
      },
    };
  }

  if (driver === 'timer') return timerRunner();
  return pgBossRunner();

  /** PGlite: one process holds the database, so a timer per job in it is the whole schedule. */
  function timerRunner(): JobRunner {
    const timers = new Map<string, NodeJS.Timeout>();
    const busy = new Set<string>();
    let stopped = false;

    function plan(name: string, delayMs: number, failures: number) {
      if (stopped) return;
      const timer = setTimeout(() => void tick(name, failures), delayMs);
      timer.unref();
      timers.set(name, timer);
    }

    async function tick(name: string, failures: number) {
      const interval = job(name).everyMinutes * 60_000;
      clearTimeout(timers.get(name));
      if (busy.has(name)) return plan(name, interval, 0);
      busy.add(name);
      try {
        await execute(name);
        plan(name, interval, 0);
      } catch {
        // Logged and recorded by execute(); tried again sooner than the next tick, never skipped.
        plan(name, Math.min(timing.retryMs * 2 ** failures, interval), failures + 1);
      } finally {
        busy.delete(name);
      }
    }

    return {
      ...base,
      async start() {
        started = true;
        for (const name of jobs.keys()) plan(name, timing.firstRunMs, 0);
      },
      async stop() {
        stopped = true;
        for (const timer of timers.values()) clearTimeout(timer);
        timers.clear();
        await base.settle();
      },
      async trigger(name) {
        // As a scheduled run: a failure is retried.
        await tick(name, 0);
      },
    };
  }

  /** PostgreSQL: pg-boss on our pool, in its own schema. */
  function pgBossRunner(): JobRunner {
    // drizzle's node-postgres database keeps its pool as $client; pg-boss runs its SQL through it.
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
      schema: PG_BOSS_SCHEMA,
      // Jobs kept a week after they ended, for the operator to look at.
      deleteAfterDays: 7,
    });
    boss.on('error', (err: unknown) => log.error({ err }, 'job engine (pg-boss) error'));

    return {
      ...base,
      async start() {
        started = true;
        // Nodes starting together would race to install pg-boss's schema and create the same
        // queues (its own locks leave a window: duplicate schema, deadlocks); one at a time, they
        // find it done. A session lock on a connection of its own, released if the node dies.
        const holder = await pool.connect();
        try {
          await holder.query('select pg_advisory_lock(hashtext($1))', [START_LOCK]);
          try {
            await setUp();
          } finally {
            await holder.query('select pg_advisory_unlock(hashtext($1))', [START_LOCK]);
          }
        } finally {
          holder.release();
        }
      },
      async stop() {
        await boss.stop({ graceful: true, close: false, wait: true, timeout: 30_000 });
        await base.settle();
      },
      async trigger(name) {
        job(name);
        await boss.send(name, {});
      },
    };

    async function setUp() {
      await boss.start();
      for (const definition of jobs.values()) {
        // Stately: at most one queued and one active run of a job at a time, across all nodes.
        const queue = {
          policy: 'stately' as const,
          retryLimit: PG_RETRY_LIMIT,
          retryDelay: timing.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: PG_EXPIRE_SECONDS,
        };
        await boss.createQueue(definition.name, { name: definition.name, ...queue });
        await boss.updateQueue(definition.name, { name: definition.name, ...queue });
        await boss.schedule(definition.name, cronOf(definition), {}, { tz: 'UTC' });
        await boss.work(definition.name, { pollingIntervalSeconds: timing.pollingSeconds }, async () => {
          await execute(definition.name);
        });
      }
    }
  }
}
