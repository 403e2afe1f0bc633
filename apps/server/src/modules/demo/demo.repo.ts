import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw.ts';
import { chatMessages, coinLedger, demos, groups, memberTodos, members, sessions, teachers, todos } from '../../db/schema/index.ts';
import { memberAccount, teacherAccount } from '../coins/ledger.repo.ts';
import type { DemoLanguage } from './demo.content.ts';

/** A password hash no password matches (argon2 cannot parse it): demo users never sign in by password. */
export const NO_PASSWORD = '!demo';

export async function insertDemo(db: DbOrTx, language: DemoLanguage): Promise<string> {
  const [row] = await db.insert(demos).values({ language }).returning({ id: demos.id });
  if (!row) throw new Error('insert demo returned nothing');
  return row.id;
}

export async function insertDemoTeacher(db: DbOrTx, demoId: string, username: string) {
  const [row] = await db
    .insert(teachers)
    .values({ username, email: `${demoId}@demo.invalid`, passwordHash: NO_PASSWORD, emailVerifiedAt: new Date(), demoId })
    .returning();
  if (!row) throw new Error('insert demo teacher returned nothing');
  return row;
}

export async function setActiveGroup(db: DbOrTx, teacherId: string, groupId: string): Promise<void> {
  await db.update(teachers).set({ activeGroupId: groupId }).where(eq(teachers.id, teacherId));
}

export async function insertDemoMembers(db: DbOrTx, values: (typeof members.$inferInsert)[]) {
  return db.insert(members).values(values).returning();
}

export async function setDemoMembers(db: DbOrTx, demoId: string, memberIds: string[]): Promise<void> {
  await db.update(demos).set({ memberIds }).where(eq(demos.id, demoId));
}

export async function insertDemoTodos(db: DbOrTx, values: (typeof todos.$inferInsert)[]) {
  return db.insert(todos).values(values).returning();
}

export async function insertDemoMemberTodos(db: DbOrTx, values: (typeof memberTodos.$inferInsert)[]) {
  return db.insert(memberTodos).values(values).returning();
}

export async function insertDemoChat(db: DbOrTx, values: (typeof chatMessages.$inferInsert)[]): Promise<void> {
  await db.insert(chatMessages).values(values);
}

/** The demo a teacher runs, if it is a demo's teacher. */
export async function findDemoOfTeacher(db: DbOrTx, teacherId: string) {
  const [row] = await db
    .select({ demoId: demos.id, language: demos.language, memberIds: demos.memberIds })
    .from(teachers)
    .innerJoin(demos, eq(demos.id, teachers.demoId))
    .where(eq(teachers.id, teacherId));
  return row;
}

export async function findDemoTeacherId(db: DbOrTx, demoId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.demoId, demoId));
  return row?.id;
}

/** A demo's students still there, in the order they were seeded. */
export async function listDemoStudents(db: DbOrTx, teacherId: string) {
  return db
    .select({ id: members.id, username: members.username, smallGroup: members.smallGroup, createdAt: members.createdAt })
    .from(members)
    .innerJoin(groups, eq(groups.id, members.groupId))
    .where(eq(groups.teacherId, teacherId))
    .orderBy(members.createdAt, members.id);
}

/** The group of a member of the teacher's groups; undefined when the member is not the teacher's. */
export async function findTeachersMemberGroup(db: DbOrTx, teacherId: string, memberId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ groupId: members.groupId })
    .from(members)
    .innerJoin(groups, eq(groups.id, members.groupId))
    .where(and(eq(members.id, memberId), eq(groups.teacherId, teacherId)));
  return row?.groupId;
}

/** Notes the demo's last action (callers throttle it). */
export async function touchDemo(db: DbOrTx, demoId: string): Promise<void> {
  await db.update(demos).set({ lastActionAt: new Date() }).where(eq(demos.id, demoId));
}

/** The demo teacher's coins, read without a lock. */
export async function demoPurseCoins(db: DbOrTx, demoId: string): Promise<number | undefined> {
  const [row] = await db.select({ coins: teachers.coins }).from(teachers).where(eq(teachers.demoId, demoId));
  return row?.coins;
}

/** The demo teacher's purse, locked for a top-up. */
export async function lockDemoPurse(db: DbOrTx, demoId: string): Promise<{ teacherId: string; coins: number } | undefined> {
  const rows = rowsOf<{ id: string; coins: number }>(
    await db.execute(sql`select id, coins from ${teachers} where ${teachers.demoId} = ${demoId} for update`),
  );
  const row = rows[0];
  return row ? { teacherId: row.id, coins: row.coins } : undefined;
}

/**
 * Takes one demo idle since before `before` and locks it (skipping those another process is
 * removing), with its teacher and its sessions' token hashes.
 */
export async function claimExpiredDemo(tx: DbOrTx, before: Date) {
  const rows = rowsOf<{ id: string; member_ids: string[] | string }>(
    await tx.execute(
      sql`select id, member_ids from ${demos} where ${demos.lastActionAt} < ${before} order by ${demos.lastActionAt} limit 1 for update skip locked`,
    ),
  );
  return rows[0] ? { id: rows[0].id, memberIds: parseUuidArray(rows[0].member_ids) } : undefined;
}

/** The demo with this id, locked (skipped when another process holds it). */
export async function claimDemo(tx: DbOrTx, demoId: string) {
  const rows = rowsOf<{ id: string; member_ids: string[] | string }>(
    await tx.execute(sql`select id, member_ids from ${demos} where ${demos.id} = ${demoId} for update skip locked`),
  );
  return rows[0] ? { id: rows[0].id, memberIds: parseUuidArray(rows[0].member_ids) } : undefined;
}

/** node-postgres answers a uuid[] as a string unless its type parser is known; PGlite as an array. */
function parseUuidArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}

/**
 * Deletes a claimed demo and everything of it: its ledger rows (the accounts of its teacher and
 * seeded students: no real account ever moves coins with them), then the demo row, whose delete
 * cascades to its teacher and all the teacher has (groups, members, lists, todos, images, rewards,
 * purchases, chat, sessions, owed rewards). Answers the teacher's id and its sessions' token hashes.
 */
export async function deleteDemo(tx: DbOrTx, demo: { id: string; memberIds: string[] }) {
  const [teacher] = await tx.select({ id: teachers.id }).from(teachers).where(eq(teachers.demoId, demo.id));
  let tokenHashes: string[] = [];
  if (teacher) {
    const accounts = [teacherAccount(teacher.id), ...demo.memberIds.map(memberAccount)];
    await tx.delete(coinLedger).where(or(inArray(coinLedger.fromAccount, accounts), inArray(coinLedger.toAccount, accounts)));
    const found = await tx.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.teacherId, teacher.id));
    tokenHashes = found.map((s) => s.tokenHash);
  }
  await tx.delete(demos).where(eq(demos.id, demo.id));
  return { teacherId: teacher?.id, tokenHashes };
}

export async function countDemos(db: Db): Promise<number> {
  const rows = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*)::int as n from ${demos}`));
  return Number(rows[0]?.n ?? 0);
}

export async function countExpiredDemos(db: Db, before: Date): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(demos).where(lt(demos.lastActionAt, before));
  return Number(row?.n ?? 0);
}
