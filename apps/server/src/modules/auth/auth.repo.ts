import { and, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { authAttempts, groups, members, oneTimeTokens, sessions, teachers } from '../../db/schema/index.ts';

export type TeacherRow = typeof teachers.$inferSelect;
export type MemberRow = typeof members.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;

const lower = (value: string) => value.toLowerCase();

export async function findTeacherByLoginName(db: DbOrTx, loginName: string): Promise<TeacherRow | undefined> {
  const name = loginName.normalize('NFC');
  const [row] = await db
    .select()
    .from(teachers)
    .where(and(or(eq(sql`lower(${teachers.username})`, sql`lower(${name})`), eq(sql`lower(${teachers.email})`, lower(loginName))), isNull(teachers.demoId)))
    .limit(1);
  return row;
}

export async function findTeacherByEmail(db: DbOrTx, email: string): Promise<TeacherRow | undefined> {
  const [row] = await db
    .select()
    .from(teachers)
    .where(and(eq(sql`lower(${teachers.email})`, lower(email)), isNull(teachers.demoId)))
    .limit(1);
  return row;
}

export async function findTeacherById(db: DbOrTx, id: string): Promise<TeacherRow | undefined> {
  const [row] = await db.select().from(teachers).where(eq(teachers.id, id));
  return row;
}

export async function isTeacherUsernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(teachers).where(eq(sql`lower(${teachers.username})`, sql`lower(${username})`));
  return (row?.n ?? 0) > 0;
}

export async function isTeacherEmailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(teachers).where(eq(sql`lower(${teachers.email})`, lower(email)));
  return (row?.n ?? 0) > 0;
}

export async function insertTeacher(
  db: DbOrTx,
  values: { username: string; email: string; passwordHash: string; emailVerifiedAt?: Date },
): Promise<TeacherRow> {
  const [row] = await db.insert(teachers).values(values).returning();
  if (!row) throw new Error('insert teacher returned nothing');
  return row;
}

export async function markTeacherVerified(db: DbOrTx, teacherId: string): Promise<void> {
  await db
    .update(teachers)
    .set({ emailVerifiedAt: new Date() })
    .where(and(eq(teachers.id, teacherId), isNull(teachers.emailVerifiedAt)));
}

export async function setTeacherPassword(db: DbOrTx, teacherId: string, passwordHash: string): Promise<void> {
  await db.update(teachers).set({ passwordHash }).where(eq(teachers.id, teacherId));
}

export async function touchTeacherLogin(db: DbOrTx, teacherId: string): Promise<void> {
  await db.update(teachers).set({ lastLoginAt: new Date() }).where(eq(teachers.id, teacherId));
}

/**
 * The members holding a name, in any group (case-insensitively), at most `limit` of them: a login
 * without a class code needs to know only whether there is none, one or several.
 */
export async function findMembersByUsername(db: DbOrTx, username: string, limit = 2): Promise<MemberRow[]> {
  return db
    .select()
    .from(members)
    .where(eq(sql`lower(${members.username})`, sql`lower(${username})`))
    .limit(limit);
}

/** The member of one group holding a name (case-insensitively). */
export async function findMemberInGroup(db: DbOrTx, groupId: string, username: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.groupId, groupId), eq(sql`lower(${members.username})`, sql`lower(${username})`)));
  return row;
}

/** A member and whether its group allows trading, in one query (every page load's checkStatus asks). */
export async function findMemberWithTrading(db: DbOrTx, id: string): Promise<{ member: MemberRow; tradingAllowed: boolean } | undefined> {
  const [row] = await db
    .select({ member: members, tradingAllowed: groups.tradingAllowed })
    .from(members)
    .innerJoin(groups, eq(groups.id, members.groupId))
    .where(eq(members.id, id));
  return row;
}

/** Whether the group lets its members send coins to each other: the student's session shows it. */
export async function findGroupTrading(db: DbOrTx, groupId: string): Promise<boolean> {
  const [row] = await db.select({ tradingAllowed: groups.tradingAllowed }).from(groups).where(eq(groups.id, groupId));
  return row?.tradingAllowed ?? false;
}

