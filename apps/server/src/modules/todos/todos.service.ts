import { AppError } from '@kolikko/core/errors';
import type { PredefinedTodoImage } from '@kolikko/core/enumerations';
import { TODOS_PER_LIST_MAX } from '@kolikko/core/limits';
import { resetCompletion } from '@kolikko/core/rules/completion';
import { planTodoUpdate, type EditableTodo, type TodoUpdates } from '@kolikko/core/rules/todos';
import type { TCreateTodoRequest, TTodo } from '@kolikko/core/schemas/todos';
import type { Db } from '../../db/client.ts';
import { sanitizeTodoHtml } from '../../platform/html.ts';
import { reencodeImage, type StoredImage } from '../../platform/images.ts';
import { memberAccount, moveCoins, teacherAccount } from '../coins/ledger.repo.ts';
import { cancelOwed } from '../coins/owed-rewards.repo.ts';
import type { OwedRewardsService } from '../coins/owed-rewards.service.ts';
import { lockMembers } from '../members/members.repo.ts';
import * as images from './images.repo.ts';
import { updateMemberTodo } from './member-todos.repo.ts';
import { predefinedImage } from './predefined-images.ts';
import { accessTodo, accessTodolist } from './todolist-access.ts';
import { listGroupIdsShowingTodolist, listTeacherIdsWithAccess, lockTodolist } from './todolists.repo.ts';
import type { TodoEvents } from './todos.events.ts';
import { presentTodo } from './todos.presenters.ts';
import * as repo from './todos.repo.ts';

export type TodosService = ReturnType<typeof createTodosService>;

const NEW_TODO: EditableTodo = { content_html: '', content_delta: {}, reward: 0, answertype: 'none', answer: '', allow_member_image: false };

function editable(todo: repo.TodoRow): EditableTodo {
  return {
    content_html: todo.contentHtml,
    content_delta: todo.contentDelta,
    reward: todo.reward,
    answertype: todo.answertype,
    answer: todo.answer,
    allow_member_image: todo.allowMemberImage,
  };
}

function toValues(changes: Partial<EditableTodo>): repo.TodoValues {
  const values: repo.TodoValues = {};
  if (changes.content_html !== undefined) values.contentHtml = changes.content_html;
  if (changes.content_delta !== undefined) values.contentDelta = changes.content_delta;
  if (changes.reward !== undefined) values.reward = changes.reward;
  if (changes.answertype !== undefined) values.answertype = changes.answertype;
  if (changes.answer !== undefined) values.answer = changes.answer;
  if (changes.allow_member_image !== undefined) values.allowMemberImage = changes.allow_member_image;
  return values;
}

function sanitized<T extends { content_html?: string | undefined }>(input: T): T {
  return input.content_html === undefined ? input : { ...input, content_html: sanitizeTodoHtml(input.content_html) };
}

/** A member todo completed by a member this transaction did not lock: start over. */
class HoldersChanged extends Error {}

