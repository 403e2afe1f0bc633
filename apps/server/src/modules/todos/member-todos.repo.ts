import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { groups, images, memberTodos, members, todos } from '../../db/schema/index.ts';

export type MemberTodoRow = typeof memberTodos.$inferSelect;

const todoImages = alias(images, 'todo_images');
const memberImages = alias(images, 'member_images');

/** Which members a read is about: one member, or the members of one small group of a group. */
export type MemberSelection = { memberId: string } | { groupId: string; smallGroup: 'blue' | 'orange' };

function selects(s: MemberSelection): SQL | undefined {
  return 'memberId' in s ? eq(members.id, s.memberId) : and(eq(members.groupId, s.groupId), eq(members.smallGroup, s.smallGroup));
}

const columns = {
  memberId: members.id,
  memberTodoId: memberTodos.id,
  completed: memberTodos.completed,
  rewardCollected: memberTodos.rewardCollected,
  memberAnswer: memberTodos.memberAnswer,
  todoId: todos.id,
  todolistId: todos.todolistId,
  position: todos.position,
  reward: todos.reward,
  answertype: todos.answertype,
  answer: todos.answer,
  allowMemberImage: todos.allowMemberImage,
  content: todos.contentHtml,
  imagepath: todoImages.name,
  memberImagePath: memberImages.name,
};

/**
 * Every todo of the list for every selected member, with the member's state on it (null where
 * no member todo exists yet), ordered by member name, then position.
 */
export async function readMemberTodos(db: DbOrTx, todolistId: string, selection: MemberSelection) {
  return db
    .select(columns)
    .from(todos)
    .innerJoin(members, selects(selection))
    .leftJoin(memberTodos, and(eq(memberTodos.todoId, todos.id), eq(memberTodos.memberId, members.id)))
    .leftJoin(todoImages, eq(todoImages.todoId, todos.id))
    .leftJoin(memberImages, eq(memberImages.memberTodoId, memberTodos.id))
    .where(eq(todos.todolistId, todolistId))
    .orderBy(asc(sql`lower(${members.username})`), asc(members.id), asc(todos.position));
}
export type MemberTodoReadRow = Awaited<ReturnType<typeof readMemberTodos>>[number];

/** Makes the missing member todos of a list for the selected members (one statement, idempotent). */
export async function insertMissingMemberTodos(db: DbOrTx, todolistId: string, selection: MemberSelection): Promise<void> {
  await db
    .insert(memberTodos)
    .select(
      db
        .select({
          id: sql<string>`gen_random_uuid()`.as('id'),
          todoId: sql<string>`${todos.id}`.as('todo_id'),
          memberId: sql<string>`${members.id}`.as('member_id'),
          todolistId: todos.todolistId,
          completed: sql<boolean>`false`.as('completed'),
          rewardCollected: sql<number>`0`.as('reward_collected'),
          memberAnswer: sql<string>`''`.as('member_answer'),
          updatedAt: sql<Date>`now()`.as('updated_at'),
        })
        .from(todos)
        .innerJoin(members, selects(selection))
        .leftJoin(memberTodos, and(eq(memberTodos.todoId, todos.id), eq(memberTodos.memberId, members.id)))
        .where(and(eq(todos.todolistId, todolistId), isNull(memberTodos.id))),
    )
    .onConflictDoNothing({ target: [memberTodos.todoId, memberTodos.memberId] });
}

/** One member todo with what deciding about it needs: its member, group, teacher and the group's lists. */
export async function findMemberTodoContext(db: DbOrTx, memberTodoId: string) {
  const [row] = await db
    .select({
      id: memberTodos.id,
      todoId: memberTodos.todoId,
      todolistId: memberTodos.todolistId,
      memberId: members.id,
      smallGroup: members.smallGroup,
      groupId: groups.id,
      teacherId: groups.teacherId,
      blueSharedId: groups.blueSharedId,
      orangeSharedId: groups.orangeSharedId,
    })
    .from(memberTodos)
    .innerJoin(members, eq(members.id, memberTodos.memberId))
    .innerJoin(groups, eq(groups.id, members.groupId))
    .where(eq(memberTodos.id, memberTodoId));
  return row;
}

/** One member todo as the API shows it. */
export async function readMemberTodo(db: DbOrTx, memberTodoId: string) {
  const [row] = await db
    .select(columns)
    .from(memberTodos)
    .innerJoin(todos, eq(todos.id, memberTodos.todoId))
    .innerJoin(members, eq(members.id, memberTodos.memberId))
    .leftJoin(todoImages, eq(todoImages.todoId, todos.id))
    .leftJoin(memberImages, eq(memberImages.memberTodoId, memberTodos.id))
    .where(eq(memberTodos.id, memberTodoId));
  return row;
}

/** Locks a member todo for a completion decision (after the teacher, the member and the todo). */
export async function lockMemberTodo(db: DbOrTx, memberTodoId: string) {
  const [row] = await db
    .select({ id: memberTodos.id, completed: memberTodos.completed, rewardCollected: memberTodos.rewardCollected, memberAnswer: memberTodos.memberAnswer })
    .from(memberTodos)
    .where(eq(memberTodos.id, memberTodoId))
    .for('update');
  return row;
}

export async function updateMemberTodo(
  db: DbOrTx,
  memberTodoId: string,
  values: Partial<Pick<MemberTodoRow, 'completed' | 'rewardCollected' | 'memberAnswer'>>,
): Promise<void> {
  await db.update(memberTodos).set({ ...values, updatedAt: new Date() }).where(eq(memberTodos.id, memberTodoId));
}

/** A member's group and small group, read fresh (the teacher may have moved it since it signed in). */
export async function findMemberPlacement(db: DbOrTx, memberId: string) {
  const [row] = await db
    .select({
      groupId: members.groupId,
      smallGroup: members.smallGroup,
      teacherId: groups.teacherId,
      blueSharedId: groups.blueSharedId,
      orangeSharedId: groups.orangeSharedId,
    })
    .from(members)
    .innerJoin(groups, eq(groups.id, members.groupId))
    .where(eq(members.id, memberId));
  return row;
}
