import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { rowsOf } from '../../db/raw.ts';
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

function readQuery(db: Db, selection: SQL | undefined) {
  return db
    .select(columns)
    .from(todos)
    .innerJoin(members, selection)
    .leftJoin(memberTodos, and(eq(memberTodos.todoId, todos.id), eq(memberTodos.memberId, members.id)))
    .leftJoin(todoImages, eq(todoImages.todoId, todos.id))
    .leftJoin(memberImages, eq(memberImages.memberTodoId, memberTodos.id))
    .where(eq(todos.todolistId, sql.placeholder('todolistId')))
    .orderBy(asc(sql`lower(${members.username})`), asc(members.id), asc(todos.position));
}

const readOneMember = preparedPerDb((db) => readQuery(db, eq(members.id, sql.placeholder('memberId'))).prepare('member_todos_of_member'));
const readSmallGroup = preparedPerDb((db) =>
  readQuery(db, and(eq(members.groupId, sql.placeholder('groupId')), eq(members.smallGroup, sql.placeholder('smallGroup')))).prepare('member_todos_of_small_group'),
);

/**
 * Every todo of the list for every selected member, with the member's state on it (null where
 * no member todo exists yet), ordered by member name, then position.
 */
export async function readMemberTodos(db: Db, todolistId: string, selection: MemberSelection) {
  return 'memberId' in selection
    ? readOneMember(db).execute({ todolistId, memberId: selection.memberId })
    : readSmallGroup(db).execute({ todolistId, groupId: selection.groupId, smallGroup: selection.smallGroup });
}

/**
 * A member's own todos in one statement: the list its small group is shown in its group, read
 * with the member's placement (a teacher may have moved it since it signed in). No rows when the
 * member is not in that group or no list is shown to its small group.
 */
const readOwn = preparedPerDb((db) =>
  db
    .select(columns)
    .from(members)
    .innerJoin(groups, eq(groups.id, members.groupId))
    .innerJoin(todos, eq(todos.todolistId, sql`case when ${members.smallGroup} = 'blue' then ${groups.blueSharedId} else ${groups.orangeSharedId} end`))
    .leftJoin(memberTodos, and(eq(memberTodos.todoId, todos.id), eq(memberTodos.memberId, members.id)))
    .leftJoin(todoImages, eq(todoImages.todoId, todos.id))
    .leftJoin(memberImages, eq(memberImages.memberTodoId, memberTodos.id))
    .where(and(eq(members.id, sql.placeholder('memberId')), eq(members.groupId, sql.placeholder('groupId'))))
    .orderBy(asc(todos.position))
    .prepare('member_todos_own'),
);

export async function readOwnMemberTodos(db: Db, memberId: string, groupId: string) {
  return readOwn(db).execute({ memberId, groupId });
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

const memberTodoContext = preparedPerDb((db) =>
  db
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
    .where(eq(memberTodos.id, sql.placeholder('memberTodoId')))
    .prepare('member_todo_context'),
);

/** One member todo with what deciding about it needs: its member, group, teacher and the group's lists. */
export async function findMemberTodoContext(db: Db, memberTodoId: string) {
  const [row] = await memberTodoContext(db).execute({ memberTodoId });
  return row;
}

const oneMemberTodo = preparedPerDb((db) =>
  db
    .select(columns)
    .from(memberTodos)
    .innerJoin(todos, eq(todos.id, memberTodos.todoId))
    .innerJoin(members, eq(members.id, memberTodos.memberId))
    .leftJoin(todoImages, eq(todoImages.todoId, todos.id))
    .leftJoin(memberImages, eq(memberImages.memberTodoId, memberTodos.id))
    .where(eq(memberTodos.id, sql.placeholder('memberTodoId')))
    .prepare('member_todo_one'),
);

/** One member todo as the API shows it. */
export async function readMemberTodo(db: Db, memberTodoId: string) {
  const [row] = await oneMemberTodo(db).execute({ memberTodoId });
  return row;
}

/**
 * Locks what a completion decision reads, in one statement, once the caller holds the teacher's
 * purse: the member and the member todo (no key update: their balance and state change), and the
 * todo (share: held against an answer type change). Every other transaction that changes these
 * rows takes the teacher's purse first, so the order among these three cannot deadlock.
 */
export async function lockForCompletion(tx: DbOrTx, memberTodoId: string) {
  const [row] = rowsOf<{
    member_coins: number;
    answertype: 'none' | 'free' | 'strict';
    answer: string;
    reward: number;
    allow_member_image: boolean;
    completed: boolean;
    reward_collected: number;
    member_answer: string;
  }>(
    await tx.execute(sql`
      select m.coins as member_coins, t.answertype, t.answer, t.reward, t.allow_member_image,
             mt.completed, mt.reward_collected, mt.member_answer
      from member_todos mt join members m on m.id = mt.member_id join todos t on t.id = mt.todo_id
      where mt.id = ${memberTodoId}
      for no key update of m, mt for share of t`),
  );
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
