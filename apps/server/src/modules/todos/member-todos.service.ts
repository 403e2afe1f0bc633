import { AppError } from '@kolikko/core/errors';
import { decideCompletion, type CompletionRequest } from '@kolikko/core/rules/completion';
import type { TMemberTodo, TMemberTodoUpdateResponse, TMemberTodosQuery } from '@kolikko/core/schemas/todos';
import type { Db, Tx } from '../../db/client.ts';
import { reencodeImage } from '../../platform/images.ts';
import { InsufficientCoins, memberAccount, moveCoins, teacherAccount } from '../coins/ledger.repo.ts';
import { ownedGroup } from '../groups/groups.service.ts';
import { lockTeacherPurse } from '../members/members.repo.ts';
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
   * One change of a member todo, in one transaction, with the rows locked in the one order: the
   * teacher's purse first, then the member, the todo (held against answer type changes) and the
   * member todo. `step` may write an image and says what was asked; the completion rules of core
   * decide the rest, and the coins move through the ledger. A refusal rolls everything back.
   */
  async function change(actor: TodoActor, ctx: Context, step: (tx: Tx, todo: { allowMemberImage: boolean }) => Promise<CompletionRequest>): Promise<TMemberTodoUpdateResponse> {
    let balances: { member: number; teacher: number };
    try {
      balances = await db.transaction(async (tx) => {
        const purse = await lockTeacherPurse(tx, ctx.teacherId);
        const locked = await repo.lockForCompletion(tx, ctx.id);
        if (purse === undefined || !locked) throw new AppError('TODO.TODO_NOT_FOUND');
        const todo = { answertype: locked.answertype, answer: locked.answer, reward: locked.reward, allowMemberImage: locked.allow_member_image };
        const before = { completed: locked.completed, rewardCollected: locked.reward_collected, memberAnswer: locked.member_answer };
        const request = await step(tx, todo);
        const decision = decideCompletion(todo, before, actor.kind, request, { member: locked.member_coins, teacher: purse });
        if (!decision.ok) throw new AppError(decision.error);
        const by = actor.kind === 'teacher' ? teacherAccount(actor.teacherId) : memberAccount(actor.memberId);
        const { coins, state } = decision;
        let moved = 0;
        if (coins.kind !== 'none') {
          const pay = coins.kind === 'pay';
          await moveCoins(tx, {
            from: pay ? teacherAccount(ctx.teacherId) : memberAccount(ctx.memberId),
            to: pay ? memberAccount(ctx.memberId) : teacherAccount(ctx.teacherId),
            amount: coins.amount,
            reason: pay ? 'todo_reward' : 'todo_reward_revoked',
            actor: by,
            groupId: ctx.groupId,
            reference: ctx.id,
          });
          moved = pay ? coins.amount : -coins.amount;
        }
        if (state.completed !== before.completed || state.rewardCollected !== before.rewardCollected || state.memberAnswer !== before.memberAnswer) {
          await repo.updateMemberTodo(tx, ctx.id, state);
        }
        // The balances as this transaction leaves them: both rows stay locked until it commits.
        return { member: locked.member_coins + moved, teacher: purse - moved };
      });
    } catch (err) {
      if (err instanceof InsufficientCoins) throw new AppError(err.account.startsWith('teacher:') ? 'MISC.TEACHER_OUT_OF_COINS' : 'MISC.OUT_OF_COINS');
      throw err;
    }
    return answer(actor, ctx, balances);
  }

  async function answer(actor: TodoActor, ctx: Context, balances: { member: number; teacher: number }): Promise<TMemberTodoUpdateResponse> {
    const row = await repo.readMemberTodo(db, ctx.id);
    if (!row || row.memberTodoId === null) throw new AppError('TODO.TODO_NOT_FOUND');
    const member_coins = balances.member;
    const member_todo = presentMemberTodo({ ...row, memberTodoId: row.memberTodoId }, actor.kind);
    if (actor.kind === 'member') {
      events.memberUpdatedTodo(ctx.groupId, { member_id: ctx.memberId, mtodo_id: ctx.id, member_coins });
      return { member_todo, member_coins };
    }
    events.teacherUpdatedMemberTodo(ctx.memberId, { mtodo_id: ctx.id, member_coins });
    return { member_todo, member_coins, teacher_coins: balances.teacher };
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
      const ctx = await actionable(actor, memberTodoId);
      return change(actor, ctx, async () => ({ completed: updates.completed, memberAnswer: updates.member_answer }));
    },

    /** The member's answer image, where the todo allows one; a new image is a new answer. */
    async setImage(memberId: string, todoId: string, memberTodoId: string, upload: Buffer) {
      const actor: TodoActor = { kind: 'member', memberId };
      const ctx = await actionable(actor, memberTodoId);
      if (ctx.todoId !== todoId) throw new AppError('TODO.TODO_NOT_FOUND');
      const image = await reencodeImage(upload);
      return change(actor, ctx, async (tx, todo) => {
        if (!todo.allowMemberImage) throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS', { message: 'This todo takes no image' });
        await images.replaceImage(tx, { memberTodoId }, image);
        return { memberImageChanged: true };
      });
    },

    /** Removes the answer image: the member (a changed answer), or its teacher (nothing else changes). */
    async removeImage(actor: TodoActor, memberTodoId: string) {
      const ctx = await accessible(actor, memberTodoId);
      return change(actor, ctx, async (tx) => {
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
