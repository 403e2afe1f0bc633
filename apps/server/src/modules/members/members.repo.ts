import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { groups, members, sessions, teachers } from '../../db/schema/index.ts';
import { statement, type Connection } from '../../db/prepared.ts';
import { rowsOf } from '../../db/raw.ts';
import { teaches } from '../groups/groups.repo.ts';

export type MemberRow = typeof members.$inferSelect;

/** A member with the teacher that owns its group. */
export async function findMemberWithTeacher(db: DbOrTx, memberId: string) {
  const [row] = await db
    .select({ member: members, teacherId: groups.teacherId })
    .from(members)
    .innerJoin(groups, eq(groups.id, members.groupId))
    .where(eq(members.id, memberId));
  return row;
}

/** Members of the given ids that belong to groups this teacher teaches (owns or co-teaches). */
export async function findTeacherMembers(db: DbOrTx, teacherId: string, memberIds: string[]) {
  if (memberIds.length === 0) return [];
  return db
    .select({ id: members.id })
    .from(members)
    .innerJoin(groups, eq(groups.id, members.groupId))
    .where(and(teaches(teacherId, groups.id, groups.teacherId), inArray(members.id, memberIds)));
}

export async function setMemberUsername(db: DbOrTx, memberId: string, username: string): Promise<MemberRow | undefined> {
  const [row] = await db.update(members).set({ username }).where(eq(members.id, memberId)).returning();
  return row;
}

export async function setMemberPassword(db: DbOrTx, memberId: string, passwordHash: string): Promise<void> {
  await db.update(members).set({ passwordHash }).where(eq(members.id, memberId));
}

export async function toggleSmallGroup(db: DbOrTx, memberId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .update(members)
    .set({ smallGroup: sql`case when ${members.smallGroup} = 'blue' then 'orange' else 'blue' end` })
    .where(eq(members.id, memberId))
    .returning();
  return row;
}

export async function deleteMember(db: DbOrTx, memberId: string): Promise<void> {
  await db.delete(members).where(eq(members.id, memberId));
}

/** Ends a member's sessions (but the one kept); answers the ended sessions' token hashes. */
export async function deleteMemberSessions(db: DbOrTx, memberId: string, keepTokenHash?: string): Promise<string[]> {
  const keep = keepTokenHash ? sql`${sessions.tokenHash} <> ${keepTokenHash}` : undefined;
  const rows = await db.delete(sessions).where(and(eq(sessions.memberId, memberId), keep)).returning({ tokenHash: sessions.tokenHash });
  return rows.map((r) => r.tokenHash);
}

/** Locks member rows in id order (one order everywhere, so two transactions cannot deadlock). */
export async function lockMembers(db: DbOrTx, memberIds: string[]) {
  if (memberIds.length === 0) return [];
  return db
    .select({ id: members.id, coins: members.coins, groupId: members.groupId })
    .from(members)
    .where(inArray(members.id, memberIds))
    .orderBy(asc(members.id))
    .for('update');
}

/**
 * For an award: locks the teacher's purse and those of the given members that are in groups it
 * teaches (its own, or ones it co-teaches: a co-teacher awards from its own purse, issue 34), in
 * one statement, and answers them in member id order. PostgreSQL sorts the rows before it
 * locks them (LockRows sits above the Sort) and takes a row's locks in the order of the locking
 * clause, so the purse is locked first and the members after it in id order, as in every
 * transaction that moves a teacher's coins (lockTeacherPurse, then lockMembers): no deadlock. A
 * member of another teacher is not answered (and not locked). No row at all (no member of the
 * teacher) locks nothing.
 */
const lockAward = statement<{ teacherId: string; ids: string[] }>(
  'members_lock_award',
  (v) => sql`
    select m.id, m.coins, m.group_id, tch.coins as purse
    from members m
      join groups g on g.id = m.group_id
      join teachers tch on tch.id = ${v.teacherId}::uuid
    where m.id = any(${v.ids}::uuid[]) and ${teaches(v.teacherId, sql`g.id`, sql`g.teacher_id`)}
    order by m.id
    for update of tch, m`,
);

