import { AppError } from '@kolikko/core/errors';
import { decideCompletion, type CompletionRequest, type CompletionState } from '@kolikko/core/rules/completion';
import type { TMemberTodo, TMemberTodoUpdateResponse, TMemberTodosQuery } from '@kolikko/core/schemas/todos';
import type { Db, Tx } from '../../db/client.ts';
import { transactionOnConnection } from '../../db/prepared.ts';
import { reencodeImage } from '../../platform/images.ts';
import { InsufficientCoins, memberAccount, teacherAccount } from '../coins/ledger.repo.ts';
import { ownedGroup } from '../groups/groups.service.ts';
import * as images from './images.repo.ts';
import * as repo from './member-todos.repo.ts';
import type { TodoEvents } from './todos.events.ts';
import { presentMemberTodo } from './todos.presenters.ts';

/** Who acts on member todos: the teacher of the member's group, or the member itself. */
export type TodoActor = { kind: 'teacher'; teacherId: string } | { kind: 'member'; memberId: string };

export type MemberTodosService = ReturnType<typeof createMemberTodosService>;

type Context = NonNullable<Awaited<ReturnType<typeof repo.findMemberTodoContext>>>;

const shownList = (p: { smallGroup: 'blue' | 'orange'; blueSharedId: string | null; orangeSharedId: string | null }) =>
  p.smallGroup === 'blue' ? p.blueSharedId : p.orangeSharedId;

function present(rows: repo.MemberTodoReadRow[], viewer: TodoActor['kind']): TMemberTodo[] {
  return rows.flatMap((r) => (r.memberTodoId === null ? [] : [presentMemberTodo({ ...r, memberTodoId: r.memberTodoId }, viewer)]));
}

