import { AppError } from '@kolikko/core/errors';
import { REWARDS_PER_LIST_MAX, REWARDS_PER_TEACHER_MAX } from '@kolikko/core/limits';
import type { TGroup } from '@kolikko/core/schemas/groups';
import type { TReward, TRewardFields, TRewardList } from '@kolikko/core/schemas/rewards';
import type { Db, DbOrTx } from '../../db/client.ts';
import { findGroup, findTeacherGroupState } from '../groups/groups.repo.ts';
import { presentGroup } from '../groups/groups.presenters.ts';
import { ownedGroup, taughtGroup } from '../groups/group-access.ts';
import { accessRewardList, ownedReward } from './reward-access.ts';
import { presentReward, presentRewardList } from './rewards.presenters.ts';
import type { RewardEvents } from './rewards.events.ts';
import * as repo from './rewards.repo.ts';

/** Who reads rewards: a teacher, or a student of a group. */
export type RewardsActor = { kind: 'teacher'; teacherId: string } | { kind: 'member'; memberId: string; groupId: string };

export type RewardsService = ReturnType<typeof createRewardsService>;

/** Reward lists as the API answers them: each with its rewards and who it is shared with. */
export async function presentRewardLists(db: DbOrTx, lists: repo.RewardListRow[]): Promise<TRewardList[]> {
  const ids = lists.map((l) => l.id);
  const items = await repo.listRewardsOfLists(db, ids);
  const shares = await repo.listSharesOfRewardLists(db, ids);
  return lists.map((list) =>
    presentRewardList(
      list,
      items.filter((i) => i.rewardListId === list.id).map((i) => i.reward),
      shares.filter((s) => s.rewardListId === list.id).map((s) => s.username),
    ),
  );
}