export async function lockAwardRows(tx: DbOrTx, connection: Connection, teacherId: string, memberIds: string[]) {
  const rows = await lockAward.run<{ id: string; coins: number; group_id: string; purse: number }>(tx, connection, { teacherId, ids: memberIds });
  return rows.map((r) => ({ id: r.id, coins: r.coins, groupId: r.group_id, purse: r.purse }));
}

/**
 * The same lock for an award with a reason, which also reads the reason (when it is of one of the
 * teacher's groups) and its group's "needs work" switch on every row: one round trip fewer than
 * reading the reason first. The reason is read once (a materialized CTE of at most one row); it is
 * not locked: an award keeps the reason's name, icon and coins of the moment, as one made a moment
 * earlier would. Only the members of the reason's group are answered (and locked): the reason's
 * check that its group is the teacher's covers them, with no join of their groups (bench/README.md,
 * "A reason award against the batch award before it"). The reason's columns come as one text
 * (a JSON array), read from the first row only: six more columns on each of 30 rows cost the
 * server about 20 µs an award to parse. No row at all: the reason is not the teacher's, or none of
 * the members is in its group.
 */
const lockAwardWithReason = statement<{ teacherId: string; ids: string[]; reasonId: string }>(
  'members_lock_award_reason',
  (v) => sql`
    with reason as materialized (
      select r.id, r.group_id, r.name, r.icon, r.coins, rg.needs_work_enabled
      from award_reasons r join groups rg on rg.id = r.group_id
      where r.id = ${v.reasonId}::uuid and ${teaches(v.teacherId, sql`rg.id`, sql`rg.teacher_id`)})
    select m.id, m.coins, m.group_id, tch.coins as purse,
      json_build_array(reason.name, reason.icon, reason.coins, reason.needs_work_enabled)::text as reason
    from reason
      join members m on m.group_id = reason.group_id
      join teachers tch on tch.id = ${v.teacherId}::uuid
    where m.id = any(${v.ids}::uuid[])
    order by m.id
    for update of tch, m`,
);

export interface LockedReason {
  id: string;
  groupId: string;
  name: string;
  icon: string;
  coins: number;
  needsWorkEnabled: boolean;
}

export async function lockAwardRowsWithReason(tx: DbOrTx, connection: Connection, teacherId: string, memberIds: string[], reasonId: string) {
  const rows = await lockAwardWithReason.run<{ id: string; coins: number; group_id: string; purse: number; reason: string }>(tx, connection, {
    teacherId,
    ids: memberIds,
    reasonId,
  });
  const first = rows[0];
  let reason: LockedReason | null = null;
  if (first) {
    const [name, icon, coins, needsWorkEnabled] = JSON.parse(first.reason) as [string, string, number, boolean];
    // As the database writes a uuid: lower case.
    reason = { id: reasonId.toLowerCase(), groupId: first.group_id, name, icon, coins, needsWorkEnabled };
  }
  return { locked: rows.map((r) => ({ id: r.id, coins: r.coins, groupId: r.group_id, purse: r.purse })), reason };
}

/** Locks the teacher row first: every transaction that moves a teacher's coins takes it first. */
export async function lockTeacherPurse(db: DbOrTx, teacherId: string): Promise<number | undefined> {
  // Raw SQL: every coin movement of a teacher's groups runs this, and the query builder would
  // cost more than the lock.
  const [row] = rowsOf<{ coins: number }>(await db.execute(sql`select coins from teachers where id = ${teacherId} for update`));
  return row?.coins;
}

export async function memberCoins(db: DbOrTx, memberIds: string[]) {
  if (memberIds.length === 0) return [];
  return db.select({ id: members.id, coins: members.coins }).from(members).where(inArray(members.id, memberIds));
}

export async function teacherCoins(db: DbOrTx, teacherId: string): Promise<number> {
  const [row] = await db.select({ coins: teachers.coins }).from(teachers).where(eq(teachers.id, teacherId));
  return row?.coins ?? 0;
}
