import { randomUUID } from 'node:crypto';
import { AppError } from '@kolikko/core/errors';
import { decideRewardPurchase, rewardActiveUntil } from '@kolikko/core/rules/rewards';
import { REWARD_QUEUE_MAX_ITEMS } from '@kolikko/core/limits';
import type { TBuyRewardResponse, TGroupRewardPurchase, TRewardPurchasesQuery, TSettleRewardPurchaseRequest, TSettleRewardPurchaseResponse } from '@kolikko/core/schemas/rewards';
import type { Db } from '../../db/client.ts';
import { InsufficientCoins, memberAccount, moveCoins, teacherAccount } from '../coins/ledger.repo.ts';
import { lockMembers } from '../members/members.repo.ts';
import type { MemberEvents } from '../members/members.events.ts';
import { ownedGroup } from '../groups/group-access.ts';
import type { RewardEvents } from './rewards.events.ts';
import { presentGroupPurchase, presentPurchase } from './rewards.presenters.ts';
import * as repo from './rewards.repo.ts';

export type RewardPurchasesService = ReturnType<typeof createRewardPurchasesService>;

export function createRewardPurchasesService({ db, events, rewardEvents }: { db: Db; events: MemberEvents; rewardEvents: RewardEvents }) {
  return {
    /**
     * A student buys a reward of its group's published list (spec section 4), in one transaction
     * on its locked row: the member first, then the reward held FOR SHARE. Deciding on what was
     * read under the lock makes racing purchases count one after the other: a student who can
     * afford one buys one, and an active reward is not bought twice. Coins go to the sink.
     */
    async buy(memberId: string, rewardId: string, askedPrice: number): Promise<TBuyRewardResponse> {
      let bought: { purchase: repo.RewardPurchaseRow; groupId: string; coins: number; now: Date; username: string };
      try {
        bought = await db.transaction(async (tx) => {
          const [member] = await lockMembers(tx, [memberId]);
          if (!member) throw new AppError('USER.NOT_YOU');
          const now = new Date();
          const offered = await repo.findOfferedReward(tx, member.groupId, rewardId);
          const latest = offered ? await repo.latestActiveUntil(tx, memberId, rewardId) : null;
          const decision = decideRewardPurchase({ offered, askedPrice, latestActiveUntil: latest, coins: member.coins, now });
          if (!decision.ok) throw new AppError(decision.error, decision.field ? { field: decision.field } : {});
          const { reward } = decision;
          const purchaseId = randomUUID();
          if (decision.charge > 0) {
            await moveCoins(tx, {
              from: memberAccount(memberId),
              to: 'sink',
              amount: decision.charge,
              reason: 'reward_purchase',
              actor: memberAccount(memberId),
              groupId: member.groupId,
              reference: purchaseId,
            });
          }
          const purchase = await repo.insertPurchase(tx, {
            id: purchaseId,
            memberId,
            rewardId,
            rewardName: reward.name,
            rewardDescription: reward.description,
            price: decision.charge,
            groupId: member.groupId,
            purchasedAt: now,
            activeUntil: rewardActiveUntil(now),
          });
          const username = (await repo.findMemberUsername(tx, memberId)) ?? '';
          return { purchase, groupId: member.groupId, coins: member.coins - decision.charge, now, username };
        });
      } catch (err) {
        if (err instanceof InsufficientCoins) throw new AppError('MISC.OUT_OF_COINS');
        throw err;
      }
      const { purchase, groupId, coins, now, username } = bought;
      events.purchasedReward(groupId, {
        member_id: memberId,
        username,
        group_id: groupId,
        purchase_id: purchase.id,
        reward_id: rewardId,
        name: purchase.rewardName,
        price: purchase.price,
        active_until: purchase.activeUntil.toISOString(),
        member_coins: coins,
      });
      return { purchase: presentPurchase(purchase, now), member_coins: coins };
    },

    /** GET group/{id}/reward-purchases (issue 33): the group's hand-out queue, newest first; its teacher only. */
    async listForGroup(teacherId: string, groupId: string, query: TRewardPurchasesQuery): Promise<TGroupRewardPurchase[]> {
      await ownedGroup(db, teacherId, groupId);
      const now = new Date();
      const rows = await repo.listGroupPurchases(db, groupId, query.state, REWARD_QUEUE_MAX_ITEMS);
      return rows.map((row) => presentGroupPurchase(row, now));
    },

    /**
     * PUT reward-purchase/{id} (issue 33): the group's teacher marks a pending purchase given, or
     * gives it back: its price returns to the student from `sink`, where the purchase sent it
     * (`reward_return`, referencing the purchase), so the teacher's purse is not touched. Locks the
     * student first, as every movement of a student's coins does, then the purchase FOR UPDATE:
     * racing settlements take turns there, the first settles and the rest find it settled
     * (REWARD.ALREADY_SETTLED). Another teacher's purchase is REWARD.REWARD_NOT_FOUND, so purchase
     * ids cannot be probed.
     */
    async settle(teacherId: string, purchaseId: string, request: TSettleRewardPurchaseRequest): Promise<TSettleRewardPurchaseResponse> {
      const found = await repo.findPurchaseWithTeacher(db, purchaseId);
      if (!found || found.teacherId !== teacherId) throw new AppError('REWARD.REWARD_NOT_FOUND');
      const memberId = found.purchase.memberId;
      const settled = await db.transaction(async (tx) => {
        const [member] = await lockMembers(tx, [memberId]);
        const purchase = await repo.lockPurchase(tx, purchaseId);
        if (!member || !purchase) throw new AppError('REWARD.REWARD_NOT_FOUND');
        if (purchase.state !== 'pending') throw new AppError('REWARD.ALREADY_SETTLED');
        const now = new Date();
        const refunded = request.state === 'returned' ? purchase.price : 0;
        if (refunded > 0) {
          await moveCoins(tx, {
            from: 'sink',
            to: memberAccount(memberId),
            amount: refunded,
            reason: 'reward_return',
            actor: teacherAccount(teacherId),
            groupId: purchase.groupId,
            reference: purchase.id,
          });
        }
        await repo.settlePurchase(tx, purchase.id, request.state, now);
        return { purchase: { ...purchase, state: request.state, settledAt: now }, coins: member.coins + refunded, refunded, now };
      });
      const { purchase, coins, refunded, now } = settled;
      rewardEvents.purchaseSettled({
        purchase_id: purchase.id,
        member_id: memberId,
        group_id: purchase.groupId,
        reward_name: purchase.rewardName,
        state: request.state,
        refunded,
        member_coins: coins,
      });
      return { purchase: presentGroupPurchase(purchase, now), member_coins: coins };
    },
  };
}
