import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw.ts';
import { coinLedger, groupPicks, groups, groupToolkit, members } from '../../db/schema/index.ts';

export type ToolkitRow = typeof groupToolkit.$inferSelect;

/** The group's students as the board draws them. */
export async function listBoardMembers(db: DbOrTx, groupId: string) {
  return db
    .select({ id: members.id, username: members.username, face: members.face, hair: members.hair, skinTone: members.skinTone, coins: members.coins })
    .from(members)
    .where(eq(members.groupId, groupId));
}

/**
 * Coins each of these members earned since `since`: awards and task rewards in, less what was
 * undone or taken back from a task. A "needs work" award (teacher_deduction) is not counted, nor
 * its undo: the board never shows one. Found by the ledger's account index.
 */
export async function coinsEarnedSince(db: DbOrTx, memberIds: string[], since: Date): Promise<Map<string, number>> {
  if (memberIds.length === 0) return new Map();
  const accounts = sql.param(memberIds.map((id) => `member:${id}`));
  const result = await db.execute(sql`
    select account, sum(delta)::int as earned from (
      select to_account as account, amount as delta from ${coinLedger}
        where to_account = any(${accounts}::text[]) and at >= ${since} and reason in ('teacher_award', 'todo_reward')
      union all
      select from_account, -amount from ${coinLedger}
        where from_account = any(${accounts}::text[]) and at >= ${since} and reason in ('award_undo', 'todo_reward_revoked')
    ) moved group by account`);
  return new Map(rowsOf<{ account: string; earned: number }>(result).map((r) => [r.account.slice('member:'.length), Math.max(0, Number(r.earned))]));
}

/** Locks the group's row: picks, teams and timer changes of one group take turns (two screens agree). */
export async function lockGroup(tx: Tx, groupId: string): Promise<void> {
  await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
}

export async function listMemberIds(db: DbOrTx, groupId: string): Promise<string[]> {
  const rows = await db.select({ id: members.id }).from(members).where(eq(members.groupId, groupId)).orderBy(asc(members.createdAt), asc(members.id));
  return rows.map((r) => r.id);
}

/** Who has been picked in the group on that day, in the order they were. */
export async function listPicks(db: DbOrTx, groupId: string, day: string): Promise<string[]> {
  const rows = await db
    .select({ memberId: groupPicks.memberId })
    .from(groupPicks)
    .where(and(eq(groupPicks.groupId, groupId), eq(groupPicks.pickedOn, day)))
    .orderBy(asc(groupPicks.pickedAt), asc(sql`ctid`));
  return rows.map((r) => r.memberId);
}

export async function insertPick(db: DbOrTx, groupId: string, memberId: string, day: string, at: Date): Promise<void> {
  await db.insert(groupPicks).values({ groupId, memberId, pickedOn: day, pickedAt: at });
}

/** Starts the group's round over: its picks of every day go. */
export async function clearPicks(db: DbOrTx, groupId: string): Promise<void> {
  await db.delete(groupPicks).where(eq(groupPicks.groupId, groupId));
}

export async function findToolkit(db: DbOrTx, groupId: string): Promise<ToolkitRow | undefined> {
  const [row] = await db.select().from(groupToolkit).where(eq(groupToolkit.groupId, groupId));
  return row;
}

export async function saveToolkit(db: DbOrTx, groupId: string, values: Partial<Omit<ToolkitRow, 'groupId' | 'updatedAt'>>, at: Date): Promise<ToolkitRow> {
  const [row] = await db
    .insert(groupToolkit)
    .values({ groupId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: groupToolkit.groupId, set: { ...values, updatedAt: at } })
    .returning();
  if (!row) throw new Error('saving the toolkit returned nothing');
  return row;
}
