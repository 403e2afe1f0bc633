import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { coinPurchases, teachers } from '../../db/schema/index.ts';

export type CoinPurchaseRow = typeof coinPurchases.$inferSelect;
export type NewCoinPurchase = typeof coinPurchases.$inferInsert;

export async function insertCoinPurchase(db: DbOrTx, row: NewCoinPurchase): Promise<void> {
  await db.insert(coinPurchases).values(row);
}

export async function findCoinPurchase(db: DbOrTx, paymentIntentId: string): Promise<CoinPurchaseRow | undefined> {
  const [row] = await db.select().from(coinPurchases).where(eq(coinPurchases.paymentIntentId, paymentIntentId));
  return row;
}

/**
 * Marks a purchase paid if it was not yet: the row only when this call changed it, so of any
 * number of deliveries of one payment, exactly one gets it (and credits the coins).
 */
export async function markCoinPurchaseSucceeded(db: DbOrTx, paymentIntentId: string): Promise<CoinPurchaseRow | undefined> {
  const [row] = await db
    .update(coinPurchases)
    .set({ status: 'succeeded', creditedAt: new Date() })
    .where(and(eq(coinPurchases.paymentIntentId, paymentIntentId), eq(coinPurchases.status, 'created')))
    .returning();
  return row;
}

/** Credited purchases by payment intent id (the ledger rows' reference), for the purchase history. */
export async function findCreditedPurchases(db: DbOrTx, paymentIntentIds: string[]): Promise<CoinPurchaseRow[]> {
  if (paymentIntentIds.length === 0) return [];
  return db
    .select()
    .from(coinPurchases)
    .where(and(inArray(coinPurchases.paymentIntentId, paymentIntentIds), eq(coinPurchases.status, 'succeeded')));
}

/** Where a teacher's receipt goes. */
export async function findTeacherContact(db: DbOrTx, teacherId: string): Promise<{ username: string; email: string } | undefined> {
  const [row] = await db.select({ username: teachers.username, email: teachers.email }).from(teachers).where(eq(teachers.id, teacherId));
  return row;
}