/** The faces and hairs the group's students wear (a new student's starting look differs from them). */
export async function listGroupLooks(db: DbOrTx, groupId: string): Promise<{ face: string | null; hair: string | null }[]> {
  return db.select({ face: members.face, hair: members.hair }).from(members).where(eq(members.groupId, groupId));
}

export async function insertMember(
  db: DbOrTx,
  values: { username: string; groupId: string; passwordHash: string; face?: string; hair?: string; unlockedFaces?: string[]; unlockedHairs?: string[] },
): Promise<MemberRow> {
  const [row] = await db.insert(members).values(values).returning();
  if (!row) throw new Error('insert member returned nothing');
  return row;
}

/**
 * Locks a group's row for the rest of the transaction and answers the names (as `lower(username)`)
 * its members hold: joins and class lists of one group take turns, so none passes the member limit
 * or takes a name another just took.
 */
export async function lockGroupForJoin(tx: Tx, groupId: string): Promise<{ locked: boolean; takenKeys: Set<string> } | undefined> {
  const [group] = await tx.select({ locked: groups.locked }).from(groups).where(eq(groups.id, groupId)).for('update');
  if (!group) return undefined;
  return { locked: group.locked, takenKeys: new Set(await listGroupNameKeys(tx, groupId)) };
}

/** The names a group's members hold, as `lower(username)`. */
export async function listGroupNameKeys(db: DbOrTx, groupId: string): Promise<string[]> {
  const rows = await db.select({ key: sql<string>`lower(${members.username})` }).from(members).where(eq(members.groupId, groupId));
  return rows.map((r) => r.key);
}

export async function insertMembers(
  db: DbOrTx,
  values: { username: string; groupId: string; passwordHash: string; face?: string; hair?: string; unlockedFaces?: string[]; unlockedHairs?: string[]; badgeHash?: string }[],
): Promise<MemberRow[]> {
  if (values.length === 0) return [];
  return db.insert(members).values(values).returning();
}

export async function touchMemberLogin(db: DbOrTx, memberId: string): Promise<void> {
  await db.update(members).set({ lastLoginAt: new Date() }).where(eq(members.id, memberId));
}

// A demo's group is nobody's to join or sign in to by code or name (modules/demo).
const notDemo = sql`not exists (select 1 from ${teachers} where ${teachers.id} = ${groups.teacherId} and ${teachers.demoId} is not null)`;

/** The group of a join code (already normalized: upper case, no spaces). */
export async function findGroupByCode(db: DbOrTx, code: string): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groups).where(and(eq(groups.joinCode, code), notDemo));
  return row;
}

/**
 * Groups with a name (case-insensitively) that are open, or (`locked`) locked, at most `limit`: a
 * join by name needs to know whether exactly one open group has it. Each stops at `limit` rows
 * (a name like "3A" has hundreds of groups; sorting them all to take two cost a millisecond).
 */
export async function findGroupsByName(db: DbOrTx, name: string, opts: { locked: boolean; limit: number }): Promise<GroupRow[]> {
  return db
    .select()
    .from(groups)
    .where(and(eq(sql`lower(${groups.name})`, sql`lower(${name})`), eq(groups.locked, opts.locked), notDemo))
    // The index's own order: the planner walks groups_name_lower_idx and stops at `limit`, where
    // it would otherwise read the table from its start until it met enough rows of the name.
    .orderBy(sql`lower(${groups.name})`, groups.locked)
    .limit(opts.limit);
}

// --- sessions ---

export type SessionOwner = { teacherId: string; memberId?: never } | { memberId: string; teacherId?: never };

export async function insertSession(db: DbOrTx, tokenHash: string, owner: SessionOwner, expiresAt: Date): Promise<void> {
  await db.insert(sessions).values({ tokenHash, expiresAt, teacherId: owner.teacherId ?? null, memberId: owner.memberId ?? null });
}

