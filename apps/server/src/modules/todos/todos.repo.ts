import { and, asc, count, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { groups, images, memberTodos, members, teachers, todolistShares, todolists, todos } from '../../db/schema/index.ts';

export type TodoRow = typeof todos.$inferSelect;
export type TodoValues = Partial<Pick<TodoRow, 'contentHtml' | 'contentDelta' | 'reward' | 'answertype' | 'answer' | 'allowMemberImage'>>;

/** Positions are moved out of the way through this offset so the unique index never sees a clash. */
const PARKING_OFFSET = 1_000_000;

const todoColumns = { todo: todos, imagepath: images.name };

/** A todo with its image name, its list's owner and this teacher's share permission on that list. */
export async function findTodoForTeacher(db: DbOrTx, todoId: string, teacherId: string) {
  const [row] = await db
    .select({ ...todoColumns, ownerId: todolists.teacherId, sharePermission: todolistShares.permissions })
    .from(todos)
    .innerJoin(todolists, eq(todolists.id, todos.todolistId))
    .leftJoin(images, eq(images.todoId, todos.id))
    .leftJoin(todolistShares, and(eq(todolistShares.todolistId, todos.todolistId), eq(todolistShares.teacherId, teacherId)))
    .where(eq(todos.id, todoId));
  return row;
}

export async function findTodo(db: DbOrTx, todoId: string) {
  const [row] = await db.select(todoColumns).from(todos).leftJoin(images, eq(images.todoId, todos.id)).where(eq(todos.id, todoId));
  return row;
}

export async function listTodos(db: DbOrTx, todolistId: string) {
  return db
    .select(todoColumns)
    .from(todos)
    .leftJoin(images, eq(images.todoId, todos.id))
    .where(eq(todos.todolistId, todolistId))
    .orderBy(asc(todos.position));
}

/** The todos of several lists with their image names, each list's in position order. */
export async function listTodosOfLists(db: DbOrTx, todolistIds: string[]) {
  if (todolistIds.length === 0) return [];
  return db
    .select(todoColumns)
    .from(todos)
    .leftJoin(images, eq(images.todoId, todos.id))
    .where(inArray(todos.todolistId, todolistIds))
    .orderBy(asc(todos.todolistId), asc(todos.position));
}

export async function countTodos(db: DbOrTx, todolistId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(todos).where(eq(todos.todolistId, todolistId));
  return row?.n ?? 0;
}

export async function insertTodo(db: DbOrTx, values: TodoValues & { todolistId: string; position: number }): Promise<TodoRow> {
  const [row] = await db.insert(todos).values(values).returning();
  if (!row) throw new Error('insert todo returned nothing');
  return row;
}

export async function updateTodo(db: DbOrTx, todoId: string, values: TodoValues): Promise<void> {
  await db.update(todos).set({ ...values, updatedAt: new Date() }).where(eq(todos.id, todoId));
}

/** Deletes a todo (its member todos and images go with it) and closes the gap it leaves. */
export async function deleteTodoAndRenumber(db: DbOrTx, todolistId: string, todoId: string): Promise<void> {
  const [deleted] = await db.delete(todos).where(eq(todos.id, todoId)).returning({ position: todos.position });
  if (!deleted) return;
  const after = and(eq(todos.todolistId, todolistId), gt(todos.position, deleted.position));
  await db.update(todos).set({ position: sql`${todos.position} + ${PARKING_OFFSET}` }).where(after);
  await db
    .update(todos)
    .set({ position: sql`${todos.position} - ${PARKING_OFFSET} - 1` })
    .where(and(eq(todos.todolistId, todolistId), gt(todos.position, PARKING_OFFSET)));
}

/** Swaps two todos' positions within one list. */
export async function swapPositions(db: DbOrTx, a: { id: string; position: number }, b: { id: string; position: number }): Promise<void> {
  await db.update(todos).set({ position: b.position + PARKING_OFFSET }).where(eq(todos.id, a.id));
  await db.update(todos).set({ position: a.position }).where(eq(todos.id, b.id));
  await db.update(todos).set({ position: b.position }).where(eq(todos.id, a.id));
}

/** Current positions of todos (read inside the transaction that holds the list). */
export async function todoPositions(db: DbOrTx, todoIds: string[]) {
  if (todoIds.length === 0) return [];
  return db.select({ id: todos.id, todolistId: todos.todolistId, position: todos.position }).from(todos).where(inArray(todos.id, todoIds));
}

/**
 * The teachers whose members hold member todos of this todo, and those members: what a change
 * of the todo's answer type must lock (teachers first, then members) before it takes rewards back.
 */
export async function findHoldersOfTodo(db: DbOrTx, todoId: string) {
  return db
    .select({ memberId: memberTodos.memberId, teacherId: teachers.id, groupId: groups.id })
    .from(memberTodos)
    .innerJoin(members, eq(members.id, memberTodos.memberId))
    .innerJoin(groups, eq(groups.id, members.groupId))
    .innerJoin(teachers, eq(teachers.id, groups.teacherId))
    .where(eq(memberTodos.todoId, todoId));
}

/** Locks the teachers' rows in id order (the first step of the lock order). */
export async function lockTeachers(db: DbOrTx, teacherIds: string[]) {
  if (teacherIds.length === 0) return [];
  return db
    .select({ id: teachers.id, coins: teachers.coins })
    .from(teachers)
    .where(inArray(teachers.id, teacherIds))
    .orderBy(asc(teachers.id))
    .for('update');
}

/** The completed member todos of a todo, locked in id order. */
export async function lockCompletedMemberTodos(db: DbOrTx, todoId: string) {
  return db
    .select({ id: memberTodos.id, memberId: memberTodos.memberId, completed: memberTodos.completed, rewardCollected: memberTodos.rewardCollected, memberAnswer: memberTodos.memberAnswer })
    .from(memberTodos)
    .where(and(eq(memberTodos.todoId, todoId), eq(memberTodos.completed, true)))
    .orderBy(asc(memberTodos.id))
    .for('update');
}

/** Forgets every "sent back" of this todo's member todos (its answer type or answer changed). */
export async function clearSentBackComments(db: DbOrTx, todoId: string): Promise<void> {
  await db
    .update(memberTodos)
    .set({ sentBackComment: null })
    .where(and(eq(memberTodos.todoId, todoId), isNotNull(memberTodos.sentBackComment)));
}