export function createRewardsService({ db, events }: { db: Db; events: RewardEvents }) {
  const presentLists = (lists: repo.RewardListRow[]) => presentRewardLists(db, lists);

  async function presentList(list: repo.RewardListRow): Promise<TRewardList> {
    const [presented] = await presentLists([list]);
    if (!presented) throw new AppError('REWARD.REWARDLIST_NOT_FOUND');
    return presented;
  }

  /**
   * The rewards of the list published to a group: for its teachers (its owner, a co-teacher), or
   * for a student of the group with, on each, until when the student's own purchase of it is active.
   */
  async function publishedRewards(actor: RewardsActor, groupId: string): Promise<TReward[]> {
    if (actor.kind === 'teacher') {
      await taughtGroup(db, actor.teacherId, groupId);
      return (await repo.listPublishedRewards(db, groupId)).map((r) => presentReward(r, null));
    }
    if (actor.groupId !== groupId) throw new AppError('USER.NOT_YOU');
    const rewards = await repo.listPublishedRewards(db, groupId);
    const active = new Map((await repo.listActivePurchases(db, actor.memberId, new Date())).map((p) => [p.rewardId, p.activeUntil]));
    return rewards.map((r) => presentReward(r, active.get(r.id) ?? null));
  }

  async function presentOwnGroup(teacherId: string, groupId: string): Promise<TGroup> {
    const row = await findGroup(db, groupId);
    if (!row) throw new AppError('GROUP.GROUP_NOT_FOUND');
    const state = await findTeacherGroupState(db, teacherId);
    return presentGroup(row.group, row.memberCount, state?.activeGroupId ?? null);
  }

  return {
    /**
     * GET rewards/{groupOrUserId}: the teacher's own id gives all its rewards; a group id the
     * published list's, as publishedRewards. A student asking for anything but a group is
     * refused (a teacher's whole set is the teacher's).
     */
    async listFor(actor: RewardsActor, id: string): Promise<TReward[]> {
      if (actor.kind === 'teacher' && id === actor.teacherId) return (await repo.listRewardsOfTeacher(db, id)).map((r) => presentReward(r));
      if (await findGroup(db, id)) return publishedRewards(actor, id);
      throw new AppError(actor.kind === 'teacher' ? 'USER.NOT_YOU' : 'PERMISSION.INSUFFICIENT_PERMISSIONS');
    },

    publishedRewards,

    async create(teacherId: string, fields: TRewardFields): Promise<TReward> {
      // A bound against runaway scripts; checked without a lock, so a race may pass it by a few.
      if ((await repo.countRewardsOfTeacher(db, teacherId)) >= REWARDS_PER_TEACHER_MAX) {
        throw new AppError('VALIDATION.INVALID_INPUT', { message: `At most ${REWARDS_PER_TEACHER_MAX} rewards` });
      }
      return presentReward(await repo.insertReward(db, teacherId, fields));
    },

    /** Changes what is sent. Purchases already made keep the name, description and price they had. */
    async update(teacherId: string, rewardId: string, fields: Partial<TRewardFields>): Promise<TReward> {
      await ownedReward(db, teacherId, rewardId);
      const updated = await repo.updateReward(db, rewardId, fields);
      if (!updated) throw new AppError('REWARD.REWARD_NOT_FOUND');
      events.publishedRewardsChanged(await repo.listGroupsOfferingReward(db, rewardId));
      return presentReward(updated);
    },

    /** Deletes the reward from every list; its purchases stay in history. */
    async remove(teacherId: string, rewardId: string): Promise<void> {
      await ownedReward(db, teacherId, rewardId);
      const offering = await repo.listGroupsOfferingReward(db, rewardId);
      await repo.deleteReward(db, rewardId);
      events.publishedRewardsChanged(offering);
    },

    async lists(teacherId: string): Promise<TRewardList[]> {
      return presentLists(await repo.listRewardListsOfTeacher(db, teacherId));
    },

    async createList(teacherId: string, name: string): Promise<TRewardList> {
      return presentRewardList(await repo.insertRewardList(db, teacherId, name), [], []);
    },

    /** Deletes the owner's list (not its rewards); a group publishing it publishes nothing. */
    async removeList(teacherId: string, rewardListId: string): Promise<void> {
      await accessRewardList(db, teacherId, rewardListId, 'owner');
      const publishing = await repo.listGroupsPublishingList(db, rewardListId);
      await repo.deleteRewardList(db, rewardListId);
      events.publishedRewardsChanged(publishing);
    },

    /** Adds one of the owner's rewards to its list; one already there changes nothing. */
    async addToList(teacherId: string, rewardListId: string, rewardId: string): Promise<TRewardList> {
      const list = await accessRewardList(db, teacherId, rewardListId, 'owner');
      await ownedReward(db, teacherId, rewardId);
      await db.transaction(async (tx) => {
        if (!(await repo.lockRewardList(tx, rewardListId))) throw new AppError('REWARD.REWARDLIST_NOT_FOUND');
        if ((await repo.countRewardsOfList(tx, rewardListId)) >= REWARDS_PER_LIST_MAX) {
          throw new AppError('VALIDATION.INVALID_INPUT', { message: `At most ${REWARDS_PER_LIST_MAX} rewards in a list` });
        }
        await repo.addRewardToList(tx, rewardListId, rewardId);
      });
      events.publishedRewardsChanged(await repo.listGroupsPublishingList(db, rewardListId));
      return presentList(list);
    },

    async removeFromList(teacherId: string, rewardListId: string, rewardId: string): Promise<TRewardList> {
      const list = await accessRewardList(db, teacherId, rewardListId, 'owner');
      await ownedReward(db, teacherId, rewardId);
      await repo.removeRewardFromList(db, rewardListId, rewardId);
      events.publishedRewardsChanged(await repo.listGroupsPublishingList(db, rewardListId));
      return presentList(list);
    },

    /** Copies a list the teacher owns or was shared into a new list of its own (see copyRewardListItems). */
    async copyList(teacherId: string, rewardListId: string, name: string | undefined): Promise<TRewardList> {
      const source = await accessRewardList(db, teacherId, rewardListId, 'read');
      let copy: repo.RewardListRow;
      try {
        copy = await db.transaction(async (tx) => {
          const created = await repo.insertRewardList(tx, teacherId, name ?? source.name);
          await repo.copyRewardListItems(tx, source, created);
          return created;
        });
      } catch (err) {
        // The database's error names the statement and its parameters: the log gets it, the client the code.
        throw new AppError('REWARD.COPY_REWARDLIST_FAILED', { cause: err });
      }
      return presentList(copy);
    },

    /**
     * Publishes one of the teacher's own lists to its own group (one per group: it replaces the
     * one before), or with `reset` publishes none.
     */
    async publish(teacherId: string, groupId: string, rewardListId: string): Promise<TGroup> {
      await ownedGroup(db, teacherId, groupId);
      if (rewardListId !== 'reset') await accessRewardList(db, teacherId, rewardListId, 'owner');
      await repo.setGroupRewardList(db, groupId, rewardListId === 'reset' ? null : rewardListId);
      events.publishedRewardsChanged([groupId]);
      return presentOwnGroup(teacherId, groupId);
    },
  };
}
