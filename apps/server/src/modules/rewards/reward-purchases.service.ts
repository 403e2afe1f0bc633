import { randomUUID } from 'node:crypto';
import { AppError } from '@kolikko/core/errors';
import { decideRewardPurchase, rewardActiveUntil } from '@kolikko/core/rules/rewards';
import type { TBuyRewardResponse } from '@kolikko/core/schemas/rewards';
import type { Db } from '../../db/client.ts';
import { InsufficientCoins, memberAccount, moveCoins } from '../coins/ledger.repo.ts';
import { lockMembers } from '../members/members.repo.ts';
import type { MemberEvents } from '../members/members.events.ts';
import { presentPurchase } from './rewards.presenters.ts';
import * as repo from './rewards.repo.ts';

export type RewardPurchasesService = ReturnType<typeof createRewardPurchasesService>;

export function createRewardPurchasesService({ db, events }: { db: Db; events: MemberEvents }) {
  return {
    /**
     * A student buys a reward of its group's published list (spec section 4), in one transaction
     * on its locked row: the member first, then the reward held FOR SHARE. Deciding on what was
     * read under the lock makes racing purchases count one after the other: a student who can
     * afford one buys one, and an active reward is not bought twice. Coins go to the sink.
     */
    async buy(memberId: string, rewardId: string, askedPrice: number): Promise<TBuyRewardResponse> {
      let bought: { purchase: repo.RewardPurchaseRow; groupId: string; coins: number; now: Date };
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
          return { purchase, groupId: member.groupId, coins: member.coins - decision.charge, now };
        });
      } catch (err) {
        if (err instanceof InsufficientCoins) throw new AppError('MISC.OUT_OF_COINS');
        throw err;
      }
      const { purchase, groupId, coins, now } = bought;
      events.purchasedReward(groupId, {
        member_id: memberId,
        purchase_id: purchase.id,
        reward_id: rewardId,
        name: purchase.rewardName,
        price: purchase.price,
        active_until: purchase.activeUntil.toISOString(),
        member_coins: coins,
      });
      return { purchase: presentPurchase(purchase, now), member_coins: coins };
    },
  };
}
