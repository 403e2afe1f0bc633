import { and, asc, count, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw.ts';
import { groups, members, teachers } from '../../db/schema/index.ts';

export type GroupRow = typeof groups.$inferSelect;

// Drizzle renders columns unqualified inside a subquery, so the outer row is named in full.
const memberCount = sql<number>`(select count(*)::int from ${members} where ${members}.group_id = "groups"."id")`;

/**
 * SQL: the teacher teaches the group, as its owner or as a co-teacher now. `teacherId` is a value
 * or a prepared statement's placeholder; `groupId` and `ownerId` are the group's columns in the
 * query (its id, its teacher_id). The co-teacher's row is one index probe
 * (group_coteachers_group_teacher_idx), made only for a group the teacher does not own.
 */
export function teaches(teacherId: unknown, groupId: SQLWrapper, ownerId: SQLWrapper): SQL {
  return sql`(${ownerId} = ${teacherId}::uuid or exists (
    select 1 from group_coteachers gc
    where gc.group_id = ${groupId} and gc.teacher_id = ${teacherId}::uuid
      and gc.accepted_at is not null and (gc.until is null or gc.until > now())))`;
}

/** Whether the teacher co-teaches the group now (accepted, its last day not over). */
export async function isCoteacher(db: DbOrTx, teacherId: string, groupId: string): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await db.execute(sql`select 1 as one from group_coteachers
      where group_id = ${groupId}::uuid and teacher_id = ${teacherId}::uuid
        and accepted_at is not null and (until is null or until > now())`),
  );
  return rows.length > 0;
}

/**
 * The groups a teacher teaches: its own, then those it co-teaches now (issue 34), each with its
 * owner's username (null for its own), oldest first.
 */
export async function listTaughtGroups(db: DbOrTx, teacherId: string) {
  return db
    .select({ group: groups, memberCount, ownerUsername: sql<string | null>`case when ${groups.teacherId} = ${teacherId}::uuid then null else ${teachers.username} end` })
    .from(groups)
    .innerJoin(teachers, eq(teachers.id, groups.teacherId))
    .where(teaches(teacherId, groups.id, groups.teacherId))
    .orderBy(sql`${groups.teacherId} <> ${teacherId}::uuid`, asc(groups.createdAt), asc(groups.name));
}

/** The username of a group's owner. */
export async function findOwnerUsername(db: DbOrTx, groupId: string): Promise<string | undefined> {
  const [row] = await db.select({ username: teachers.username }).from(groups).innerJoin(teachers, eq(teachers.id, groups.teacherId)).where(eq(groups.id, groupId));
  return row?.username;
}

export async function findGroup(db: DbOrTx, groupId: string) {
  const [row] = await db.select({ group: groups, memberCount }).from(groups).where(eq(groups.id, groupId));
  return row;
}

export async function countGroupsOfTeacher(db: DbOrTx, teacherId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(groups).where(eq(groups.teacherId, teacherId));
  return row?.n ?? 0;
}

/** Whether the teacher already has a group of this name (names are the teacher's own: others may have it too). */
export async function isGroupNameTaken(db: DbOrTx, teacherId: string, name: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(groups)
    .where(and(eq(groups.teacherId, teacherId), eq(sql`lower(${groups.name})`, sql`lower(${name})`)));
  return (row?.n ?? 0) > 0;
}

/** A new join code for the group (the database draws one no group has); the old one stops at once. */
export async function renewJoinCode(db: DbOrTx, groupId: string): Promise<void> {
  await db.update(groups).set({ joinCode: sql`kolikko_new_join_code()` }).where(eq(groups.id, groupId));
}

export async function insertGroup(db: DbOrTx, teacherId: string, name: string, tradingAllowed: boolean): Promise<GroupRow> {
  const [row] = await db.insert(groups).values({ teacherId, name, tradingAllowed }).returning();
  if (!row) throw new Error('insert group returned nothing');
  return row;
}

export async function updateGroup(db: DbOrTx, groupId: string, values: Partial<Pick<GroupRow, 'locked' | 'tradingAllowed' | 'badgesEnabled' | 'needsWorkEnabled' | 'boardShows'>>) {
  await db.update(groups).set(values).where(eq(groups.id, groupId));
}

export async function toggleGroupLock(db: DbOrTx, groupId: string): Promise<void> {
  await db.update(groups).set({ locked: sql`not ${groups.locked}` }).where(eq(groups.id, groupId));
}

export async function deleteGroup(db: DbOrTx, groupId: string): Promise<void> {
  await db.delete(groups).where(eq(groups.id, groupId));
}

/** Locks the teacher row for the rest of the transaction: serializes a teacher's group creations. */
export async function lockTeacher(db: DbOrTx, teacherId: string) {
  const [row] = await db
    .select({ id: teachers.id, activeGroupId: teachers.activeGroupId, extraGroupSlots: teachers.extraGroupSlots })
    .from(teachers)
    .where(eq(teachers.id, teacherId))
    .for('update');
  return row;
}

export async function findTeacherGroupState(db: DbOrTx, teacherId: string) {
  const [row] = await db
    .select({ activeGroupId: teachers.activeGroupId, extraGroupSlots: teachers.extraGroupSlots, coins: teachers.coins })
    .from(teachers)
    .where(eq(teachers.id, teacherId));
  return row;
}

export async function setActiveGroup(db: DbOrTx, teacherId: string, groupId: string | null): Promise<void> {
  await db.update(teachers).set({ activeGroupId: groupId }).where(eq(teachers.id, teacherId));
}

export async function addGroupSlots(db: DbOrTx, teacherId: string, amount: number): Promise<void> {
  await db
    .update(teachers)
    .set({ extraGroupSlots: sql`${teachers.extraGroupSlots} + ${amount}` })
    .where(eq(teachers.id, teacherId));
}

export async function listMembersOfGroup(db: DbOrTx, groupId: string) {
  return db.select().from(members).where(eq(members.groupId, groupId)).orderBy(asc(sql`lower(${members.username})`));
}

/** Member balances of a group, locked for the transaction that refunds them. */
export async function lockMemberBalances(db: DbOrTx, groupId: string) {
  return db
    .select({ id: members.id, coins: members.coins })
    .from(members)
    .where(and(eq(members.groupId, groupId)))
    .for('update');
}
