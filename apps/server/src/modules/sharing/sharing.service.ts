import { AppError } from '@kolikko/core/errors';
import type { SharePermission } from '@kolikko/core/enumerations';
import type { TRewardList } from '@kolikko/core/schemas/rewards';
import type { TBlockedTeacher, TSharedRewardList } from '@kolikko/core/schemas/sharing';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import type { Db, DbOrTx } from '../../db/client.ts';
import { findTeacherById, findTeacherByLoginName } from '../auth/auth.repo.ts';
import { presentRewardLists } from '../rewards/rewards.service.ts';
import { accessRewardList } from '../rewards/reward-access.ts';
import { accessTodolist } from '../todos/todolist-access.ts';
import type { TodolistsService } from '../todos/todolists.service.ts';
import type { TodoEvents } from '../todos/todos.events.ts';
import { presentTodolist } from '../todos/todos.presenters.ts';
import type { SharingEvents } from './sharing.events.ts';
import * as repo from './sharing.repo.ts';

export type SharingService = ReturnType<typeof createSharingService>;

/**
 * Sharing lists between teachers (spec sections 4, 6, 7). The owner shares a todo list with read
 * or edit permission, changes it, or stops; a recipient removes a list from its own view. A
 * recipient that loses a list has it taken off its groups' small groups in the same transaction
 * (their students are told live); coins already paid stay paid. Reward lists are shared to be
 * viewed and copied, nothing more.
 */
