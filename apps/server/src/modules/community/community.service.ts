import { AppError } from '@kolikko/core/errors';
import { COMMUNITY_PREVIEW_TODOS, TODOLIST_NAME_MAX_LENGTH } from '@kolikko/core/limits';
import { todoTitle } from '@kolikko/core/rules/todos';
import type { StoredTodolistCategory, TodolistTarget } from '@kolikko/core/enumerations';
import type { TCommunityItem, TCommunityPage, TCommunityQuery, TPublishCommunityRequest, TUpdateCommunityRequest } from '@kolikko/core/schemas/community';
import type { TTodo, TTodolist } from '@kolikko/core/schemas/todos';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sanitizeTodoHtml } from '../../platform/html.ts';
import { InsufficientCoins, moveCoins, teacherAccount } from '../coins/ledger.repo.ts';
import type { OwedRewardsService } from '../coins/owed-rewards.service.ts';
import { findTeacherById } from '../auth/auth.repo.ts';
import { teacherCoins } from '../members/members.repo.ts';
import { accessTodolist } from '../todos/todolist-access.ts';
import { copyTodos, insertTodolist, lockTodolist } from '../todos/todolists.repo.ts';
import type { TodolistsService } from '../todos/todolists.service.ts';
import { presentTodo } from '../todos/todos.presenters.ts';
import { listTodosOfLists } from '../todos/todos.repo.ts';
import * as repo from './community.repo.ts';

export type CommunityService = ReturnType<typeof createCommunityService>;

/** Whether sanitized HTML still holds text or a picture (an editor's empty paragraph is empty). */
function hasContent(html: string): boolean {
  return /<(img|iframe)\b/i.test(html) || todoTitle(html) !== '';
}

function describe(description: { content_html: string; content_delta: unknown }) {
  const html = sanitizeTodoHtml(description.content_html);
  if (!hasContent(html)) throw new AppError('COMMUNITY.FORM_FIELD_EMPTY');
  return { descriptionHtml: html, descriptionDelta: description.content_delta };
}

/**
 * The community marketplace (spec sections 4, 5, 6, 7; issue 16). A premium teacher publishes its
 * own list once (an item), edits the item, or stops; every teacher browses and buys. Buying moves
 * the price from the buyer's purse to the publisher's through the ledger and adds a copy of the list
 * to the buyer's lists, in one transaction; one purchase per buyer and item.
 */
