import { AppError } from '@kolikko/core/errors';
import { TODOLIST_DEFAULT_LANGUAGE, type TodolistLanguage } from '@kolikko/core/enumerations';
import type { TGroup } from '@kolikko/core/schemas/groups';
import type { TTodolist, TUpdateTodolistRequest } from '@kolikko/core/schemas/todos';
import type { Db } from '../../db/client.ts';
import { findGroup, findTeacherGroupState } from '../groups/groups.repo.ts';
import { presentGroup } from '../groups/groups.presenters.ts';
import { ownedGroup } from '../groups/group-access.ts';
import { accessTodolist } from './todolist-access.ts';
import type { SharingEvents } from '../sharing/sharing.events.ts';
import type { TodoEvents } from './todos.events.ts';
import { presentTodolist } from './todos.presenters.ts';
import * as repo from './todolists.repo.ts';

export type TodolistsService = ReturnType<typeof createTodolistsService>;

export function createTodolistsService({ db, events, sharing }: { db: Db; events: TodoEvents; sharing?: Pick<SharingEvents, 'todolistUnshared'> }) {
  async function present(teacherId: string, todolistId: string): Promise<TTodolist> {
    const { list, permission, ownerUsername } = await accessTodolist(db, teacherId, todolistId, 'read');
    const sharedWith = permission === 'owner' ? await repo.listSharesOfTodolists(db, [list.id]) : [];
    return presentTodolist(list, {
      permissions: permission,
      sharedWith: sharedWith.map((s) => ({ username: s.username, permissions: s.permissions })),
      ...(permission === 'owner' ? {} : { sharedByUsername: ownerUsername }),
    });
  }

  async function presentOwnGroup(teacherId: string, groupId: string): Promise<TGroup> {
    const row = await findGroup(db, groupId);
    if (!row) throw new AppError('GROUP.GROUP_NOT_FOUND');
    const state = await findTeacherGroupState(db, teacherId);
    return presentGroup(row.group, row.memberCount, state?.activeGroupId ?? null);
  }

  return {
    async create(teacherId: string, name: string, language: TodolistLanguage = TODOLIST_DEFAULT_LANGUAGE): Promise<TTodolist> {
      const list = await repo.insertTodolist(db, teacherId, { name, language });
      return presentTodolist(list, { permissions: 'owner', sharedWith: [] });
    },

    /** The teacher's own lists, oldest first (lists shared to it come with teacher sharing). */
    async list(teacherId: string): Promise<TTodolist[]> {
      const lists = await repo.listTodolistsOfTeacher(db, teacherId);
      const shares = await repo.listSharesOfTodolists(db, lists.map((l) => l.id));
      return lists.map((list) =>
        presentTodolist(list, {
          permissions: 'owner',
          sharedWith: shares.filter((s) => s.todolistId === list.id).map((s) => ({ username: s.username, permissions: s.permissions })),
        }),
      );
    },

    get: present,

    /** The owner renames or categorizes; only what differs is written. */
    async update(teacherId: string, todolistId: string, request: TUpdateTodolistRequest): Promise<TTodolist> {
      const { list } = await accessTodolist(db, teacherId, todolistId, 'owner');
      const changes: repo.TodolistValues = {};
      if (request.name !== undefined && request.name !== list.name) changes.name = request.name;
      if (request.category !== undefined && request.category !== list.category) changes.category = request.category;
      if (request.target !== undefined && request.target !== list.target) changes.target = request.target;
      if (request.language !== undefined && request.language !== list.language) changes.language = request.language;
      await repo.updateTodolist(db, todolistId, changes);
      return present(teacherId, todolistId);
    },

    /** Deletes the owner's list with its todos; groups showing it show nothing. */
    async remove(teacherId: string, todolistId: string): Promise<void> {
      const { ownerUsername } = await accessTodolist(db, teacherId, todolistId, 'owner');
      const groupIds = await repo.listGroupIdsShowingTodolist(db, todolistId);
      const recipients = await repo.listSharesOfTodolists(db, [todolistId]);
      await repo.deleteTodolist(db, todolistId);
      for (const id of groupIds) events.sharedListChanged(id, { color: null, todolistId: null });
      // The teachers it was shared with lose it from their Shared tab, live.
      for (const r of recipients) sharing?.todolistUnshared([r.teacherId], { todolist_id: todolistId, shared_by_username: ownerUsername, username: r.username });
    },

    /** Copies a list the teacher can read into a new list of its own, todos and images included. */
    async copy(teacherId: string, todolistId: string, name: string | undefined): Promise<TTodolist> {
      const { list } = await accessTodolist(db, teacherId, todolistId, 'read');
      let copyId: string;
      try {
        copyId = await db.transaction(async (tx) => {
          await repo.lockTodolist(tx, todolistId, 'share');
          const copy = await repo.insertTodolist(tx, teacherId, {
            name: name ?? list.name,
            category: list.category,
            target: list.target,
            language: list.language,
          });
          await repo.copyTodos(tx, todolistId, copy.id);
          return copy.id;
        });
      } catch (err) {
        // The database's error names the statement and its parameters: the log gets it, the client the code.
        throw new AppError('TODOLIST.COPY_TODOLIST_FAILED', { cause: err });
      }
      return present(teacherId, copyId);
    },

    /**
     * Shows a list to the blue or orange small group of the teacher's own group, or (reset)
     * clears both. Asking for the colour a list already has changes nothing. The list must be
     * the teacher's or shared to it (read or edit: two teachers of parallel classes run one list).
     */
    async shareToGroup(teacherId: string, groupId: string, color: 'blue' | 'orange' | 'reset', todolistId: string): Promise<TGroup> {
      const { group } = await ownedGroup(db, teacherId, groupId);
      if (color === 'reset') {
        if (group.blueSharedId !== null || group.orangeSharedId !== null) {
          await repo.setGroupSharedTodolists(db, groupId, { blueSharedId: null, orangeSharedId: null });
          events.sharedListChanged(groupId, { color: null, todolistId: null });
        }
        return presentOwnGroup(teacherId, groupId);
      }
      await accessTodolist(db, teacherId, todolistId, 'read');
      const current = color === 'blue' ? group.blueSharedId : group.orangeSharedId;
      if (current !== todolistId) {
        await repo.setGroupSharedTodolists(db, groupId, color === 'blue' ? { blueSharedId: todolistId } : { orangeSharedId: todolistId });
        events.sharedListChanged(groupId, { color, todolistId });
      }
      return presentOwnGroup(teacherId, groupId);
    },
  };
}
