import { and, asc, count, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { statement } from '../../db/prepared.ts';
import { awardReasons, awards, groups } from '../../db/schema/index.ts';
import { teaches } from '../groups/groups.repo.ts';

export type ReasonRow = typeof awardReasons.$inferSelect;

export async function listReasons(db: DbOrTx, groupId: string): Promise<ReasonRow[]> {
  return db.select().from(awardReasons).where(eq(awardReasons.groupId, groupId)).orderBy(asc(awardReasons.position));
}

export async function findReason(db: DbOrTx, reasonId: string): Promise<ReasonRow | undefined> {
  const [row] = await db.select().from(awardReasons).where(eq(awardReasons.id, reasonId));
  return row;
}

/**
 * Claims a group's default reasons: true once, for the one transaction that sets the flag (two
 * first reads at once do not both seed), false when the group has had them.
 */
export async function claimReasonSeeding(tx: Tx, groupId: string): Promise<boolean> {
  const rows = await tx
    .update(groups)
    .set({ reasonsSeeded: true })
    .where(and(eq(groups.id, groupId), eq(groups.reasonsSeeded, false)))
    .returning({ id: groups.id });
  return rows.length === 1;
}

/** Locks the group's row: changes to one group's reasons (their positions) take turns. */
export async function lockGroupReasons(tx: Tx, groupId: string): Promise<number> {
  await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
  const [row] = await tx.select({ n: count() }).from(awardReasons).where(eq(awardReasons.groupId, groupId));
  return row?.n ?? 0;
}

export async function insertReasons(db: DbOrTx, values: { groupId: string; name: string; icon: string; coins: number; position: number }[]): Promise<ReasonRow[]> {
  if (values.length === 0) return [];
  return db.insert(awardReasons).values(values).returning();
}

export async function updateReason(db: DbOrTx, reasonId: string, values: Partial<Pick<ReasonRow, 'name' | 'icon' | 'coins' | 'position'>>): Promise<ReasonRow | undefined> {
  const [row] = await db.update(awardReasons).set(values).where(eq(awardReasons.id, reasonId)).returning();
  return row;
}

/** Shifts the positions in [from, to] of a group's reasons by `by` (+1 or -1). */
export async function shiftPositions(db: DbOrTx, groupId: string, from: number, to: number, by: 1 | -1): Promise<void> {
  await db
    .update(awardReasons)
    .set({ position: sql`${awardReasons.position} + ${by}` })
    .where(and(eq(awardReasons.groupId, groupId), gte(awardReasons.position, from), lte(awardReasons.position, to)));
}

/** Removes a reason; its awards keep its name and icon, and no longer its id. */
export async function deleteReason(db: DbOrTx, reasonId: string): Promise<void> {
  await db.update(awards).set({ reasonId: null }).where(eq(awards.reasonId, reasonId));
  await db.delete(awardReasons).where(eq(awardReasons.id, reasonId));
}

/** Closes the gap a removed reason left. */
export async function closeGapAfter(db: DbOrTx, groupId: string, position: number): Promise<void> {
  await db
    .update(awardReasons)
    .set({ position: sql`${awardReasons.position} - 1` })
    .where(and(eq(awardReasons.groupId, groupId), gt(awardReasons.position, position)));
}

export async function findNeedsWorkEnabled(db: DbOrTx, groupId: string): Promise<boolean> {
  const [row] = await db.select({ on: groups.needsWorkEnabled }).from(groups).where(eq(groups.id, groupId));
  return row?.on ?? false;
}

// An award with a reason reads it, that its group is one the teacher teaches, and the group's needs-work switch in one prepared statement (bench/reason-award.mjs).
const reasonForAward = statement<{ reasonId: string; teacherId: string }>(
  'reasons_for_award',
  (v) => sql`
    select r.id, r.group_id, r.name, r.icon, r.coins, g.needs_work_enabled
    from award_reasons r join groups g on g.id = r.group_id
    where r.id = ${v.reasonId}::uuid and ${teaches(v.teacherId, sql`g.id`, sql`g.teacher_id`)}`,
);

export async function findReasonForAward(db: Db, teacherId: string, reasonId: string) {
  const [row] = await reasonForAward.read<{ id: string; group_id: string; name: string; icon: string; coins: number; needs_work_enabled: boolean }>(db, { reasonId, teacherId });
  return row && { id: row.id, groupId: row.group_id, name: row.name, icon: row.icon, coins: row.coins, needsWorkEnabled: row.needs_work_enabled };
}