export function createMemberTodosService({ db, events }: { db: Db; events: TodoEvents }) {
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

  /** The member todo, if the actor may touch it: the member itself, or the teacher of its group. */
  async function accessible(actor: TodoActor, memberTodoId: string): Promise<Context> {
    const ctx = await repo.findMemberTodoContext(db, memberTodoId);
    if (!ctx) throw new AppError('TODO.TODO_NOT_FOUND');
    if (actor.kind === 'member' && ctx.memberId !== actor.memberId) throw new AppError('USER.NOT_YOU');
    if (actor.kind === 'teacher' && ctx.teacherId !== actor.teacherId) throw new AppError('TODO.NOT_YOUR_TODO');
    return ctx;
  }

  /** ...and still on the list its small group is shown: a withdrawn list cannot earn coins. */
  async function actionable(actor: TodoActor, memberTodoId: string): Promise<Context> {
    const ctx = await accessible(actor, memberTodoId);
    if (shownList(ctx) !== ctx.todolistId) throw new AppError('TODO.TODO_NOT_FOUND');
    return ctx;
  }

  /**
   * One change of a member todo, in one transaction. One statement finds and locks the member
   * todo if the actor may touch it (see lockMemberTodoForChange for the order); `step` may write
   * an image and says what was asked; the completion rules of core decide the rest, and the coins
   * move through the ledger. A refusal rolls everything back. `actionable` also asks that the
   * list is still the one its small group is shown: a withdrawn list cannot earn coins.
   * `writesImage`: the step writes or removes the answer image, so the answer is read afresh.
   */
  async function change(
    actor: TodoActor,
    memberTodoId: string,
    { access, writesImage }: { access: 'accessible' | 'actionable'; writesImage: boolean },
    step: (tx: Tx, locked: repo.LockedMemberTodo) => Promise<CompletionRequest>,
  ): Promise<TMemberTodoUpdateResponse> {
    let outcome: { locked: repo.LockedMemberTodo; state: CompletionState; moved: number; imageChanged: boolean } | undefined;
    try {
      outcome = await transactionOnConnection(db, async (tx, connection) => {
        const locked = await repo.lockMemberTodoForChange(tx, connection, memberTodoId, actor.kind === 'member' ? { memberId: actor.memberId } : { teacherId: actor.teacherId });
        if (!locked) return undefined;
        if (access === 'actionable' && shownList({ smallGroup: locked.small_group, blueSharedId: locked.blue_shared_id, orangeSharedId: locked.orange_shared_id }) !== locked.todolist_id) {
          throw new AppError('TODO.TODO_NOT_FOUND');
        }
        const todo = { answertype: locked.answertype, answer: locked.answer, reward: locked.reward };
        const before = { completed: locked.completed, rewardCollected: locked.reward_collected, memberAnswer: locked.member_answer };
        const request = await step(tx, locked);
        const decision = decideCompletion(todo, before, actor.kind, request, { member: locked.member_coins, teacher: locked.teacher_coins });
        if (!decision.ok) throw new AppError(decision.error);
        const { coins, state } = decision;
        let moved = 0;
        if (coins.kind !== 'none') {
          const pay = coins.kind === 'pay';
          // The movement and the new state in one statement.
          await repo.settleMemberTodo(tx, connection, locked.id, state, {
            from: pay ? teacherAccount(locked.teacher_id) : memberAccount(locked.member_id),
            to: pay ? memberAccount(locked.member_id) : teacherAccount(locked.teacher_id),
            amount: coins.amount,
            reason: pay ? 'todo_reward' : 'todo_reward_revoked',
            actor: actor.kind === 'teacher' ? teacherAccount(actor.teacherId) : memberAccount(actor.memberId),
            groupId: locked.group_id,
            reference: locked.id,
          });
          moved = pay ? coins.amount : -coins.amount;
        } else if (state.completed !== before.completed || state.rewardCollected !== before.rewardCollected || state.memberAnswer !== before.memberAnswer) {
          await repo.setMemberTodoState(tx, connection, locked.id, state);
        }
        return { locked, state, moved, imageChanged: writesImage };
      });
    } catch (err) {
      if (err instanceof InsufficientCoins) throw new AppError(err.account.startsWith('teacher:') ? 'MISC.TEACHER_OUT_OF_COINS' : 'MISC.OUT_OF_COINS');
      throw err;
    }
    if (!outcome) {
      // Not found, or not the actor's: the slow path says which.
      await accessible(actor, memberTodoId);
      throw new AppError('TODO.TODO_NOT_FOUND');
    }
    return answer(actor, outcome);
  }

  async function answer(
    actor: TodoActor,
    { locked, state, moved, imageChanged }: { locked: repo.LockedMemberTodo; state: CompletionState; moved: number; imageChanged: boolean },
  ): Promise<TMemberTodoUpdateResponse> {
    // The balances as the transaction left them: both rows were locked until it committed.
    const member_coins = locked.member_coins + moved;
    let row: repo.MemberTodoReadRow | undefined = {
      memberId: locked.member_id,
      memberTodoId: locked.id,
      completed: state.completed,
      rewardCollected: state.rewardCollected,
      memberAnswer: state.memberAnswer,
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
    events.teacherUpdatedMemberTodo(locked.member_id, { mtodo_id: locked.id, member_coins });
    return { member_todo, member_coins, teacher_coins: locked.teacher_coins - moved };
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
      const { group } = await ownedGroup(db, actor.teacherId, query.group_id);
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
      return change(actor, memberTodoId, { access: 'actionable', writesImage: false }, async () => ({
        completed: updates.completed,
        memberAnswer: updates.member_answer,
      }));
    },

    /** The member's answer image, where the todo allows one; a new image is a new answer. */
    async setImage(memberId: string, todoId: string, memberTodoId: string, upload: Buffer) {
      const actor: TodoActor = { kind: 'member', memberId };
      // Refused before the costly re-encoding; checked again under the locks.
      const ctx = await actionable(actor, memberTodoId);
      if (ctx.todoId !== todoId) throw new AppError('TODO.TODO_NOT_FOUND');
      const image = await reencodeImage(upload);
      return change(actor, memberTodoId, { access: 'actionable', writesImage: true }, async (tx, locked) => {
        if (!locked.allow_member_image) throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS', { message: 'This todo takes no image' });
        await images.replaceImage(tx, { memberTodoId }, image);
        return { memberImageChanged: true };
      });
    },

    /** Removes the answer image: the member (a changed answer), or its teacher (nothing else changes). */
    async removeImage(actor: TodoActor, memberTodoId: string) {
      return change(actor, memberTodoId, { access: 'accessible', writesImage: true }, async (tx) => {
        const removed = await images.deleteImage(tx, { memberTodoId });
        return { memberImageChanged: removed && actor.kind === 'member' };
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
