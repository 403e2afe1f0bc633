import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ssoFlows, teacherIdentities, teachers } from '../../db/schema/index.ts';

export type SsoFlowRow = typeof ssoFlows.$inferSelect;
export type IdentityRow = typeof teacherIdentities.$inferSelect;

export async function insertFlow(db: DbOrTx, values: typeof ssoFlows.$inferInsert): Promise<void> {
  await db.insert(ssoFlows).values(values);
}

/** Takes a flow once: the row is deleted as it is read, so a replayed callback finds nothing. */
export async function takeFlow(db: DbOrTx, tokenHash: string, now: Date): Promise<SsoFlowRow | undefined> {
  const [row] = await db.delete(ssoFlows).where(eq(ssoFlows.tokenHash, tokenHash)).returning();
  return row && row.expiresAt > now ? row : undefined;
}

/** A flow waiting for the teacher (a username, or a password), read without taking it. */
export async function findFlow(db: DbOrTx, tokenHash: string, now: Date): Promise<SsoFlowRow | undefined> {
  const [row] = await db.select().from(ssoFlows).where(eq(ssoFlows.tokenHash, tokenHash));
  return row && row.expiresAt > now && row.subject !== null ? row : undefined;
}

export async function deleteExpiredFlows(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, now));
}

export async function findIdentity(db: DbOrTx, provider: string, subject: string): Promise<IdentityRow | undefined> {
  const [row] = await db.select().from(teacherIdentities).where(and(eq(teacherIdentities.provider, provider), eq(teacherIdentities.subject, subject)));
  return row;
}

export async function insertIdentity(db: DbOrTx, values: { teacherId: string; provider: string; subject: string; email: string | null }): Promise<void> {
  await db.insert(teacherIdentities).values(values);
}

export async function listIdentities(db: DbOrTx, teacherId: string): Promise<IdentityRow[]> {
  return db.select().from(teacherIdentities).where(eq(teacherIdentities.teacherId, teacherId)).orderBy(asc(teacherIdentities.createdAt));
}

/**
 * Unlinks a provider unless it is the account's last way to sign in (no other provider and no
 * password). The teacher row is locked first, so two unlinks at once cannot both pass.
 * Answers 'unlinked', 'last' or 'none' (not linked).
 */
export async function unlinkIdentity(tx: DbOrTx, teacherId: string, provider: string, hasPassword: (hash: string) => boolean): Promise<'unlinked' | 'last' | 'none'> {
  const [teacher] = await tx.select({ passwordHash: teachers.passwordHash }).from(teachers).where(eq(teachers.id, teacherId)).for('update');
  const linked = await tx.select({ provider: teacherIdentities.provider }).from(teacherIdentities).where(eq(teacherIdentities.teacherId, teacherId));
  if (!linked.some((l) => l.provider === provider)) return 'none';
  if (linked.length === 1 && !(teacher && hasPassword(teacher.passwordHash))) return 'last';
  await tx.delete(teacherIdentities).where(and(eq(teacherIdentities.teacherId, teacherId), eq(teacherIdentities.provider, provider)));
  return 'unlinked';
}

export async function teacherIdByEmail(db: DbOrTx, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: teachers.id }).from(teachers).where(and(eq(sql`lower(${teachers.email})`, email.toLowerCase()), sql`${teachers.demoId} is null`));
  return row?.id;
}
