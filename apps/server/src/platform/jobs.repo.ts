import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { jobRuns } from '../db/schema/index.ts';

export type JobRunRow = typeof jobRuns.$inferSelect;

/** Records a run of a job: a success (error null) or a failure. */
export async function recordJobRun(db: DbOrTx, name: string, run: { at: Date; durationMs: number; rows: number; error: string | null }): Promise<void> {
  const failed = run.error === null ? 0 : 1;
  await db
    .insert(jobRuns)
    .values({
      name,
      lastRunAt: run.at,
      lastSuccessAt: failed ? null : run.at,
      lastDurationMs: run.durationMs,
      lastRows: run.rows,
      runs: 1,
      failures: failed,
      lastError: run.error,
    })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: {
        lastRunAt: run.at,
        lastSuccessAt: failed ? sql`${jobRuns.lastSuccessAt}` : run.at,
        lastDurationMs: run.durationMs,
        lastRows: failed ? sql`${jobRuns.lastRows}` : run.rows,
        runs: sql`${jobRuns.runs} + 1`,
        failures: sql`${jobRuns.failures} + ${failed}`,
        lastError: run.error,
      },
    });
}

export async function listJobRuns(db: DbOrTx): Promise<JobRunRow[]> {
  return db.select().from(jobRuns).orderBy(asc(jobRuns.name));
}
