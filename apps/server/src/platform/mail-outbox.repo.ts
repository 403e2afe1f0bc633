import { asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { Mail } from './mail.ts';

export async function insertOutboxMail(db: DbOrTx, mail: Mail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

export async function listOutboxMail(db: DbOrTx) {
  return db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
}

/**
 * Queues a mail for the relay (platform/mail-relay.ts), due at once. Written in the caller's
 * transaction, together with what the mail is about: both are kept, or neither.
 */
export async function queueOutboxMail(db: DbOrTx, mail: Mail): Promise<void> {
  await db.insert(mailOutbox).values({ ...mail, sendAfter: sql`now()` });
}

export interface QueuedMail extends Mail {
  id: number;
  /** Attempts including the one this claim is for. */
  attempts: number;
  /** When it was queued. */
  createdAt: Date;
}

/**
 * Claims up to `limit` mails due at `now` (the relay's clock) for one attempt each: their time moves `leaseMs` ahead, so no
 * other node (or later run) takes them meanwhile, and comes round again if this one dies mid-send.
 * Rows another node is claiming at the same moment are skipped, not waited for.
 */
export async function claimDueOutboxMail(db: DbOrTx, limit: number, leaseMs: number, now: Date): Promise<QueuedMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    // A mail is queued at the database's now(): due too if this node's clock is a little behind it.
    .where(lte(mailOutbox.sendAfter, sql`greatest(now(), ${now.toISOString()}::timestamptz)`))
    .orderBy(asc(mailOutbox.sendAfter))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ sendAfter: new Date(now.getTime() + leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return rows
    .sort((a, b) => a.id - b.id)
    .map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, html: r.html, attempts: r.attempts, createdAt: r.createdAt, ...(r.replyTo ? { replyTo: r.replyTo } : {}) }));
}

/** Sent: the mail leaves the outbox. */
export async function deleteOutboxMail(db: DbOrTx, id: number): Promise<void> {
  await db.delete(mailOutbox).where(eq(mailOutbox.id, id));
}

/** Failed: due again at `at`, or, with null, kept here and not tried again. */
export async function rescheduleOutboxMail(db: DbOrTx, id: number, at: Date | null, error: string | null): Promise<void> {
  await db.update(mailOutbox).set({ sendAfter: at, lastError: error }).where(eq(mailOutbox.id, id));
}

/** How many mails wait to be sent (for tests and the log). */
export async function countQueuedOutboxMail(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(isNotNull(mailOutbox.sendAfter));
  return row?.n ?? 0;
}
