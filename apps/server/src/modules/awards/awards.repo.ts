import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { awards, coinLedger } from '../../db/schema/index.ts';
import { statement, type Connection } from '../../db/prepared.ts';

export type AwardRow = typeof awards.$inferSelect;

/** The award, locked for the rest of the transaction: undos of one award take turns. */
export async function lockAward(tx: Tx, awardId: string): Promise<AwardRow | undefined> {
  const [row] = await tx.select().from(awards).where(eq(awards.id, awardId)).for('update');
  return row;
}

export async function markUndone(tx: Tx, awardId: string, at: Date): Promise<void> {
  await tx.update(awards).set({ undoneAt: at }).where(eq(awards.id, awardId));
}

/**
 * The award's own coin movements (one a student): what its undo takes back. They are the
 * award's rows in the ledger id range its row records (written by one statement), read by
 * primary key; an award that moved no coins has none.
 */
export async function listAwardMovements(db: DbOrTx, award: Pick<AwardRow, 'id' | 'ledgerFirst' | 'ledgerLast'>) {
  if (award.ledgerFirst === null || award.ledgerLast === null) return [];
  return db
    .select({ from: coinLedger.fromAccount, to: coinLedger.toAccount, amount: coinLedger.amount, groupId: coinLedger.groupId })
    .from(coinLedger)
    .where(
      and(
        between(coinLedger.id, award.ledgerFirst, award.ledgerLast),
        eq(coinLedger.reference, award.id),
        inArray(coinLedger.reason, ['teacher_award', 'teacher_deduction']),
      ),
    )
    .orderBy(asc(coinLedger.id));
}

/** The reason names of these awards (the ledger rows' references), for history; awards without a reason are left out. */
export async function findReasonNames(db: DbOrTx, awardIds: string[]): Promise<Map<string, string>> {
  if (awardIds.length === 0) return new Map();
  const rows = await db
    .select({ id: awards.id, name: awards.reasonName })
    .from(awards)
    .where(and(inArray(awards.id, awardIds), sql`${awards.reasonName} is not null`));
  return new Map(rows.map((r) => [r.id, r.name ?? '']));
}

// An award that moves no coins (a take-back from students who have none) writes its row alone; the others with their coins (moveCoinsMany).
const insertAwardStatement = statement<{ id: string; teacherId: string; reasonId: string | null; reasonName: string | null; reasonIcon: string | null; coins: number; createdAt: Date }>(
  'awards_insert',
  (v) => sql`
    insert into awards (id, teacher_id, reason_id, reason_name, reason_icon, coins, created_at)
    values (${v.id}::uuid, ${v.teacherId}::uuid, ${v.reasonId}::uuid, ${v.reasonName}::text, ${v.reasonIcon}::text, ${v.coins}::int, ${v.createdAt}::timestamptz)`,
);

export async function insertAwardOn(
  tx: DbOrTx,
  connection: Connection,
  values: { id: string; teacherId: string; reasonId: string | null; reasonName: string | null; reasonIcon: string | null; coins: number; createdAt: Date },
): Promise<void> {
  await insertAwardStatement.run(tx, connection, values);
}
