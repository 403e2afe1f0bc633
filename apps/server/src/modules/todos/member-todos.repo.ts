import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedPerDb, statement, type Connection } from '../../db/prepared.ts';
import type { Movement } from '../coins/ledger.repo.ts';
import { groups, images, memberTodos, members, owedRewards, teachers, todos } from '../../db/schema/index.ts';

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
  rewardOwed: owedRewards.amount,
  memberAnswer: memberTodos.memberAnswer,
  sentBackComment: memberTodos.sentBackComment,
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
    .leftJoin(owedRewards, eq(owedRewards.memberTodoId, memberTodos.id))
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
 * member is not in that group or no list is shown to its small group. Raw SQL, prepared by name:
 * a class opening its todos at once is the hottest read, and Drizzle's row mapping cost about a
 * tenth of its server time (bench/README.md).
 */
const readOwn = statement<{ memberId: string; groupId: string }>(
  'member_todos_own',
  (v) => sql`
    select m.id as "memberId", mt.id as "memberTodoId", mt.completed, mt.reward_collected as "rewardCollected",
           ow.amount as "rewardOwed", mt.member_answer as "memberAnswer", mt.sent_back_comment as "sentBackComment", t.id as "todoId", t.todolist_id as "todolistId", t.position, t.reward,
           t.answertype, t.answer, t.allow_member_image as "allowMemberImage", t.content_html as content,
           ti.name as imagepath, mi.name as "memberImagePath"
    from members m
      join groups g on g.id = m.group_id
      join todos t on t.todolist_id = case when m.small_group = 'blue' then g.blue_shared_id else g.orange_shared_id end
      left join member_todos mt on mt.todo_id = t.id and mt.member_id = m.id
      left join images ti on ti.todo_id = t.id
      left join images mi on mi.member_todo_id = mt.id
      left join owed_rewards ow on ow.member_todo_id = mt.id
    where m.id = ${v.memberId} and m.group_id = ${v.groupId}
    order by t.position`,
);

