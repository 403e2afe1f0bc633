import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { REWARD_ACTIVE_MS } from '../limits.ts';
import { decideRewardPurchase, rewardActiveUntil, rewardPurchaseStatus, rewardRemainingMs } from './rewards.ts';

const bought = new Date('2026-03-02T10:00:00Z');
const until = rewardActiveUntil(bought);
const at = (ms: number) => new Date(bought.getTime() + ms);

describe('reward purchase status (spec section 4)', () => {
  it('is active for exactly one hour, then used', () => {
    expect(until.getTime() - bought.getTime()).toBe(REWARD_ACTIVE_MS);
    expect(rewardPurchaseStatus(until, bought)).toBe('active');
    expect(rewardPurchaseStatus(until, at(REWARD_ACTIVE_MS - 1))).toBe('active');
    expect(rewardPurchaseStatus(until, at(REWARD_ACTIVE_MS))).toBe('used');
    expect(rewardRemainingMs(until, at(59 * 60 * 1000 + 30_000))).toBe(30_000);
    expect(rewardRemainingMs(until, at(2 * REWARD_ACTIVE_MS))).toBe(0);
  });

  it('the remaining time is positive exactly while active', () => {
    fc.assert(
      fc.property(fc.integer({ min: -REWARD_ACTIVE_MS, max: 3 * REWARD_ACTIVE_MS }), (ms) => {
        expect(rewardRemainingMs(until, at(ms)) > 0).toBe(rewardPurchaseStatus(until, at(ms)) === 'active');
      }),
    );
  });
});

describe('decideRewardPurchase', () => {
  const base = { offered: { price: 10 }, askedPrice: 10, latestActiveUntil: null, coins: 10, now: bought };

  it('charges the price of an offered reward the student can afford', () => {
    expect(decideRewardPurchase(base)).toEqual({ ok: true, reward: { price: 10 }, charge: 10 });
    expect(decideRewardPurchase({ ...base, offered: { price: 0 }, askedPrice: 0, coins: 0 })).toEqual({ ok: true, reward: { price: 0 }, charge: 0 });
    expect(decideRewardPurchase({ ...base, latestActiveUntil: until, now: at(REWARD_ACTIVE_MS) })).toEqual({ ok: true, reward: { price: 10 }, charge: 10 });
  });

  it('refuses, in this order: not offered, another price, still active, too few coins', () => {
    expect(decideRewardPurchase({ ...base, offered: undefined, coins: 0 })).toEqual({ ok: false, error: 'REWARD.REWARD_NOT_FOUND' });
    expect(decideRewardPurchase({ ...base, askedPrice: 9, latestActiveUntil: until })).toEqual({ ok: false, error: 'REWARD.REWARD_NOT_FOUND', field: 'price' });
    expect(decideRewardPurchase({ ...base, latestActiveUntil: until, coins: 0 })).toEqual({ ok: false, error: 'PERMISSION.INSUFFICIENT_PERMISSIONS', field: 'reward' });
    expect(decideRewardPurchase({ ...base, coins: 9 })).toEqual({ ok: false, error: 'MISC.OUT_OF_COINS' });
  });

  it('never charges more than the student has, nor anything but the price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 2000 }), (price, asked, coins) => {
        const d = decideRewardPurchase({ ...base, offered: { price }, askedPrice: asked, coins });
        if (d.ok) expect(d.charge === price && price === asked && price <= coins).toBe(true);
        else expect(price !== asked || price > coins).toBe(true);
      }),
    );
  });
});
