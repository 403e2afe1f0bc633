import type { ErrorCode } from '../errors.ts';
import { REWARD_ACTIVE_MS } from '../limits.ts';

/**
 * Spec section 4's reward purchase: a bought reward is active for one hour (the student shows
 * it to the teacher), then used. While it is active the same student cannot buy it again.
 */
export type RewardPurchaseStatus = 'active' | 'used';

export function rewardActiveUntil(purchasedAt: Date): Date {
  return new Date(purchasedAt.getTime() + REWARD_ACTIVE_MS);
}

export function rewardPurchaseStatus(activeUntil: Date, now: Date): RewardPurchaseStatus {
  return now.getTime() < activeUntil.getTime() ? 'active' : 'used';
}

/** What is left of the hour, for the countdown; 0 once used. */
export function rewardRemainingMs(activeUntil: Date, now: Date): number {
  return Math.max(0, activeUntil.getTime() - now.getTime());
}

export interface RewardPurchaseInput<R extends { price: number }> {
  /** The reward as the group's published list offers it now; undefined when it offers no such reward. */
  offered: R | undefined;
  /** The price the student's browser showed. */
  askedPrice: number;
  /** When the student's latest purchase of this reward stops being active; null if never bought. */
  latestActiveUntil: Date | null;
  /** The student's coins, read under its row lock. */
  coins: number;
  now: Date;
}

export type RewardPurchaseDecision<R> = { ok: true; reward: R; charge: number } | { ok: false; error: ErrorCode; field?: string };

/**
 * Decides a purchase: the reward must be on the published list at the price the student saw (a
 * changed price is refused, so nobody pays what they were not shown), not active already for this
 * student, and affordable.
 */
export function decideRewardPurchase<R extends { price: number }>(input: RewardPurchaseInput<R>): RewardPurchaseDecision<R> {
  if (!input.offered) return { ok: false, error: 'REWARD.REWARD_NOT_FOUND' };
  if (input.offered.price !== input.askedPrice) return { ok: false, error: 'REWARD.REWARD_NOT_FOUND', field: 'price' };
  if (input.latestActiveUntil && rewardPurchaseStatus(input.latestActiveUntil, input.now) === 'active') {
    return { ok: false, error: 'PERMISSION.INSUFFICIENT_PERMISSIONS', field: 'reward' };
  }
  if (input.coins < input.offered.price) return { ok: false, error: 'MISC.OUT_OF_COINS' };
  return { ok: true, reward: input.offered, charge: input.offered.price };
}
