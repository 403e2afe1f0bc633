import { AppError } from '@kolikko/core/errors';
import type { ListPermission } from '@kolikko/core/enumerations';
import type { DbOrTx } from '../../db/client.ts';
import { findTodolistForTeacher, isShownToCotaughtGroup } from './todolists.repo.ts';
import { findTodoForTeacher } from './todos.repo.ts';

/**
 * Who may do what with a list (spec section 6): the owner everything; a teacher it is shared
 * with reads and copies it, and with edit permission also edits its todos; a co-teacher of a group
 * the list is shown to reads it (issue 34). Anyone else gets
 * NOT_YOUR_TODOLIST / NOT_YOUR_TODO; a recipient asking for more than its permission gets
 * PERMISSION.INSUFFICIENT_PERMISSIONS.
 */
export type Need = 'read' | 'edit' | 'owner';

function permits(permission: ListPermission, need: Need): boolean {
  if (need === 'owner') return permission === 'owner';
  if (need === 'edit') return permission !== 'read';
  return true;
}

function permissionOf(ownerId: string, teacherId: string, share: 'read' | 'edit' | null): ListPermission | null {
  if (ownerId === teacherId) return 'owner';
  return share;
}

export async function accessTodolist(db: DbOrTx, teacherId: string, todolistId: string, need: Need) {
  const row = await findTodolistForTeacher(db, todolistId, teacherId);
  if (!row) throw new AppError('TODOLIST.TODOLIST_NOT_FOUND');
  let permission = permissionOf(row.list.teacherId, teacherId, row.sharePermission);
  // A co-teacher reads the lists its group is shown (issue 34), as a read share would let it.
  if (!permission && need === 'read' && (await isShownToCotaughtGroup(db, todolistId, teacherId))) permission = 'read';
  if (!permission) throw new AppError('TODOLIST.NOT_YOUR_TODOLIST');
  if (!permits(permission, need)) throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS');
  return { list: row.list, permission, ownerUsername: row.ownerUsername };
}

export async function accessTodo(db: DbOrTx, teacherId: string, todoId: string, need: Need) {
  const row = await findTodoForTeacher(db, todoId, teacherId);
  if (!row) throw new AppError('TODO.TODO_NOT_FOUND');
  const permission = permissionOf(row.ownerId, teacherId, row.sharePermission);
  if (!permission) throw new AppError('TODO.NOT_YOUR_TODO');
  if (!permits(permission, need)) throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS');
  return { todo: row.todo, imagepath: row.imagepath, permission };
}
