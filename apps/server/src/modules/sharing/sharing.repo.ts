import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { groups, rewardListShares, rewardLists, teacherBlocks, teachers, todolistShares, todolists } from '../../db/schema/index.ts';

const lower = (s: string) => s.trim().toLowerCase();

// --- todo lists ---

/** Shares a list; false when it already was shared with that teacher (the row is not touched). */
export async function insertTodolistShare(db: DbOrTx, todolistId: string, teacherId: string, permissions: 'read' | 'edit'): Promise<boolean> {
  const rows = await db.insert(todolistShares).values({ todolistId, teacherId, permissions }).onConflictDoNothing().returning({ id: todolistShares.teacherId });
  return rows.length === 1;
}

/** Changes a recipient's permission; false when the list is not shared with that teacher. */
export async function updateTodolistShare(db: DbOrTx, todolistId: string, teacherId: string, permissions: 'read' | 'edit'): Promise<boolean> {
  const rows = await db
    .update(todolistShares)
    .set({ permissions })
    .where(and(eq(todolistShares.todolistId, todolistId), eq(todolistShares.teacherId, teacherId)))
    .returning({ id: todolistShares.teacherId });
  return rows.length === 1;
}

/** Ends a share; false when there was none. */
export async function deleteTodolistShare(db: DbOrTx, todolistId: string, teacherId: string): Promise<boolean> {
  const rows = await db
    .delete(todolistShares)
    .where(and(eq(todolistShares.todolistId, todolistId), eq(todolistShares.teacherId, teacherId)))
    .returning({ id: todolistShares.teacherId });
  return rows.length === 1;
}

/** The recipient of a list's share by its username, or undefined. */
export async function findTodolistShareByUsername(db: DbOrTx, todolistId: string, username: string) {
  const [row] = await db
    .select({ teacherId: teachers.id, username: teachers.username, permissions: todolistShares.permissions })
    .from(todolistShares)
    .innerJoin(teachers, eq(teachers.id, todolistShares.teacherId))
    .where(and(eq(todolistShares.todolistId, todolistId), eq(sql`lower(${teachers.username})`, lower(username))));
  return row;
}

/** The lists shared with a teacher, with their owners' usernames and the permission, oldest share first. */
export async function listTodolistsSharedWith(db: DbOrTx, teacherId: string) {
  return db
    .select({ list: todolists, ownerUsername: teachers.username, permissions: todolistShares.permissions })
    .from(todolistShares)
    .innerJoin(todolists, eq(todolists.id, todolistShares.todolistId))
    .innerJoin(teachers, eq(teachers.id, todolists.teacherId))
    .where(eq(todolistShares.teacherId, teacherId))
    .orderBy(asc(todolistShares.createdAt), asc(todolists.name));
}

/** Everyone a list is shared with (to tell them it is gone). */
export async function listTodolistRecipients(db: DbOrTx, todolistId: string): Promise<string[]> {
  const rows = await db.select({ id: todolistShares.teacherId }).from(todolistShares).where(eq(todolistShares.todolistId, todolistId));
  return rows.map((r) => r.id);
}

/**
 * Takes a list off every small group of one teacher's groups (a recipient that lost the list):
 * answers which groups and colours were cleared.
 */
export async function withdrawTodolistFromTeacherGroups(db: DbOrTx, todolistId: string, teacherId: string) {
  const cleared: { groupId: string; color: 'blue' | 'orange' }[] = [];
  const blue = await db
    .update(groups)
    .set({ blueSharedId: null })
    .where(and(eq(groups.teacherId, teacherId), eq(groups.blueSharedId, todolistId)))
    .returning({ id: groups.id });
  cleared.push(...blue.map((g) => ({ groupId: g.id, color: 'blue' as const })));
  const orange = await db
    .update(groups)
    .set({ orangeSharedId: null })
    .where(and(eq(groups.teacherId, teacherId), eq(groups.orangeSharedId, todolistId)))
    .returning({ id: groups.id });
  cleared.push(...orange.map((g) => ({ groupId: g.id, color: 'orange' as const })));
  return cleared;
}

// --- reward lists ---

export async function insertRewardListShare(db: DbOrTx, rewardListId: string, teacherId: string): Promise<boolean> {
  const rows = await db.insert(rewardListShares).values({ rewardListId, teacherId }).onConflictDoNothing().returning({ id: rewardListShares.teacherId });
  return rows.length === 1;
}

