import { asc, count, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { statement } from '../../db/prepared.ts';
import { rowsOf } from '../../db/raw.ts';
import { owedRewards } from '../../db/schema/index.ts';

export type OwedRewardRow = typeof owedRewards.$inferSelect;

/** A teacher's owed rewards, oldest first: the order they are paid in. */
export async function listOwedOf(db: DbOrTx, teacherId: string): Promise<OwedRewardRow[]> {
  return db.select().from(owedRewards).where(eq(owedRewards.teacherId, teacherId)).orderBy(asc(owedRewards.id));
}

/** How many rewards a teacher's purse owes, and how many coins together. */
export async function owedSummary(db: DbOrTx, teacherId: string): Promise<{ rewards: number; coins: number }> {
  const [row] = await db
    .select({ rewards: count(), coins: sum(owedRewards.amount) })
    .from(owedRewards)
    .where(eq(owedRewards.teacherId, teacherId));
  return { rewards: Number(row?.rewards ?? 0), coins: Number(row?.coins ?? 0) };
}

// Raw and prepared by name: every deduction from a class asks it once committed, and building it
// with the query builder cost more than PostgreSQL's answer (bench/README.md, "The disk under
// the bursts, a skipped broadcast, and the clients' scheduling").
const owesAnything = statement<{ teacherId: string }>(
  'owed_rewards_exist',
  (v) => sql`select exists (select from owed_rewards where teacher_id = ${v.teacherId}::uuid) as owed`,
);

/** Whether the teacher's purse owes anything (the cheap check before settling). */
export async function hasOwed(db: Db, teacherId: string): Promise<boolean> {
  const [row] = await owesAnything.read<{ owed: boolean }>(db, { teacherId });
  return row?.owed === true;
}

/** Teachers whose purse holds coins while it owes rewards (left so by a crash between two transactions). */
export async function teachersToSettle(db: DbOrTx): Promise<string[]> {
  const rows = await db.execute(sql`
    select distinct o.teacher_id as id from owed_rewards o join teachers t on t.id = o.teacher_id where t.coins > 0`);
  return rowsOf<{ id: string }>(rows).map((r) => r.id);
}

/**
 * What paying owed rewards writes (the coins themselves move through the ledger): each row paid in
 * full is deleted, a row paid in part keeps the rest, and each member todo that still exists
 * counts the paid coins as collected.
 */
export async function recordOwedPayments(tx: DbOrTx, payments: { id: number; paid: number; remaining: number; memberTodoId: string | null }[]): Promise<void> {
  const done = payments.filter((p) => p.remaining === 0).map((p) => p.id);
  if (done.length > 0) await tx.delete(owedRewards).where(inArray(owedRewards.id, done));
  for (const p of payments.filter((x) => x.remaining > 0)) {
    await tx.update(owedRewards).set({ amount: p.remaining }).where(eq(owedRewards.id, p.id));
  }
  const collected = payments.filter((p): p is typeof p & { memberTodoId: string } => p.memberTodoId !== null);
  if (collected.length > 0) {
    await tx.execute(sql`
      update member_todos set reward_collected = member_todos.reward_collected + v.paid, updated_at = now()
      from unnest(${sql.param(collected.map((p) => p.memberTodoId))}::uuid[], ${sql.param(collected.map((p) => p.paid))}::integer[]) as v(id, paid)
      where member_todos.id = v.id`);
  }
}

/**
 * Cancels what member todos owe (they were un-completed, or their todo's answer type changed).
 * Answers the teachers whose purse owed any of it.
 */
export async function cancelOwed(tx: DbOrTx, memberTodoIds: string[]): Promise<string[]> {
  if (memberTodoIds.length === 0) return [];
  const rows = await tx.delete(owedRewards).where(inArray(owedRewards.memberTodoId, memberTodoIds)).returning({ teacherId: owedRewards.teacherId });
  return [...new Set(rows.map((r) => r.teacherId))];
}

/** Records what completions owe (a completion again replaces what its member todo owed before). */
export async function recordOwed(
  tx: DbOrTx,
  rows: { memberTodoId: string; teacherId: string; memberId: string; groupId: string; amount: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into owed_rewards (member_todo_id, teacher_id, member_id, group_id, amount)
    select * from unnest(${sql.param(rows.map((r) => r.memberTodoId))}::uuid[], ${sql.param(rows.map((r) => r.teacherId))}::uuid[],
      ${sql.param(rows.map((r) => r.memberId))}::uuid[], ${sql.param(rows.map((r) => r.groupId))}::uuid[], ${sql.param(rows.map((r) => r.amount))}::integer[])
    on conflict (member_todo_id) do update set amount = excluded.amount`);
}