const liveSession = preparedPerDb((db) =>
  db
    .select({
      teacherId: sessions.teacherId,
      memberId: sessions.memberId,
      groupId: members.groupId,
      groupTeacherId: groups.teacherId,
      expiresAt: sessions.expiresAt,
      demoId: teachers.demoId,
    })
    .from(sessions)
    .leftJoin(members, eq(members.id, sessions.memberId))
    .leftJoin(groups, eq(groups.id, members.groupId))
    .leftJoin(teachers, eq(teachers.id, sessions.teacherId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('session_live'),
);

/** The session of a cookie's token, if it has not expired; every request asks (a prepared statement). */
export async function findLiveSession(db: Db, tokenHash: string) {
  const [row] = await liveSession(db).execute({ tokenHash });
  return row;
}

export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a teacher but the one kept (the caller's own, if any); answers their token hashes. */
export async function deleteTeacherSessions(db: DbOrTx, teacherId: string, keepTokenHash?: string): Promise<string[]> {
  const keep = keepTokenHash ? sql`${sessions.tokenHash} <> ${keepTokenHash}` : undefined;
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.teacherId, teacherId), keep))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.map((r) => r.tokenHash);
}

export async function deleteExpiredSessions(db: DbOrTx): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

// --- one-time tokens ---

export type TokenKind = 'verify_email' | 'password_reset';

export async function insertOneTimeToken(
  db: DbOrTx,
  values: { tokenHash: string; kind: TokenKind; teacherId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(oneTimeTokens).values(values);
}

export async function findOneTimeToken(db: DbOrTx, tokenHash: string, kind: TokenKind) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.kind, kind)));
  return row;
}

/** Marks a token used; false when it was already used (so two racing requests cannot both spend it). */
export async function spendOneTimeToken(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const updated = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), isNull(oneTimeTokens.usedAt)))
    .returning({ tokenHash: oneTimeTokens.tokenHash });
  return updated.length === 1;
}

/** Spends every unused reset link of a teacher (the password changed, so no older link may change it again). */
export async function endPasswordResetTokens(db: DbOrTx, teacherId: string): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.teacherId, teacherId), eq(oneTimeTokens.kind, 'password_reset'), isNull(oneTimeTokens.usedAt)));
}

// --- attempt counting for rate limits ---

export type AttemptRow = typeof authAttempts.$inferSelect;

/**
 * The rows of these keys, made if missing and locked for the rest of the transaction. Keys are
 * taken in sorted order, so two attempts sharing keys wait for each other but never in a cycle.
 */
export async function lockAttempts(tx: Tx, keys: string[]): Promise<Map<string, AttemptRow>> {
  const sorted = [...new Set(keys)].sort();
  const rows = await tx
    .insert(authAttempts)
    .values(sorted.map((key) => ({ key })))
    // A no-op update, so that an existing row is locked and returned like a new one.
    .onConflictDoUpdate({ target: authAttempts.key, set: { key: sql`excluded.key` } })
    .returning();
  return new Map(rows.map((r) => [r.key, r]));
}

/** The stored rows of these keys, not locked (a key never tried has none). */
export async function findAttempts(db: DbOrTx, keys: string[]): Promise<Map<string, AttemptRow>> {
  const rows = await db.select().from(authAttempts).where(inArray(authAttempts.key, keys));
  return new Map(rows.map((r) => [r.key, r]));
}

export async function saveAttempt(tx: Tx, key: string, state: { attempts: number; lastAt: Date | null; blockedUntil: Date | null }): Promise<void> {
  await tx.update(authAttempts).set(state).where(eq(authAttempts.key, key));
}

/**
 * Takes back one counted attempt (it turned out not to be a failure); a wait it may have started
 * ends when the count is back under `free`.
 */
export async function withdrawAttempt(db: DbOrTx, key: string, free: number): Promise<void> {
  await db
    .update(authAttempts)
    .set({
      attempts: sql`greatest(${authAttempts.attempts} - 1, 0)`,
      blockedUntil: sql`case when ${authAttempts.attempts} - 1 < ${free} then null else ${authAttempts.blockedUntil} end`,
    })
    .where(eq(authAttempts.key, key));
}

/** A sign-in from an account and address: its failures are cleared and the address becomes known. */
export async function recordSuccess(db: DbOrTx, key: string, at: Date): Promise<void> {
  await db.update(authAttempts).set({ attempts: 0, blockedUntil: null, succeededAt: at }).where(eq(authAttempts.key, key));
}