export async function deleteRewardListShare(db: DbOrTx, rewardListId: string, teacherId: string): Promise<boolean> {
  const rows = await db
    .delete(rewardListShares)
    .where(and(eq(rewardListShares.rewardListId, rewardListId), eq(rewardListShares.teacherId, teacherId)))
    .returning({ id: rewardListShares.teacherId });
  return rows.length === 1;
}

export async function findRewardListShareByUsername(db: DbOrTx, rewardListId: string, username: string) {
  const [row] = await db
    .select({ teacherId: teachers.id, username: teachers.username })
    .from(rewardListShares)
    .innerJoin(teachers, eq(teachers.id, rewardListShares.teacherId))
    .where(and(eq(rewardListShares.rewardListId, rewardListId), eq(sql`lower(${teachers.username})`, lower(username))));
  return row;
}

/** The reward lists shared with a teacher, with their owners' usernames, oldest share first. */
export async function listRewardListsSharedWith(db: DbOrTx, teacherId: string) {
  return db
    .select({ list: rewardLists, ownerUsername: teachers.username })
    .from(rewardListShares)
    .innerJoin(rewardLists, eq(rewardLists.id, rewardListShares.rewardListId))
    .innerJoin(teachers, eq(teachers.id, rewardLists.teacherId))
    .where(eq(rewardListShares.teacherId, teacherId))
    .orderBy(asc(rewardListShares.createdAt), asc(rewardLists.name));
}

// --- blocks ---

/** Whether `teacherId` blocked `senderId` from sharing with it. */
export async function isBlocked(db: DbOrTx, teacherId: string, senderId: string): Promise<boolean> {
  const rows = await db
    .select({ id: teacherBlocks.blockedId })
    .from(teacherBlocks)
    .where(and(eq(teacherBlocks.teacherId, teacherId), eq(teacherBlocks.blockedId, senderId)));
  return rows.length === 1;
}

/** Blocks a sender; false when it already was blocked. */
export async function insertBlock(db: DbOrTx, teacherId: string, blockedId: string): Promise<boolean> {
  const rows = await db.insert(teacherBlocks).values({ teacherId, blockedId }).onConflictDoNothing().returning({ id: teacherBlocks.blockedId });
  return rows.length === 1;
}

/** Lifts a block by the blocked teacher's username; false when there was none. */
export async function deleteBlockByUsername(db: DbOrTx, teacherId: string, username: string): Promise<boolean> {
  const rows = await db
    .delete(teacherBlocks)
    .where(
      and(
        eq(teacherBlocks.teacherId, teacherId),
        sql`${teacherBlocks.blockedId} in (select ${teachers.id} from ${teachers} where lower(${teachers.username}) = ${lower(username)})`,
      ),
    )
    .returning({ id: teacherBlocks.blockedId });
  return rows.length === 1;
}

/** The teachers a teacher blocked, newest first. */
export async function listBlocks(db: DbOrTx, teacherId: string) {
  return db
    .select({ username: teachers.username, createdAt: teacherBlocks.createdAt })
    .from(teacherBlocks)
    .innerJoin(teachers, eq(teachers.id, teacherBlocks.blockedId))
    .where(eq(teacherBlocks.teacherId, teacherId))
    .orderBy(sql`${teacherBlocks.createdAt} desc`, asc(teachers.username));
}

/** The todo lists and reward lists a sender shares with a teacher (to end them when it is blocked). */
export async function listSharesFrom(db: DbOrTx, senderId: string, recipientId: string) {
  const lists = await db
    .select({ id: todolists.id })
    .from(todolistShares)
    .innerJoin(todolists, eq(todolists.id, todolistShares.todolistId))
    .where(and(eq(todolists.teacherId, senderId), eq(todolistShares.teacherId, recipientId)));
  const rewardListRows = await db
    .select({ id: rewardLists.id })
    .from(rewardListShares)
    .innerJoin(rewardLists, eq(rewardLists.id, rewardListShares.rewardListId))
    .where(and(eq(rewardLists.teacherId, senderId), eq(rewardListShares.teacherId, recipientId)));
  return { todolistIds: lists.map((l) => l.id), rewardListIds: rewardListRows.map((l) => l.id) };
}
