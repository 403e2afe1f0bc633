import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { authAttempts, captchaUsed, contactMessages, groups, mailOutbox, members, oneTimeTokens, sessions, teachers } from '../../db/schema/index.ts';

/** A teacher's last activity: the last login, or the signup for one who never logged in. */
const teacherActive = sql<Date>`coalesce(${teachers.lastLoginAt}, ${teachers.createdAt})`;
/** A member's last activity: the last login, or when it was made. */
const memberActive = sql<Date>`coalesce(${members.lastLoginAt}, ${members.createdAt})`;

/** Demo classrooms are removed by their own sweep (modules/demo), within an hour. */
const notDemo = isNull(teachers.demoId);

/** Not warned since its last activity: a login after a warning starts the count afresh. */
const notWarnedSinceActive = or(isNull(teachers.inactivityWarnedAt), lt(teachers.inactivityWarnedAt, teacherActive));

/**
 * Marks one teacher inactive since `activeBefore` and not yet warned as warned at `now`, answering
 * its address; nothing when none is left. Run in the transaction that queues the mail: the mail
 * goes out once, with the mark, or neither. Rows another run is warning are skipped.
 */
export async function claimTeacherToWarn(tx: DbOrTx, activeBefore: Date, now: Date) {
  const due = tx
    .select({ id: teachers.id })
    .from(teachers)
    .where(and(notDemo, lte(teacherActive, activeBefore), notWarnedSinceActive))
    .orderBy(teacherActive)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await tx
    .update(teachers)
    .set({ inactivityWarnedAt: now })
    .where(inArray(teachers.id, due))
    .returning({ id: teachers.id, email: teachers.email, username: teachers.username, lastLoginAt: teachers.lastLoginAt, createdAt: teachers.createdAt });
  return row && { id: row.id, email: row.email, username: row.username, lastActiveAt: row.lastLoginAt ?? row.createdAt };
}

/** Deletion is due: inactive since `activeBefore`, warned after the last activity and no later than `warnedBefore`. */
function teacherDeletionDue(activeBefore: Date, warnedBefore: Date): SQL | undefined {
  return and(
    notDemo,
    lte(teacherActive, activeBefore),
    isNotNull(teachers.inactivityWarnedAt),
    gte(teachers.inactivityWarnedAt, teacherActive),
    lte(teachers.inactivityWarnedAt, warnedBefore),
  );
}

export async function listTeachersDueForDeletion(db: DbOrTx, activeBefore: Date, warnedBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(teacherDeletionDue(activeBefore, warnedBefore))
    .orderBy(teacherActive)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Whether the teacher's deletion is still due (checked again under the row's lock, in the deleting transaction). */
export async function teacherStillDue(tx: DbOrTx, teacherId: string, activeBefore: Date, warnedBefore: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: teachers.id })
    .from(teachers)
    .where(and(eq(teachers.id, teacherId), teacherDeletionDue(activeBefore, warnedBefore)));
  return row !== undefined;
}

/** Whether the member is still inactive since `activeBefore` (checked again with its row locked). */
export async function memberStillDue(tx: DbOrTx, memberId: string, activeBefore: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), lte(memberActive, activeBefore)));
  return row !== undefined;
}

/** Members (not of a demo) inactive since `activeBefore`, with their teachers. */
export async function listMembersDueForDeletion(db: DbOrTx, activeBefore: Date, limit: number) {
  return db
    .select({ id: members.id, teacherId: groups.teacherId })
    .from(members)
    .innerJoin(groups, eq(groups.id, members.groupId))
    .innerJoin(teachers, eq(teachers.id, groups.teacherId))
    .where(and(notDemo, lte(memberActive, activeBefore)))
    .orderBy(memberActive)
    .limit(limit);
}

/**
 * Deletes up to `batch` rows of `table` matching `where`, in one statement (so one transaction);
 * answers how many.
 */
async function deleteBatch(db: Db, table: PgTable, key: PgColumn, where: SQL | undefined, batch: number): Promise<number> {
  const chosen = db.select({ key }).from(table).where(where).limit(batch);
  const deleted = await db.delete(table).where(inArray(key, chosen)).returning({ key });
  return deleted.length;
}

/** Deletes every row matching `where`, a batch per statement; answers how many. */
export async function deleteAll(db: Db, table: PgTable, key: PgColumn, where: SQL | undefined, batch = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await deleteBatch(db, table, key, where, batch);
    total += n;
    if (n < batch) return total;
  }
}

export const purgeable = {
  /** Sessions past their end (a request with one is refused anyway). */
  sessions: (now: Date) => ({ table: sessions, key: sessions.tokenHash, where: lt(sessions.expiresAt, now) }),
  /** Verification and reset links past their end, used or not. */
  oneTimeTokens: (now: Date) => ({ table: oneTimeTokens, key: oneTimeTokens.tokenHash, where: lt(oneTimeTokens.expiresAt, now) }),
  /** Spent captcha solutions whose challenge has expired (it could not be solved again anyway). */
  captchaUsed: (now: Date) => ({ table: captchaUsed, key: captchaUsed.signature, where: lt(captchaUsed.expiresAt, now) }),
  /**
   * Attempt counts that no longer limit anything: no attempt since `quietSince` (longer than any
   * policy remembers), no block still running, and no sign-in that still makes an address known.
   */
  authAttempts: (now: Date, quietSince: Date, knownSince: Date) => ({
    table: authAttempts,
    key: authAttempts.key,
    where: and(
      or(isNull(authAttempts.lastAt), lt(authAttempts.lastAt, quietSince)),
      or(isNull(authAttempts.blockedUntil), lt(authAttempts.blockedUntil, now)),
      or(isNull(authAttempts.succeededAt), lt(authAttempts.succeededAt, knownSince)),
    ),
  }),
  /** Mail kept in the outbox (no SMTP, or given up) older than `before`; queued mail is the relay's. */
  keptMail: (before: Date) => ({ table: mailOutbox, key: mailOutbox.id, where: and(isNull(mailOutbox.sendAfter), lt(mailOutbox.createdAt, before)) }),
  /** Contact form messages older than `before` (the privacy policy says how long they are kept). */
  contactMessages: (before: Date) => ({ table: contactMessages, key: contactMessages.id, where: lt(contactMessages.createdAt, before) }),
};
