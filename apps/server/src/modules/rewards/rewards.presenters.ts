import { rewardPurchaseStatus } from '@kolikko/core/rules/rewards';
import type { TGroupRewardPurchase, TReward, TRewardList, TRewardPurchase } from '@kolikko/core/schemas/rewards';
import type { GroupPurchaseRow, RewardListRow, RewardPurchaseRow, RewardRow } from './rewards.repo.ts';

/** A reward; `activeUntil` only when read through a group (see ZReward.active_until). */
export function presentReward(r: RewardRow, activeUntil?: Date | null): TReward {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    price: r.price,
    date_created: r.createdAt.toISOString(),
    ...(activeUntil === undefined ? {} : { active_until: activeUntil?.toISOString() ?? null }),
  };
}

export function presentRewardList(list: RewardListRow, rewards: RewardRow[], sharedWith: string[]): TRewardList {
  return {
    id: list.id,
    name: list.name,
    user_id: list.teacherId,
    date_created: list.createdAt.toISOString(),
    rewards: rewards.map((r) => presentReward(r)),
    shared_with: sharedWith,
  };
}

export function presentPurchase(p: RewardPurchaseRow, now: Date): TRewardPurchase {
  return {
    id: p.id,
    reward_id: p.rewardId,
    name: p.rewardName,
    description: p.rewardDescription,
    price: p.price,
    date: p.purchasedAt.toISOString(),
    active_until: p.activeUntil.toISOString(),
    status: p.state === 'returned' ? 'used' : rewardPurchaseStatus(p.activeUntil, now),
    state: p.state,
  };
}

/** A purchase of the group's hand-out queue (issue 33). */
export function presentGroupPurchase(p: GroupPurchaseRow, now: Date): TGroupRewardPurchase {
  return {
    id: p.id,
    member: { id: p.memberId, username: p.username },
    reward: { id: p.rewardId, name: p.rewardName },
    price: p.price,
    purchased_at: p.purchasedAt.toISOString(),
    active_until: p.activeUntil.toISOString(),
    active: p.state !== 'returned' && rewardPurchaseStatus(p.activeUntil, now) === 'active',
    state: p.state,
    settled_at: p.settledAt?.toISOString() ?? null,
  };
}