export async function readOwnMemberTodos(db: Db, memberId: string, groupId: string): Promise<MemberTodoReadRow[]> {
  return readOwn.read<MemberTodoReadRow>(db, { memberId, groupId });
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
          sentBackComment: sql<string | null>`null::text`.as('sent_back_comment'),
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
    .leftJoin(owedRewards, eq(owedRewards.memberTodoId, memberTodos.id))
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
  /** What the purse still owes for this completion (read with the locks; only shown, never decides coins). */
  reward_owed: number;
  member_answer: string;
  sent_back_comment: string | null;
  member_id: string;
  small_group: 'blue' | 'orange';
  member_coins: number;
  group_id: string;
  teacher_id: string;
  /** The group's co-teachers now (issue 34): they may approve and send back too. */
  coteacher_ids: string[];
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
 * Locks member todos for a batch of changes, in one statement: each one's teacher purse, member
 * and member todo (no key update: balances and state change), then its todo and group (share:
 * held against an answer type change, and against the list being withdrawn from the small
 * group). The rows are sorted before they are locked (PostgreSQL puts LockRows above the Sort),
 * by teacher, then member, and within a row it takes the locks in the order of the locking
 * clauses. So every purse comes before its members, as in every transaction that moves a
 * teacher's coins, and the members of one teacher come in id order, as a transfer locks them:
 * two batches, or a batch and a transfer, wait for each other but never deadlock.
 * Who may touch each row is checked by the caller on what this returns. The images are scalar
 * subqueries, not joins: a five-table join plans faster than seven.
 */
const lockForChanges = statement<{ ids: string[] }>(
  'member_todos_lock_for_changes',
  (v) => sql`
    select mt.id, mt.todo_id, mt.todolist_id, mt.completed, mt.reward_collected, mt.member_answer, mt.sent_back_comment,
           coalesce((select amount from owed_rewards where member_todo_id = mt.id), 0) as reward_owed,
           m.id as member_id, m.small_group, m.coins as member_coins,
           g.id as group_id, g.teacher_id, g.blue_shared_id, g.orange_shared_id, tch.coins as teacher_coins,
           t.position, t.reward, t.answertype, t.answer, t.allow_member_image, t.content_html,
           (select name from images where todo_id = t.id) as todo_image,
           (select name from images where member_todo_id = mt.id) as member_image,
           array(select gc.teacher_id from group_coteachers gc
                 where gc.group_id = g.id and gc.accepted_at is not null and (gc.until is null or gc.until > now())) as coteacher_ids
    from member_todos mt
      join members m on m.id = mt.member_id
      join groups g on g.id = m.group_id
      join teachers tch on tch.id = g.teacher_id
      join todos t on t.id = mt.todo_id
    where mt.id = any(${v.ids}::uuid[])
    order by g.teacher_id, m.id, mt.id
    for no key update of tch, m, mt
    for share of t, g`,
);

export async function lockMemberTodosForChanges(tx: DbOrTx, connection: Connection, ids: string[]): Promise<LockedMemberTodo[]> {
  return lockForChanges.run<LockedMemberTodo>(tx, connection, { ids });
}

/** What a batch of changes writes: balance changes, ledger rows in order, and member todos' final states. */
export interface Settlement {
  teachers: { id: string; delta: number }[];
  members: { id: string; delta: number }[];
  movements: Movement[];
  states: { id: string; completed: boolean; rewardCollected: number; memberAnswer: string; sentBackComment: string | null }[];
}

type SettlementValues = {
  teacherIds: string[];
  teacherDeltas: number[];
  memberIds: string[];
  memberDeltas: number[];
  from: string[];
  to: string[];
  amount: number[];
  reason: string[];
  actor: string[];
  groupId: (string | null)[];
  reference: (string | null)[];
  stateIds: string[];
  completed: boolean[];
  rewardCollected: number[];
  memberAnswer: string[];
  sentBackComment: (string | null)[];
};

/**
 * A batch's coins and states in one statement, each part with arrays as parameters: every
 * balance changes once by its net amount (guarded: never below zero), the ledger gets one row per
 * movement, in order, and each member todo its final state. Answers how many rows each part wrote.
 */
const settleChanges = statement<SettlementValues>(
  'member_todos_settle_changes',
  (v) => sql`
    with teachers_changed as (
      update teachers set coins = teachers.coins + d.delta
      from unnest(${v.teacherIds}::uuid[], ${v.teacherDeltas}::integer[]) as d(id, delta)
      where teachers.id = d.id and teachers.coins + d.delta >= 0
      returning 1),
    members_changed as (
      update members set coins = members.coins + d.delta
      from unnest(${v.memberIds}::uuid[], ${v.memberDeltas}::integer[]) as d(id, delta)
      where members.id = d.id and members.coins + d.delta >= 0
      returning 1),
    logged as (
      insert into coin_ledger (from_account, to_account, amount, reason, actor, group_id, reference)
      select * from unnest(${v.from}::text[], ${v.to}::text[], ${v.amount}::integer[], ${v.reason}::text[], ${v.actor}::text[],
        ${v.groupId}::uuid[], ${v.reference}::text[])
      returning 1),
    states as (
      update member_todos set completed = s.completed, reward_collected = s.reward_collected, member_answer = s.member_answer,
        sent_back_comment = s.sent_back_comment, updated_at = now()
      from unnest(${v.stateIds}::uuid[], ${v.completed}::boolean[], ${v.rewardCollected}::integer[], ${v.memberAnswer}::text[],
        ${v.sentBackComment}::text[])
        as s(id, completed, reward_collected, member_answer, sent_back_comment)
      where member_todos.id = s.id
      returning 1)
    select (select count(*) from teachers_changed)::integer as teachers, (select count(*) from members_changed)::integer as members,
           (select count(*) from logged)::integer as logged, (select count(*) from states)::integer as states`,
);

/**
 * Writes a batch's settlement. Its amounts were decided on rows this transaction holds locked,
 * so every part must write exactly what it was given; anything else throws (and rolls back).
 */
export async function settleMemberTodoChanges(tx: DbOrTx, connection: Connection, s: Settlement): Promise<void> {
  if (s.movements.length === 0 && s.states.length === 0) return;
  const [written] = await settleChanges.run<{ teachers: number; members: number; logged: number; states: number }>(tx, connection, {
    teacherIds: s.teachers.map((t) => t.id),
    teacherDeltas: s.teachers.map((t) => t.delta),
    memberIds: s.members.map((m) => m.id),
    memberDeltas: s.members.map((m) => m.delta),
    from: s.movements.map((m) => m.from),
    to: s.movements.map((m) => m.to),
    amount: s.movements.map((m) => m.amount),
    reason: s.movements.map((m) => m.reason),
    actor: s.movements.map((m) => m.actor),
    groupId: s.movements.map((m) => m.groupId ?? null),
    reference: s.movements.map((m) => m.reference ?? null),
    stateIds: s.states.map((m) => m.id),
    completed: s.states.map((m) => m.completed),
    rewardCollected: s.states.map((m) => m.rewardCollected),
    memberAnswer: s.states.map((m) => m.memberAnswer),
    sentBackComment: s.states.map((m) => m.sentBackComment),
  });
  const exact =
    written?.teachers === s.teachers.length && written.members === s.members.length && written.logged === s.movements.length && written.states === s.states.length;
  if (!exact) throw new Error(`a batch of member todo changes wrote ${JSON.stringify(written)} for ${s.teachers.length} purses, ${s.members.length} members, ${s.movements.length} movements, ${s.states.length} states`);
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

/** One cell of the class view: a member's state on one todo (todo null: the list has no todos). */
export interface ClassGridRow {
  member_id: string;
  username: string;
  todo_id: string | null;
  mtodo_id: string | null;
  completed: boolean | null;
  /** The member's answer has a character that is not white space (only this, not the answer, is read). */
  answered: boolean | null;
  has_image: boolean;
  sent_back: boolean | null;
}

/**
 * The class view in one statement: every member of a small group by every todo of a list, with
 * only what a cell's status needs (no answers, no content). Ordered as the teacher's other reads:
 * by name, then position. The member todos are reached member by member through
 * (member_id, todolist_id): joined on (todo_id, member_id) alone, PostgreSQL hashed the whole
 * member_todos table (88 ms at 120,000 rows, against 9 ms this way; bench/README.md).
 */
const classGrid = statement<{ todolistId: string; groupId: string; smallGroup: string }>(
  'member_todos_class_grid',
  (v) => sql`
    with ms as (select id, username from members where group_id = ${v.groupId}::uuid and small_group = ${v.smallGroup}),
         cells as (select mt.id, mt.todo_id, mt.member_id, mt.completed, mt.member_answer, mt.sent_back_comment
                   from ms join member_todos mt on mt.member_id = ms.id and mt.todolist_id = ${v.todolistId}::uuid)
    select m.id as member_id, m.username, t.id as todo_id, c.id as mtodo_id, c.completed,
           c.member_answer ~ '[^[:space:]]' as answered,
           exists (select 1 from images i where i.member_todo_id = c.id) as has_image,
           c.sent_back_comment is not null as sent_back
    from ms m
      left join todos t on t.todolist_id = ${v.todolistId}::uuid
      left join cells c on c.todo_id = t.id and c.member_id = m.id
    order by lower(m.username), m.id, t.position`,
);

export async function readClassGrid(db: Db, todolistId: string, groupId: string, smallGroup: 'blue' | 'orange'): Promise<ClassGridRow[]> {
  return classGrid.read<ClassGridRow>(db, { todolistId, groupId, smallGroup });
}

/** The columns of the class view: a list's todos by position, with their (sanitized) HTML. */
export async function listGridTodos(db: Db, todolistId: string) {
  return db
    .select({ id: todos.id, position: todos.position, reward: todos.reward, answertype: todos.answertype, contentHtml: todos.contentHtml })
    .from(todos)
    .where(eq(todos.todolistId, todolistId))
    .orderBy(asc(todos.position));
}

/**
 * The member todos of one todo of the members of one small group whose answer may be awaiting
 * the teacher (free, not done, not sent back). Read without locks: the change decides again on
 * the locked rows.
 */
export async function findAwaitingMemberTodos(db: Db, todoId: string, groupId: string, smallGroup: 'blue' | 'orange'): Promise<string[]> {
  const rows = await db
    .select({ id: memberTodos.id })
    .from(memberTodos)
    .innerJoin(members, eq(members.id, memberTodos.memberId))
    .where(
      and(
        eq(memberTodos.todoId, todoId),
        eq(members.groupId, groupId),
        eq(members.smallGroup, smallGroup),
        eq(memberTodos.completed, false),
        isNull(memberTodos.sentBackComment),
      ),
    )
    .orderBy(asc(memberTodos.id));
  return rows.map((r) => r.id);
}

/** Whether the todo is one of the list's. */
export async function isTodoOfList(db: Db, todoId: string, todolistId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: todos.id })
    .from(todos)
    .where(and(eq(todos.id, todoId), eq(todos.todolistId, todolistId)));
  return row !== undefined;
}

/** The teacher's purse now (for an answer that moved no coins). */
export async function findTeacherCoins(db: Db, teacherId: string): Promise<number> {
  const [row] = await db.select({ coins: teachers.coins }).from(teachers).where(eq(teachers.id, teacherId));
  return row?.coins ?? 0;
}
