import { AppError } from '@kolikko/core/errors';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './groups.repo.ts';

/**
 * Who may do what in a group (issue 34, docs/decisions.md "Co-teachers"): its owner everything;
 * a co-teacher who accepted, until the end of its last day, what teaching needs (see the group and
 * its students, award from its own purse, review answers, chat, the board and the toolkit) and
 * nothing that changes or deletes the group, its students or its lists.
 */
export type GroupRole = 'owner' | 'coteacher';

/**
 * The group, if it exists and the teacher owns it. A co-teacher is told the change is the
 * owner's (COTEACHING.OWNER_ONLY); anyone else GROUP_NOT_FOUND or NOT_YOUR_GROUP.
 */
export async function ownedGroup(db: DbOrTx, teacherId: string, groupId: string) {
  const row = await repo.findGroup(db, groupId);
  if (!row) throw new AppError('GROUP.GROUP_NOT_FOUND');
  if (row.group.teacherId !== teacherId) {
    throw new AppError((await repo.isCoteacher(db, teacherId, groupId)) ? 'COTEACHING.OWNER_ONLY' : 'GROUP.NOT_YOUR_GROUP');
  }
  return row;
}

/** The group and the teacher's role in it, if the teacher owns or co-teaches it; else as ownedGroup. */
export async function taughtGroup(db: DbOrTx, teacherId: string, groupId: string) {
  const row = await repo.findGroup(db, groupId);
  if (!row) throw new AppError('GROUP.GROUP_NOT_FOUND');
  if (row.group.teacherId === teacherId) return { ...row, role: 'owner' as GroupRole };
  if (await repo.isCoteacher(db, teacherId, groupId)) return { ...row, role: 'coteacher' as GroupRole };
  throw new AppError('GROUP.NOT_YOUR_GROUP');
}
