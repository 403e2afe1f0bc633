import { AppError, type ErrorCode } from '@kolikko/core/errors';
import { decideCompletion, memberTodoStatus, type CompletionRequest, type CompletionState } from '@kolikko/core/rules/completion';
import { todoTitle } from '@kolikko/core/rules/todos';
import { sortByUsername } from '@kolikko/core/rules/names';
import type {
  TApproveAllRequest,
  TApproveAllResponse,
  TClassGrid,
  TClassGridMember,
  TClassGridQuery,
  TMemberTodo,
  TMemberTodoUpdateResponse,
  TMemberTodosQuery,
} from '@kolikko/core/schemas/todos';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transactionOnConnection } from '../../db/prepared.ts';
import { createBatcher, type Outcome } from '../../platform/batcher.ts';
import { reencodeImage } from '../../platform/images.ts';
import { memberAccount, teacherAccount, type Movement } from '../coins/ledger.repo.ts';
import * as owed from '../coins/owed-rewards.repo.ts';
import type { OwedRewardsService } from '../coins/owed-rewards.service.ts';
import { taughtGroup } from '../groups/group-access.ts';
import { isCoteacher } from '../groups/groups.repo.ts';
import * as images from './images.repo.ts';
import * as repo from './member-todos.repo.ts';
import type { TodoEvents } from './todos.events.ts';
import { presentMemberTodo } from './todos.presenters.ts';

/** Who acts on member todos: the teacher of the member's group, or the member itself. */
export type TodoActor = { kind: 'teacher'; teacherId: string } | { kind: 'member'; memberId: string };

export type MemberTodosService = ReturnType<typeof createMemberTodosService>;

type Context = NonNullable<Awaited<ReturnType<typeof repo.findMemberTodoContext>>>;

/** The most changes one batch writes (one transaction, one lock statement). */
const MAX_CHANGES_PER_BATCH = 64;

/**
 * One change of a member todo: what the actor asked, or a `step` that writes its image inside the
 * transaction, under the locks, and says what was asked.
 */
type Change = { actor: TodoActor; memberTodoId: string; access: 'accessible' | 'actionable' } & (
  | { request: CompletionRequest; step?: undefined }
  | { step: (tx: DbOrTx, locked: repo.LockedMemberTodo) => Promise<CompletionRequest>; request?: undefined }
);

/** A change as written: the rows it was decided on, its new state, and the balances right after it. */
interface Changed {
  locked: repo.LockedMemberTodo;
  state: CompletionState;
  memberCoins: number;
  teacherCoins: number;
  imageChanged: boolean;
  /** The coins this change moved to the member (negative: taken back), and whether it was done before it. */
  coinsMoved: number;
  wasCompleted: boolean;
}

/** What the student is told of its teacher's change (issue 14): done or not done now, the todo's title and the coins. */
function teacherOutcome(locked: repo.LockedMemberTodo, state: CompletionState, coinsMoved: number, wasCompleted: boolean) {
  if (state.completed === wasCompleted) return {};
  return { outcome: state.completed ? ('approved' as const) : ('reopened' as const), title: todoTitle(locked.content_html), coins_change: coinsMoved };
}

/** Why the actor may not make this change of a locked member todo, if it may not. */
function refusalOf(change: Change, row: repo.LockedMemberTodo): ErrorCode | undefined {
  if (change.actor.kind === 'member' && row.member_id !== change.actor.memberId) return 'USER.NOT_YOU';
  if (change.actor.kind === 'teacher' && row.teacher_id !== change.actor.teacherId && !row.coteacher_ids.includes(change.actor.teacherId)) return 'TODO.NOT_YOUR_TODO';
  const shown = shownList({ smallGroup: row.small_group, blueSharedId: row.blue_shared_id, orangeSharedId: row.orange_shared_id });
  if (change.access === 'actionable' && shown !== row.todolist_id) return 'TODO.TODO_NOT_FOUND';
  return undefined;
}

