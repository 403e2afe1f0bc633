import { AppError } from '@kolikko/core/errors';
import type { DbOrTx } from '../../db/client.ts';
import { findReward, findRewardListForTeacher } from './rewards.repo.ts';

/**
 * Who may do what with rewards (spec section 6): a teacher manages its own rewards and lists; a
 * teacher a list is shared with may read and copy it, nothing more. Another teacher's reward is
 * NOT_YOUR_REWARD, another teacher's list NOT_YOUR_REWARDLIST; a recipient asking to change a
 * list gets PERMISSION.INSUFFICIENT_PERMISSIONS.
 */
export async function ownedReward(db: DbOrTx, teacherId: string, rewardId: string) {
  const reward = await findReward(db, rewardId);
  if (!reward) throw new AppError('REWARD.REWARD_NOT_FOUND');
  if (reward.teacherId !== teacherId) throw new AppError('REWARD.NOT_YOUR_REWARD');
  return reward;
}

export async function accessRewardList(db: DbOrTx, teacherId: string, rewardListId: string, need: 'read' | 'owner') {
  const row = await findRewardListForTeacher(db, rewardListId, teacherId);
  if (!row) throw new AppError('REWARD.REWARDLIST_NOT_FOUND');
  const isOwner = row.list.teacherId === teacherId;
  if (!isOwner && !row.sharedWithMe) throw new AppError('REWARD.NOT_YOUR_REWARDLIST');
  if (need === 'owner' && !isOwner) throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS');
  return row.list;
}