export function createTodosService({ db, events, owedRewards }: { db: Db; events: TodoEvents; owedRewards: OwedRewardsService }) {
  /** After a committed change of a list's todos: the groups shown it, and the teachers who can see it. */
  async function notify(todolistId: string, todoId: string | null = null) {
    events.todosChanged(await listGroupIdsShowingTodolist(db, todolistId), todolistId);
    events.todoUpdated(await listTeacherIdsWithAccess(db, todolistId), { todolist_id: todolistId, todo_id: todoId });
  }

  async function listOf(todolistId: string): Promise<TTodo[]> {
    return (await repo.listTodos(db, todolistId)).map(presentTodo);
  }

  async function readTodo(todoId: string): Promise<TTodo> {
    const row = await repo.findTodo(db, todoId);
    if (!row) throw new AppError('TODO.TODO_NOT_FOUND');
    return presentTodo(row);
  }

  /**
   * Writes a change of the answer type (or of a strict answer) and starts its member todos over:
   * each completed one is un-completed and its reward taken back, never more than the member has.
   * Locks in the one order: the members' teachers, the members, the todo, the member todos.
   * What the purses still owed for those completions is cancelled; after commit, purses that got
   * coins back pay what they owe elsewhere.
   */
  async function updateAndResetCompletion(editorId: string, todoId: string, values: repo.TodoValues): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const teacherIds = await db.transaction(async (tx) => {
          const holders = await repo.findHoldersOfTodo(tx, todoId);
          await repo.lockTeachers(tx, [...new Set(holders.map((h) => h.teacherId))]);
          const locked = await lockMembers(tx, [...new Set(holders.map((h) => h.memberId))]);
          await repo.updateTodo(tx, todoId, values);
          const coins = new Map(locked.map((m) => [m.id, m.coins]));
          const holderOf = new Map(holders.map((h) => [h.memberId, h]));
          const resetIds: string[] = [];
          for (const mt of await repo.lockCompletedMemberTodos(tx, todoId)) {
            const holder = holderOf.get(mt.memberId);
            const memberCoins = coins.get(mt.memberId);
            if (!holder || memberCoins === undefined) throw new HoldersChanged();
            // What was owed is cancelled below whatever it was; it moves no coins.
            const reset = resetCompletion({ ...mt, rewardOwed: 0 }, memberCoins);
            if (reset.coins.kind === 'takeBack') {
              await moveCoins(tx, {
                from: memberAccount(mt.memberId),
                to: teacherAccount(holder.teacherId),
                amount: reset.coins.amount,
                reason: 'todo_reward_revoked',
                actor: teacherAccount(editorId),
                groupId: holder.groupId,
                reference: mt.id,
              });
              coins.set(mt.memberId, memberCoins - reset.coins.amount);
            }
            await updateMemberTodo(tx, mt.id, { completed: false, rewardCollected: reset.state.rewardCollected });
            resetIds.push(mt.id);
          }
          const owedCancelled = await cancelOwed(tx, resetIds);
          return { coinsBack: [...new Set(holders.map((h) => h.teacherId))], owedCancelled };
        });
        for (const teacherId of teacherIds.coinsBack) await owedRewards.settle(teacherId);
        for (const teacherId of teacherIds.owedCancelled) await owedRewards.owedChanged(teacherId);
        // A comment that sent back an answer to the old task does not fit the new one. Outside
        // the transaction (it locks no purse or member): a student's new answer clears it anyway.
        await repo.clearSentBackComments(db, todoId);
        return;
      } catch (err) {
        if (!(err instanceof HoldersChanged)) throw err;
      }
    }
    throw new AppError('TODO.UPDATE_FAILED');
  }

  async function storeImage(teacherId: string, todoId: string, image: StoredImage): Promise<TTodo> {
    const { todo } = await accessTodo(db, teacherId, todoId, 'edit');
    await db.transaction((tx) => images.replaceImage(tx, { todoId }, image));
    await notify(todo.todolistId, todoId);
    return readTodo(todoId);
  }

  return {
    async list(teacherId: string, todolistId: string): Promise<TTodo[]> {
      await accessTodolist(db, teacherId, todolistId, 'read');
      return listOf(todolistId);
    },

    /** Appends a todo at the end of the list (spec section 4). */
    async create(teacherId: string, request: TCreateTodoRequest): Promise<TTodo> {
      await accessTodolist(db, teacherId, request.todolist_id, 'edit');
      const { todolist_id: todolistId, ...fields } = sanitized(request);
      const { changes } = planTodoUpdate(NEW_TODO, fields);
      const todo = await db.transaction(async (tx) => {
        if (!(await lockTodolist(tx, todolistId))) throw new AppError('TODOLIST.TODOLIST_NOT_FOUND');
        const count = await repo.countTodos(tx, todolistId);
        if (count >= TODOS_PER_LIST_MAX) throw new AppError('TODO.UPDATE_FAILED', { message: `A list holds at most ${TODOS_PER_LIST_MAX} todos` });
        return repo.insertTodo(tx, { ...toValues({ ...NEW_TODO, ...changes }), todolistId, position: count + 1 });
      });
      await notify(todolistId, todo.id);
      return presentTodo({ todo, imagepath: null });
    },

    /**
     * Saves what changed (spec sections 4 and 5): reward clamped, a strict todo without an answer
     * becomes none, and a new answer type (or strict answer) starts the member todos over.
     */
    async update(teacherId: string, todoId: string, updates: TodoUpdates): Promise<TTodo> {
      const { todo } = await accessTodo(db, teacherId, todoId, 'edit');
      const plan = planTodoUpdate(editable(todo), sanitized(updates));
      if (Object.keys(plan.changes).length === 0) return readTodo(todoId);
      if (plan.resetsCompletion) await updateAndResetCompletion(teacherId, todoId, toValues(plan.changes));
      else await repo.updateTodo(db, todoId, toValues(plan.changes));
      await notify(todo.todolistId, todoId);
      return readTodo(todoId);
    },

    /** Deletes a todo and renumbers the rest from 1; answers the list's todos. Coins already paid stay paid. */
    async remove(teacherId: string, todoId: string): Promise<TTodo[]> {
      const { todo } = await accessTodo(db, teacherId, todoId, 'edit');
      await db.transaction(async (tx) => {
        await lockTodolist(tx, todo.todolistId);
        await repo.deleteTodoAndRenumber(tx, todo.todolistId, todoId);
      });
      await notify(todo.todolistId);
      return listOf(todo.todolistId);
    },

    /** Swaps two todos of one list; answers the list's todos. */
    async swap(teacherId: string, todo1: string, todo2: string): Promise<TTodo[]> {
      const a = await accessTodo(db, teacherId, todo1, 'edit');
      const b = await accessTodo(db, teacherId, todo2, 'edit');
      const todolistId = a.todo.todolistId;
      if (b.todo.todolistId !== todolistId) throw new AppError('TODO.UPDATE_FAILED', { message: 'The todos are in different lists' });
      if (todo1 !== todo2) {
        await db.transaction(async (tx) => {
          await lockTodolist(tx, todolistId);
          const positions = await repo.todoPositions(tx, [todo1, todo2]);
          const first = positions.find((p) => p.id === todo1);
          const second = positions.find((p) => p.id === todo2);
          if (!first || !second) throw new AppError('TODO.TODO_NOT_FOUND');
          await repo.swapPositions(tx, first, second);
        });
        await notify(todolistId);
      }
      return listOf(todolistId);
    },

    /** An uploaded image: decoded and re-encoded (no metadata), under a random name. */
    async setImage(teacherId: string, todoId: string, upload: Buffer): Promise<TTodo> {
      await accessTodo(db, teacherId, todoId, 'edit');
      return storeImage(teacherId, todoId, await reencodeImage(upload));
    },

    async setPredefinedImage(teacherId: string, todoId: string, name: PredefinedTodoImage): Promise<TTodo> {
      return storeImage(teacherId, todoId, predefinedImage(name));
    },

    async removeImage(teacherId: string, todoId: string): Promise<TTodo> {
      const { todo } = await accessTodo(db, teacherId, todoId, 'edit');
      if (await images.deleteImage(db, { todoId })) await notify(todo.todolistId, todoId);
      return readTodo(todoId);
    },

    /** A todo's image for anyone holding its link: the random name is the secret (spec: public/todo/...). */
    async publicImage(todoId: string, name: string) {
      const image = await images.findImage(db, { todoId }, name);
      if (!image) throw new AppError('IMAGE.IMAGE_NOT_FOUND');
      return image;
    },
  };
}
