import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { testDatabase } from '../test/database.ts';
import { waitFor } from '../test/wait-for.ts';
import { createJobRunner, cronOf, type JobRunner } from './jobs.ts';
import { listJobRuns } from './jobs.repo.ts';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

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