const shownList = (p: { smallGroup: 'blue' | 'orange'; blueSharedId: string | null; orangeSharedId: string | null }) =>
  p.smallGroup === 'blue' ? p.blueSharedId : p.orangeSharedId;

function present(rows: repo.MemberTodoReadRow[], viewer: TodoActor['kind']): TMemberTodo[] {
  return rows.flatMap((r) => (r.memberTodoId === null ? [] : [presentMemberTodo({ ...r, memberTodoId: r.memberTodoId }, viewer)]));
}

export function createMemberTodosService({ db, events, owedRewards }: { db: Db; events: TodoEvents; owedRewards: OwedRewardsService }) {
  /**
   * The list's member todos for the selected members, made on first read: a list shared to a
   * small group, a todo added later, a new member or one moved between small groups all get
   * their member todos the first time anyone reads them, in one statement.
   */
  async function read(todolistId: string | null, selection: repo.MemberSelection, viewer: TodoActor['kind']): Promise<TMemberTodo[]> {
    if (!todolistId) return [];
    let rows = await repo.readMemberTodos(db, todolistId, selection);
    if (rows.some((r) => r.memberTodoId === null)) {
      await repo.insertMissingMemberTodos(db, todolistId, selection);
      rows = await repo.readMemberTodos(db, todolistId, selection);
    }
    return present(rows, viewer);
  }

  /** The member todo, if the actor may touch it: the member itself, or a teacher of its group (its owner or a co-teacher). */
  async function accessible(actor: TodoActor, memberTodoId: string): Promise<Context> {
    const ctx = await repo.findMemberTodoContext(db, memberTodoId);
    if (!ctx) throw new AppError('TODO.TODO_NOT_FOUND');
    if (actor.kind === 'member' && ctx.memberId !== actor.memberId) throw new AppError('USER.NOT_YOU');
    if (actor.kind === 'teacher' && ctx.teacherId !== actor.teacherId && !(await isCoteacher(db, actor.teacherId, ctx.groupId))) {
      throw new AppError('TODO.NOT_YOUR_TODO');
    }
    return ctx;
  }

  /** ...and still on the list its small group is shown: a withdrawn list cannot earn coins. */
  async function actionable(actor: TodoActor, memberTodoId: string): Promise<Context> {
    const ctx = await accessible(actor, memberTodoId);
    if (shownList(ctx) !== ctx.todolistId) throw new AppError('TODO.TODO_NOT_FOUND');
    return ctx;
  }

  /**
   * Changes of member todos, written in batches (platform/batcher.ts): the changes that arrive
   * while one batch is being written go together in the next, in one transaction. One statement
   * locks all their member todos (see lockMemberTodosForChanges for the order); then each change,
   * in arrival order, is checked (the actor may touch the member todo; `actionable` also asks that
   * the list is still the one its small group is shown: a withdrawn list cannot earn coins) and
   * decided by core's completion rules on the state and balances the changes before it left, so a
   * batch ends exactly as the same changes one after the other would. A refused change writes
   * nothing and does not touch the others. One statement then writes every balance's net change,
   * the ledger rows in order and the final states. A change with a `step` (it writes an image) is
   * written alone, and any refusal of it rolls its step back.
   *
   * A completion the purse cannot pay in full still completes: what it cannot pay is owed
   * (owed_rewards), and un-completing cancels it. After commit, a purse that got coins back pays
   * what it owes (in a transaction of its own), and a teacher whose owed rewards changed is told.
   */
  async function writeChanges(changes: Change[]): Promise<Outcome<Changed>[]> {
    const after = { owedChanged: new Set<string>(), coinsBack: new Set<string>() };
    const outcomes = await transactionOnConnection(
      db,
      async (tx, connection) => {
        const rows = await repo.lockMemberTodosForChanges(tx, connection, [...new Set(changes.map((c) => c.memberTodoId))]);
        const stateOf = (row: repo.LockedMemberTodo): CompletionState => ({
          completed: row.completed,
          rewardCollected: row.reward_collected,
          rewardOwed: row.reward_owed,
          memberAnswer: row.member_answer,
          sentBackComment: row.sent_back_comment,
          hasImage: row.member_image !== null,
        });
        const current = new Map(rows.map((row) => [row.id, { row, state: stateOf(row) }]));
        const coins = { member: new Map(rows.map((r) => [r.member_id, r.member_coins])), teacher: new Map(rows.map((r) => [r.teacher_id, r.teacher_coins])) };
        const deltas = { member: new Map<string, number>(), teacher: new Map<string, number>() };
        const movements: Movement[] = [];
        const touched = new Set<string>();
        const outcomes: Outcome<Changed>[] = [];
        for (const change of changes) {
          const refuse = (error: AppError) => {
            if (change.step) throw error;
            outcomes.push({ ok: false, error });
          };
          const entry = current.get(change.memberTodoId);
          const refusal = entry ? refusalOf(change, entry.row) : 'TODO.TODO_NOT_FOUND';
          if (!entry || refusal) {
            refuse(new AppError(refusal ?? 'TODO.TODO_NOT_FOUND'));
            continue;
          }
          const { row } = entry;
          const request = change.step ? await change.step(tx, row) : change.request;
          const balances = { member: coins.member.get(row.member_id) ?? 0, teacher: coins.teacher.get(row.teacher_id) ?? 0 };
          const decision = decideCompletion(
            { answertype: row.answertype, answer: row.answer, reward: row.reward },
            entry.state,
            change.actor.kind,
            request,
            balances,
          );
          if (!decision.ok) {
            refuse(new AppError(decision.error));
            continue;
          }
          const { state } = decision;
          const moved = decision.coins.kind === 'pay' ? decision.coins.amount : decision.coins.kind === 'takeBack' ? -decision.coins.amount : 0;
          if (moved !== 0) {
            const pay = moved > 0;
            movements.push({
              from: pay ? teacherAccount(row.teacher_id) : memberAccount(row.member_id),
              to: pay ? memberAccount(row.member_id) : teacherAccount(row.teacher_id),
              amount: Math.abs(moved),
              reason: pay ? 'todo_reward' : 'todo_reward_revoked',
              actor: change.actor.kind === 'teacher' ? teacherAccount(change.actor.teacherId) : memberAccount(change.actor.memberId),
              groupId: row.group_id,
              reference: row.id,
            });
            coins.member.set(row.member_id, balances.member + moved);
            coins.teacher.set(row.teacher_id, balances.teacher - moved);
            deltas.member.set(row.member_id, (deltas.member.get(row.member_id) ?? 0) + moved);
            deltas.teacher.set(row.teacher_id, (deltas.teacher.get(row.teacher_id) ?? 0) - moved);
          }
          const before = entry.state;
          if (
            moved !== 0 ||
            state.completed !== before.completed ||
            state.rewardCollected !== before.rewardCollected ||
            state.rewardOwed !== before.rewardOwed ||
            state.memberAnswer !== before.memberAnswer ||
            state.sentBackComment !== before.sentBackComment
          ) {
            touched.add(row.id);
          }
          if (moved < 0) after.coinsBack.add(row.teacher_id);
          entry.state = state;
          outcomes.push({
            ok: true,
            value: { locked: row, state, memberCoins: balances.member + moved, teacherCoins: balances.teacher - moved, imageChanged: change.step !== undefined, coinsMoved: moved, wasCompleted: before.completed },
          });
        }
        const changed = (m: Map<string, number>) => [...m].filter(([, delta]) => delta !== 0).map(([id, delta]) => ({ id, delta }));
        await repo.settleMemberTodoChanges(tx, connection, {
          teachers: changed(deltas.teacher),
          members: changed(deltas.member),
          movements,
          states: [...touched].flatMap((id) => {
            const entry = current.get(id);
            return entry ? [{ id, ...entry.state, sentBackComment: entry.state.sentBackComment ?? null }] : [];
          }),
        });
        // What completions owe. Only a completed member todo can owe, so a completion the purse paid
        // in full (the usual case) writes nothing here.
        const owedNow: Parameters<typeof owed.recordOwed>[1] = [];
        const cancelled: string[] = [];
        for (const id of touched) {
          const entry = current.get(id);
          if (!entry) continue;
          const { row, state } = entry;
          if (!state.completed && row.completed) cancelled.push(id);
          else if (state.completed && state.rewardOwed > 0 && (!row.completed || state.rewardOwed !== row.reward_owed)) {
            owedNow.push({ memberTodoId: id, teacherId: row.teacher_id, memberId: row.member_id, groupId: row.group_id, amount: state.rewardOwed });
            after.owedChanged.add(row.teacher_id);
          }
        }
        for (const teacherId of await owed.cancelOwed(tx, cancelled)) after.owedChanged.add(teacherId);
        await owed.recordOwed(tx, owedNow);
        return outcomes;
      },
      { genericPlans: true },
    );
    for (const teacherId of after.coinsBack) await owedRewards.settle(teacherId);
    for (const teacherId of after.owedChanged) await owedRewards.owedChanged(teacherId);
    return outcomes;
  }

  const batches = createBatcher(writeChanges, { maxBatch: MAX_CHANGES_PER_BATCH, alone: (change) => change.step !== undefined });

  /** One change of a member todo, written with the others that arrive meanwhile, and its answer. */
  async function change(change: Change): Promise<TMemberTodoUpdateResponse> {
    return answer(change, await batches.submit(change));
  }

  async function answer(change: Change, { locked, state, memberCoins, teacherCoins, imageChanged, coinsMoved, wasCompleted }: Changed): Promise<TMemberTodoUpdateResponse> {
    const { actor } = change;
    // The balances right after this change: both rows were locked until its batch committed.
    const member_coins = memberCoins;
    let row: repo.MemberTodoReadRow | undefined = {
      memberId: locked.member_id,
      memberTodoId: locked.id,
      completed: state.completed,
      rewardCollected: state.rewardCollected,
      rewardOwed: state.rewardOwed,
      memberAnswer: state.memberAnswer,
      sentBackComment: state.sentBackComment ?? null,
      todoId: locked.todo_id,
      todolistId: locked.todolist_id,
      position: locked.position,
      reward: locked.reward,
      answertype: locked.answertype,
      answer: locked.answer,
      allowMemberImage: locked.allow_member_image,
      content: locked.content_html,
      imagepath: locked.todo_image,
      memberImagePath: locked.member_image,
    };
    // An image written or removed in the transaction: read the member todo as it now is.
    if (imageChanged) row = await repo.readMemberTodo(db, locked.id);
    if (!row || row.memberTodoId === null) throw new AppError('TODO.TODO_NOT_FOUND');
    const member_todo = presentMemberTodo({ ...row, memberTodoId: row.memberTodoId }, actor.kind);
    if (actor.kind === 'member') {
      events.memberUpdatedTodo(locked.group_id, { member_id: locked.member_id, mtodo_id: locked.id, member_coins });
      return { member_todo, member_coins };
    }
    if (change.request?.sendBack !== undefined) events.teacherSentBackTodo(locked.member_id, { mtodo_id: locked.id, comment: change.request.sendBack });
    else events.teacherUpdatedMemberTodo(locked.member_id, { mtodo_id: locked.id, member_coins, ...teacherOutcome(locked, state, coinsMoved, wasCompleted) });
    // The group's teachers too: the teacher's other tabs (the class grid, the dashboard's count of answers to approve).
    events.memberUpdatedTodo(locked.group_id, { member_id: locked.member_id, mtodo_id: locked.id, member_coins });
    // A co-teacher's approval pays from the owner's purse (the list's rewards are the owner's): a purse it does not see.
    return actor.teacherId === locked.teacher_id ? { member_todo, member_coins, teacher_coins: teacherCoins } : { member_todo, member_coins };
  }

  return {
    /**
     * A member reads its own todos of the list its small group is shown; a teacher reads one
     * member's (member_id) or a whole small group's (color) of its own group.
     */
    async list(actor: TodoActor, query: TMemberTodosQuery): Promise<TMemberTodo[]> {
      if (actor.kind === 'member') {
        if (query.member_id !== undefined && query.member_id !== actor.memberId) throw new AppError('USER.NOT_YOU');
        // The usual case in one statement; a first read, no list shown or another group go the long way.
        const own = await repo.readOwnMemberTodos(db, actor.memberId, query.group_id);
        if (own.length > 0 && own.every((r) => r.memberTodoId !== null)) return present(own, 'member');
        const placement = await repo.findMemberPlacement(db, actor.memberId);
        if (!placement || placement.groupId !== query.group_id) throw new AppError('USER.NOT_YOU');
        return read(shownList(placement), { memberId: actor.memberId }, 'member');
      }
      const { group } = await taughtGroup(db, actor.teacherId, query.group_id);
      if (query.member_id !== undefined) {
        const placement = await repo.findMemberPlacement(db, query.member_id);
        if (!placement || placement.groupId !== group.id) throw new AppError('MEMBER.MEMBER_NOT_FOUND');
        return read(shownList(placement), { memberId: query.member_id }, 'teacher');
      }
      if (query.color === undefined) throw new AppError('VALIDATION.INVALID_INPUT', { field: 'color', message: 'color or member_id is required' });
      return read(shownList({ ...group, smallGroup: query.color }), { groupId: group.id, smallGroup: query.color }, 'teacher');
    },

    /** Spec section 4's completion: a member answers or toggles, a teacher approves or reverts. */
    async update(actor: TodoActor, memberTodoId: string, updates: { completed?: boolean | undefined; member_answer?: string | undefined }) {
      return change({ actor, memberTodoId, access: 'actionable', request: { completed: updates.completed, memberAnswer: updates.member_answer } });
    },

    /** Ours: the teacher sends a free answer awaiting approval back to the student, with a comment. */
    async sendBack(teacherId: string, memberTodoId: string, comment: string) {
      return change({ actor: { kind: 'teacher', teacherId }, memberTodoId, access: 'actionable', request: { sendBack: comment } });
    },

    /**
     * Ours: the class view of one small group: its members (rows) by the todos of the list it is
     * shown (columns), each cell its status. Member todos not made yet are made first, as on any
     * read; then a steady-state read is two statements (the cells, the columns).
     */
    async classGrid(teacherId: string, query: TClassGridQuery): Promise<TClassGrid> {
      const { group } = await taughtGroup(db, teacherId, query.group_id);
      const todolistId = shownList({ ...group, smallGroup: query.color });
      if (!todolistId) return { todolist_id: null, todos: [], members: [] };
      let rows = await repo.readClassGrid(db, todolistId, group.id, query.color);
      if (rows.some((r) => r.todo_id !== null && r.mtodo_id === null)) {
        await repo.insertMissingMemberTodos(db, todolistId, { groupId: group.id, smallGroup: query.color });
        rows = await repo.readClassGrid(db, todolistId, group.id, query.color);
      }
      const columns = await repo.listGridTodos(db, todolistId);
      const column = new Map(columns.map((todo, index) => [todo.id, { todo, index }]));
      const members = new Map<string, TClassGridMember>();
      for (const row of rows) {
        let member = members.get(row.member_id);
        if (!member) {
          member = { id: row.member_id, username: row.username, statuses: columns.map(() => 'not_done' as const) };
          members.set(row.member_id, member);
        }
        const at = row.todo_id === null ? undefined : column.get(row.todo_id);
        // A todo added between the two reads has no cell yet: it shows as not done until the next read.
        if (!at) continue;
        member.statuses[at.index] = memberTodoStatus({
          completed: row.completed ?? false,
          answertype: at.todo.answertype,
          member_answer: row.answered ? 'answered' : '',
          member_image_path: row.has_image ? 'image' : null,
          sent_back: row.sent_back ?? false,
        });
      }
      return {
        todolist_id: todolistId,
        todos: columns.map((todo) => ({ id: todo.id, position: todo.position, reward: todo.reward, answertype: todo.answertype, title: todoTitle(todo.contentHtml) })),
        members: sortByUsername([...members.values()]),
      };
    },

    /**
     * Ours: approves every answer of one todo awaiting the teacher, among one small group's
     * members, in one transaction: the member todos are locked the way every batch locks them (purse,
     * then members in id order), each is decided again on its locked row (only an answer still
     * awaiting is approved: two racing approvals pay once) and paid through the same settlement
     * as a single approval (the ledger, owed rewards). Each student paid is told.
     */
    async approveAll(teacherId: string, request: TApproveAllRequest): Promise<TApproveAllResponse> {
      const { group, role } = await taughtGroup(db, teacherId, request.group_id);
      const todolistId = shownList({ ...group, smallGroup: request.color });
      if (!todolistId || !(await repo.isTodoOfList(db, request.todo_id, todolistId))) throw new AppError('TODO.TODO_NOT_FOUND');
      const candidates = await repo.findAwaitingMemberTodos(db, request.todo_id, group.id, request.color);
      const actor: TodoActor = { kind: 'teacher', teacherId };
      const outcomes =
        candidates.length === 0
          ? []
          : await writeChanges(candidates.map((memberTodoId) => ({ actor, memberTodoId, access: 'actionable', request: { completed: true, onlyIfAwaiting: true } })));
      let approved = 0;
      let paid = 0;
      let owedCoins = 0;
      let teacherCoins: number | undefined;
      for (const outcome of outcomes) {
        if (!outcome.ok) continue;
        const { locked, state, memberCoins, coinsMoved, wasCompleted } = outcome.value;
        approved += 1;
        paid += state.rewardCollected - locked.reward_collected;
        owedCoins += state.rewardOwed;
        teacherCoins = outcome.value.teacherCoins;
        // As a single approval tells it: the student's screen says what was approved and for how much.
        events.teacherUpdatedMemberTodo(locked.member_id, { mtodo_id: locked.id, member_coins: memberCoins, ...teacherOutcome(locked, state, coinsMoved, wasCompleted) });
        events.memberUpdatedTodo(locked.group_id, { member_id: locked.member_id, mtodo_id: locked.id, member_coins: memberCoins });
      }
      // The caller's purse: a co-teacher's is not the one the list's rewards come from (the owner's).
      const callerCoins = role === 'owner' ? teacherCoins : undefined;
      return { approved, paid, owed: owedCoins, teacher_coins: callerCoins ?? (await repo.findTeacherCoins(db, teacherId)) };
    },

    /** The member's answer image, where the todo allows one; a new image is a new answer. */
    async setImage(memberId: string, todoId: string, memberTodoId: string, upload: Buffer) {
      const actor: TodoActor = { kind: 'member', memberId };
      // Refused before the costly re-encoding; checked again under the locks.
      const ctx = await actionable(actor, memberTodoId);
      if (ctx.todoId !== todoId) throw new AppError('TODO.TODO_NOT_FOUND');
      const image = await reencodeImage(upload);
      return change({
        actor,
        memberTodoId,
        access: 'actionable',
        step: async (tx, locked) => {
          if (!locked.allow_member_image) throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS', { message: 'This todo takes no image' });
          await images.replaceImage(tx, { memberTodoId }, image);
          return { memberImageChanged: true };
        },
      });
    },

    /** Removes the answer image: the member (a changed answer), or its teacher (nothing else changes). */
    async removeImage(actor: TodoActor, memberTodoId: string) {
      return change({
        actor,
        memberTodoId,
        access: 'accessible',
        step: async (tx) => {
          const removed = await images.deleteImage(tx, { memberTodoId });
          return { memberImageChanged: removed && actor.kind === 'member' };
        },
      });
    },

    /** The answer image, for the member itself or its teacher. */
    async image(actor: TodoActor, memberTodoId: string, name: string) {
      await accessible(actor, memberTodoId);
      const image = await images.findImage(db, { memberTodoId }, name);
      if (!image) throw new AppError('IMAGE.IMAGE_NOT_FOUND');
      return image;
    },
  };
}