export function createCommunityService({ db, todolists, owedRewards }: { db: Db; todolists: TodolistsService; owedRewards: OwedRewardsService }) {
  /** The premium owner of a list, or the refusal: NOT_PREMIUM_USER first, then whose list it is. */
  async function premiumOwner(teacherId: string, todolistId: string) {
    if (!(await repo.isPremium(db, teacherId))) throw new AppError('USER.NOT_PREMIUM_USER');
    const { list, permission } = await accessTodolist(db, teacherId, todolistId, 'read');
    if (permission !== 'owner') throw new AppError('TODOLIST.NOT_YOUR_TODOLIST');
    return list;
  }

  async function publishedItem(todolistId: string) {
    const item = await repo.findCommunityByTodolist(db, todolistId);
    if (!item) throw new AppError('TODOLIST.TODOLIST_NOT_FOUND');
    return item;
  }

  /** The todos of these lists, in position order, grouped by list. */
  async function todosOf(todolistIds: string[]) {
    const byList = new Map<string, TTodo[]>();
    for (const row of await listTodosOfLists(db, todolistIds)) {
      const list = byList.get(row.todo.todolistId) ?? [];
      list.push(presentTodo(row));
      byList.set(row.todo.todolistId, list);
    }
    return byList;
  }

  /**
   * An item as `viewer` may see it: every todo for its publisher and its buyers and when it is
   * free; else the first three, and the rest only counted. Answers of strict todos are the
   * solutions: only the publisher and buyers get them.
   */
  function present(
    row: { item: repo.CommunityRow; username: string },
    allTodos: TTodo[],
    viewer: { own: boolean; bought: boolean },
  ): TCommunityItem {
    const { item } = row;
    const full = viewer.own || viewer.bought;
    const shown = full || item.price === 0 ? allTodos : allTodos.slice(0, COMMUNITY_PREVIEW_TODOS);
    return {
      id: item.id,
      todolist_id: item.todolistId,
      title: item.title,
      description: item.descriptionHtml,
      description_delta: item.descriptionDelta,
      shared_by_username: row.username,
      shared_at: item.sharedAt.toISOString(),
      category: item.categories as StoredTodolistCategory[],
      target: item.targets as TodolistTarget[],
      language: item.language,
      price: item.price,
      todo_count: allTodos.length,
      todos: full ? shown : shown.map((t) => ({ ...t, answer: '' })),
      more_count: allTodos.length - shown.length,
      own: viewer.own,
      bought: viewer.bought,
    };
  }

  async function presentOwn(teacherId: string, todolistId: string): Promise<TCommunityItem> {
    const item = await publishedItem(todolistId);
    const lists = await todosOf([todolistId]);
    const username = (await findTeacherById(db, teacherId))?.username ?? '';
    return present({ item, username }, lists.get(todolistId) ?? [], { own: true, bought: false });
  }

  return {
    async publish(teacherId: string, todolistId: string, request: TPublishCommunityRequest): Promise<TCommunityItem> {
      await premiumOwner(teacherId, todolistId);
      const inserted = await db.transaction(async (tx) =>
        repo.insertCommunityList(tx, {
          todolistId,
          teacherId,
          title: request.title,
          ...describe(request.description),
          price: request.price,
          categories: request.categories,
          targets: request.targets,
          language: request.language,
        }),
      );
      // A list is published once: it is already an item (stop publishing first to publish anew).
      if (!inserted) throw new AppError('TODOLIST.TODOLIST_ALREADY_SHARED');
      return presentOwn(teacherId, todolistId);
    },

    /** Ours: the owner's own item of a list (its edit form opens from the list). */
    async item(teacherId: string, todolistId: string): Promise<TCommunityItem> {
      await premiumOwner(teacherId, todolistId);
      return presentOwn(teacherId, todolistId);
    },

    async update(teacherId: string, todolistId: string, { updates }: TUpdateCommunityRequest): Promise<TCommunityItem> {
      await premiumOwner(teacherId, todolistId);
      const item = await publishedItem(todolistId);
      const values: repo.CommunityValues = {};
      if (updates.title !== undefined) values.title = updates.title;
      if (updates.description !== undefined) Object.assign(values, describe(updates.description));
      if (updates.price !== undefined) values.price = updates.price;
      if (updates.categories !== undefined) values.categories = updates.categories;
      if (updates.targets !== undefined) values.targets = updates.targets;
      if (updates.language !== undefined) values.language = updates.language;
      await repo.updateCommunityList(db, item.id, values);
      return presentOwn(teacherId, todolistId);
    },

    async stop(teacherId: string, todolistId: string): Promise<void> {
      await premiumOwner(teacherId, todolistId);
      const item = await publishedItem(todolistId);
      await db.transaction(async (tx) => repo.deleteCommunityList(tx, item.id, todolistId));
    },

    /** GET public/community: anyone; a signed-in teacher also learns which items are its own or bought. */
    async browse(viewerId: string | null, query: TCommunityQuery): Promise<TCommunityPage> {
      const { rows, total } = await repo.searchCommunity(db, {
        q: query.q || undefined,
        category: query.category,
        target: query.target,
        language: query.language,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      const lists = await todosOf(rows.map((r) => r.item.todolistId));
      const bought = viewerId ? await repo.boughtAmong(db, viewerId, rows.map((r) => r.item.id)) : new Set<string>();
      return {
        items: rows.map((r) => present(r, lists.get(r.item.todolistId) ?? [], { own: r.item.teacherId === viewerId, bought: bought.has(r.item.id) })),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },

    /**
     * Buys the item of a published list. One transaction: the item and the list locked (shared)
     * so neither changes while copied, both purses locked in id order, the purchase row, the price
     * through the ledger (`community_purchase`, buyer to publisher), the copy. A buyer who bought
     * it before pays nothing: it gets its copy back, or a new one if it deleted it. A first purchase
     * names the price the buyer agreed to; another current price is refused (COMMUNITY.PRICE_CHANGED).
     */
    async buy(buyerId: string, todolistId: string, agreedPrice: number): Promise<{ todolist: TTodolist; teacher_coins: number; charged: boolean }> {
      const outcome = await db.transaction(async (tx) => {
        const locked = await repo.lockCommunityByTodolist(tx, todolistId);
        if (!locked) throw new AppError('TODOLIST.TODOLIST_NOT_FOUND');
        if (locked.teacherId === buyerId) throw new AppError('USER.OWN_LIST');
        await lockTodolist(tx, todolistId, 'share');
        await repo.lockPurses(tx, [buyerId, locked.teacherId]);
        const before = await repo.findPurchase(tx, locked.id, buyerId);
        if (before?.copyExists && before.copyId) return { copyId: before.copyId, charged: false, sellerId: locked.teacherId };
        if (!before) {
          // Charged only the price the buyer saw (issue 35): the item is locked, so it cannot change after this.
          if (locked.price !== agreedPrice) throw new AppError('COMMUNITY.PRICE_CHANGED', { details: { price: locked.price } });
          // The purses are locked, so a second purchase by this buyer waits for this one; were it
          // not, the purchase row's key would still let only one of them pay.
          if (!(await repo.insertPurchase(tx, { communityListId: locked.id, buyerId, price: locked.price }))) {
            throw new AppError('TODOLIST.TODOLIST_ALREADY_SHARED');
          }
          if (locked.price > 0) {
            try {
              await moveCoins(tx, {
                from: teacherAccount(buyerId),
                to: teacherAccount(locked.teacherId),
                amount: locked.price,
                reason: 'community_purchase',
                actor: teacherAccount(buyerId),
                reference: locked.id,
              });
            } catch (err) {
              if (err instanceof InsufficientCoins) throw new AppError('PAYMENT.INSUFFICIENT_FUNDS');
              throw err;
            }
          }
        }
        const source = await accessSource(tx, todolistId);
        const copy = await insertTodolist(tx, buyerId, {
          name: source.name.slice(0, TODOLIST_NAME_MAX_LENGTH),
          category: source.category,
          target: source.target,
          language: source.language,
        });
        await copyTodos(tx, todolistId, copy.id);
        await repo.setPurchaseCopy(tx, locked.id, buyerId, copy.id);
        return { copyId: copy.id, charged: !before && locked.price > 0, sellerId: locked.teacherId };
      });
      if (outcome.charged) {
        // The publisher's purse grew: it may pay rewards it owes, and its screens show the new purse.
        await owedRewards.settle(outcome.sellerId);
        await owedRewards.owedChanged(outcome.sellerId);
        await owedRewards.owedChanged(buyerId);
      }
      return { todolist: await todolists.get(buyerId, outcome.copyId), teacher_coins: await teacherCoins(db, buyerId), charged: outcome.charged };
    },
  };
}

async function accessSource(tx: DbOrTx, todolistId: string) {
  const list = await repo.findTodolist(tx, todolistId);
  if (!list) throw new AppError('TODOLIST.TODOLIST_NOT_FOUND');
  return list;
}