export function createSharingService({
  db,
  todolists,
  todoEvents,
  events,
}: {
  db: Db;
  todolists: TodolistsService;
  todoEvents: TodoEvents;
  events: SharingEvents;
}) {
  /** The teacher a name means, never the caller itself. */
  async function otherTeacher(callerId: string, name: string) {
    // A username or an e-mail address, whatever the case, as at login.
    const target = await findTeacherByLoginName(db, name);
    if (!target) throw new AppError('USER.USER_NOT_FOUND');
    if (target.id === callerId) throw new AppError('USER.NOT_YOU');
    return target;
  }

  /**
   * The teacher a share names. One that blocked the caller answers USER.CANNOT_RECEIVE_SHARES
   * (issue 33: "not found" read as a typo), and no more: not that, or when, it blocked.
   */
  async function recipientFor(callerId: string, name: string) {
    const target = await otherTeacher(callerId, name);
    if (await repo.isBlocked(db, target.id, callerId)) throw new AppError('USER.CANNOT_RECEIVE_SHARES');
    return target;
  }

  /** Ends a todo list share in one transaction with its withdrawal from the recipient's small groups. */
  async function endTodolistShare(tx: DbOrTx, todolistId: string, recipientId: string) {
    if (!(await repo.deleteTodolistShare(tx, todolistId, recipientId))) return null;
    return repo.withdrawTodolistFromTeacherGroups(tx, todolistId, recipientId);
  }

  function tellCleared(cleared: { groupId: string; color: 'blue' | 'orange' }[]) {
    for (const c of cleared) todoEvents.sharedListChanged(c.groupId, { color: c.color, todolistId: null });
  }

  async function presentBlocks(teacherId: string): Promise<TBlockedTeacher[]> {
    const rows = await repo.listBlocks(db, teacherId);
    return rows.map((r) => ({ username: r.username, blocked_at: r.createdAt.toISOString() }));
  }

  async function ownTodolist(teacherId: string, todolistId: string) {
    const access = await accessTodolist(db, teacherId, todolistId, 'read');
    if (access.permission !== 'owner') throw new AppError('TODOLIST.NOT_YOUR_TODOLIST');
    return access;
  }

  async function ownRewardList(teacherId: string, rewardListId: string) {
    const list = await accessRewardList(db, teacherId, rewardListId, 'read');
    if (list.teacherId !== teacherId) throw new AppError('REWARD.NOT_YOUR_REWARDLIST');
    return list;
  }

  return {
    async shareTodolist(ownerId: string, todolistId: string, recipient: string, permissions: SharePermission = 'read'): Promise<TTodolist> {
      const { ownerUsername } = await ownTodolist(ownerId, todolistId);
      const target = await recipientFor(ownerId, recipient);
      if (!(await repo.insertTodolistShare(db, todolistId, target.id, permissions))) throw new AppError('TODOLIST.TODOLIST_ALREADY_SHARED');
      events.todolistShared([target.id], { todolist_id: todolistId, permissions, shared_by_username: ownerUsername, username: target.username });
      return todolists.get(ownerId, todolistId);
    },

    async setTodolistPermission(ownerId: string, todolistId: string, username: string, permissions: SharePermission): Promise<TTodolist> {
      await ownTodolist(ownerId, todolistId);
      const share = await repo.findTodolistShareByUsername(db, todolistId, username);
      if (!share || !(await repo.updateTodolistShare(db, todolistId, share.teacherId, permissions))) {
        throw new AppError('TODOLIST.TODOLIST_NOT_SHARED_WITH_USER');
      }
      if (share.permissions !== permissions) events.todolistPermissionChanged(share.teacherId, { todolist_id: todolistId, permissions });
      return todolists.get(ownerId, todolistId);
    },

    /** The owner stops sharing with `username`, or a recipient (username = its own) removes the list from its view. */
    async unshareTodolist(teacherId: string, todolistId: string, username: string): Promise<void> {
      const { list, permission, ownerUsername } = await accessTodolist(db, teacherId, todolistId, 'read');
      const share = await repo.findTodolistShareByUsername(db, todolistId, username);
      if (permission !== 'owner' && share?.teacherId !== teacherId) throw new AppError('TODOLIST.NOT_YOUR_TODOLIST');
      if (!share) throw new AppError('TODOLIST.TODOLIST_NOT_SHARED_WITH_USER');
      const cleared = await db.transaction(async (tx) => {
        const withdrawn = await endTodolistShare(tx, todolistId, share.teacherId);
        if (!withdrawn) throw new AppError('TODOLIST.TODOLIST_NOT_SHARED_WITH_USER');
        return withdrawn;
      });
      tellCleared(cleared);
      events.todolistUnshared([share.teacherId, list.teacherId], { todolist_id: todolistId, shared_by_username: ownerUsername, username: share.username });
    },

    /** The lists other teachers shared with this one, each with its permission and owner. */
    async sharedTodolists(teacherId: string): Promise<TTodolist[]> {
      const rows = await repo.listTodolistsSharedWith(db, teacherId);
      return rows.map((r) => presentTodolist(r.list, { permissions: r.permissions, sharedWith: [], sharedByUsername: r.ownerUsername }));
    },

    async shareRewardList(ownerId: string, rewardListId: string, recipient: string): Promise<TRewardList> {
      const list = await ownRewardList(ownerId, rewardListId);
      const target = await recipientFor(ownerId, recipient);
      if (!(await repo.insertRewardListShare(db, rewardListId, target.id))) throw new AppError('REWARD.REWARDLIST_ALREADY_SHARED');
      events.rewardListShareChanged([target.id], { rewardlist_id: rewardListId, username: target.username, shared: true });
      const [presented] = await presentRewardLists(db, [list]);
      if (!presented) throw new AppError('REWARD.REWARDLIST_NOT_FOUND');
      return presented;
    },

    async unshareRewardList(teacherId: string, rewardListId: string, username: string): Promise<void> {
      const list = await accessRewardList(db, teacherId, rewardListId, 'read');
      const share = await repo.findRewardListShareByUsername(db, rewardListId, username);
      if (list.teacherId !== teacherId && share?.teacherId !== teacherId) throw new AppError('REWARD.NOT_YOUR_REWARDLIST');
      if (!share || !(await repo.deleteRewardListShare(db, rewardListId, share.teacherId))) throw new AppError('REWARD.REWARDLIST_NOT_SHARED_WITH_USER');
      events.rewardListShareChanged([share.teacherId, list.teacherId], { rewardlist_id: rewardListId, username: share.username, shared: false });
    },

    blocks: presentBlocks,

    /**
     * Blocks a teacher from sharing with this one: its shares answer CANNOT_RECEIVE_SHARES from now on,
     * and what it shares with this teacher now ends (the lists leave this teacher's small groups).
     */
    async block(teacherId: string, username: string): Promise<TBlockedTeacher[]> {
      const sender = await otherTeacher(teacherId, username);
      const ended = await db.transaction(async (tx) => {
        await repo.insertBlock(tx, teacherId, sender.id);
        const shares = await repo.listSharesFrom(tx, sender.id, teacherId);
        const cleared = [];
        for (const id of shares.todolistIds) cleared.push(...((await endTodolistShare(tx, id, teacherId)) ?? []));
        for (const id of shares.rewardListIds) await repo.deleteRewardListShare(tx, id, teacherId);
        return { ...shares, cleared };
      });
      tellCleared(ended.cleared);
      const me = await findTeacherById(db, teacherId);
      for (const id of ended.todolistIds) {
        events.todolistUnshared([teacherId, sender.id], { todolist_id: id, shared_by_username: sender.username, username: me?.username ?? '' });
      }
      for (const id of ended.rewardListIds) events.rewardListShareChanged([teacherId, sender.id], { rewardlist_id: id, username: me?.username ?? '', shared: false });
      return presentBlocks(teacherId);
    },

    async unblock(teacherId: string, username: string): Promise<TBlockedTeacher[]> {
      if (!(await repo.deleteBlockByUsername(db, teacherId, username))) throw new AppError('USER.USER_NOT_FOUND');
      return presentBlocks(teacherId);
    },

    async sharedRewardLists(teacherId: string): Promise<TSharedRewardList[]> {
      const rows = await repo.listRewardListsSharedWith(db, teacherId);
      const presented = await presentRewardLists(db, rows.map((r) => r.list));
      // A recipient does not see who else the list is shared with.
      return presented.map((list, i) => ({ ...list, shared_with: [], shared_by_username: rows[i]?.ownerUsername ?? '' }));
    },
  };
}
