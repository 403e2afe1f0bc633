import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedPerDb, statement, type Connection } from '../../db/prepared.ts';
import { accountParts, checkMovement, movementCtes, movementValues, type AccountKind, type Movement, type MovementValues } from '../coins/ledger.repo.ts';
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

/** A member todo locked for a change, with everything deciding and answering about it needs. */
export interface LockedMemberTodo {
  id: string;
  todo_id: string;
  todolist_id: string;
  completed: boolean;
  reward_collected: number;
  member_answer: string;
  member_id: string;
  small_group: 'blue' | 'orange';
  member_coins: number;
  group_id: string;
  teacher_id: string;
  blue_shared_id: string | null;
  orange_shared_id: string | null;
  teacher_coins: number;
  position: number;
  reward: number;
  answertype: 'none' | 'free' | 'strict';
  answer: string;
  allow_member_image: boolean;
  content_html: string;
  todo_image: string | null;
  member_image: string | null;
}

/**
 * Locks a member todo for a change, in one statement and only if the actor may touch it (the
 * member itself, or the teacher of its group): the teacher's purse, the member and the member
 * todo (no key update: balances and state change), then the todo and the group (share: held
 * against an answer type change, and against the list being withdrawn from the small group). PostgreSQL takes a statement's row locks in the order of its locking clauses, so
 * the purse comes first, as in every transaction that moves a teacher's coins. A prepared
 * statement on the transaction's connection: this is the hot path of a class ticking off todos,
 * one round trip instead of five, planned once per connection. The images are
 * scalar subqueries, not joins: the statement is planned on every call, and a five-table join
 * plans faster than seven (0.4-0.7 ms instead of 0.7-0.8 ms on the benchmark's database).
 */
const lockForChange = (mayTouch: (v: { memberTodoId: unknown; actorId: unknown }) => SQL, name: string) =>
  statement<{ memberTodoId: string; actorId: string }>(
    name,
    (v) => sql`
      select mt.id, mt.todo_id, mt.todolist_id, mt.completed, mt.reward_collected, mt.member_answer,
             m.id as member_id, m.small_group, m.coins as member_coins,
             g.id as group_id, g.teacher_id, g.blue_shared_id, g.orange_shared_id, tch.coins as teacher_coins,
             t.position, t.reward, t.answertype, t.answer, t.allow_member_image, t.content_html,
             (select name from images where todo_id = t.id) as todo_image,
             (select name from images where member_todo_id = mt.id) as member_image
      from member_todos mt
        join members m on m.id = mt.member_id
        join groups g on g.id = m.group_id
        join teachers tch on tch.id = g.teacher_id
        join todos t on t.id = mt.todo_id
      where mt.id = ${v.memberTodoId} and ${mayTouch(v)}
      for no key update of tch, m, mt
      for share of t, g`,
  );
const lockForMember = lockForChange((v) => sql`m.id = ${v.actorId}`, 'member_todo_lock_by_member');
const lockForTeacher = lockForChange((v) => sql`g.teacher_id = ${v.actorId}`, 'member_todo_lock_by_teacher');

export async function lockMemberTodoForChange(tx: DbOrTx, connection: Connection, memberTodoId: string, actor: { memberId: string } | { teacherId: string }) {
  const [row] =
    'memberId' in actor
      ? await lockForMember.run<LockedMemberTodo>(tx, connection, { memberTodoId, actorId: actor.memberId })
      : await lockForTeacher.run<LockedMemberTodo>(tx, connection, { memberTodoId, actorId: actor.teacherId });
  return row;
}

type SettleValues = MovementValues & { id: string; completed: boolean; rewardCollected: number; memberAnswer: string };

/** A completion's coin movement and the member todo's new state, in one statement (see moveCoins). */
const settle = (name: string, fromKind: AccountKind, toKind: AccountKind) =>
  statement<SettleValues>(
    name,
    (v) => sql`
      with ${movementCtes(fromKind, toKind, v)},
      updated as (
        update member_todos set completed = ${v.completed}, reward_collected = ${v.rewardCollected}, member_answer = ${v.memberAnswer}, updated_at = now()
        where id = ${v.id} and exists (select from logged)
        returning 1)
      select exists (select from debited) as debited, exists (select from logged) as logged`,
  );
const settlements = { pay: settle('member_todo_pay', 'teacher', 'member'), takeBack: settle('member_todo_take_back', 'member', 'teacher') };

/**
 * Pays a completion's reward (teacher to member) or takes it back (member to teacher) through the
 * ledger and writes the member todo's new state, in one round trip; throws InsufficientCoins as
 * moveCoins does.
 */
export async function settleMemberTodo(
  tx: DbOrTx,
  connection: Connection,
  id: string,
  state: { completed: boolean; rewardCollected: number; memberAnswer: string },
  movement: Movement,
): Promise<void> {
  const from = accountParts(movement.from).kind;
  const to = accountParts(movement.to).kind;
  const settlement = from === 'teacher' && to === 'member' ? settlements.pay : from === 'member' && to === 'teacher' ? settlements.takeBack : undefined;
  if (!settlement) throw new RangeError(`a completion moves coins between a teacher and a member, not ${movement.from} and ${movement.to}`);
  const [outcome] = await settlement.run<{ debited: boolean; logged: boolean }>(tx, connection, { ...movementValues(movement), id, ...state });
  checkMovement(movement, outcome);
}

const setState = statement<{ id: string; completed: boolean; rewardCollected: number; memberAnswer: string }>(
  'member_todo_set_state',
  (v) => sql`update member_todos set completed = ${v.completed}, reward_collected = ${v.rewardCollected}, member_answer = ${v.memberAnswer}, updated_at = now() where id = ${v.id}`,
);

/** Writes a member todo's state after a completion decision (a prepared statement on the transaction's connection). */
export async function setMemberTodoState(
  tx: DbOrTx,
  connection: Connection,
  id: string,
  state: { completed: boolean; rewardCollected: number; memberAnswer: string },
): Promise<void> {
  await setState.run(tx, connection, { id, ...state });
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
