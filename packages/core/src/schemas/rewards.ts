import { z } from 'zod';
import {
  REWARD_DESCRIPTION_MAX_LENGTH,
  REWARD_NAME_MAX_LENGTH,
  REWARD_PRICE_MAX,
  REWARD_PRICE_MIN,
  REWARDLIST_NAME_MAX_LENGTH,
} from '../limits.ts';
import { ZUserId } from './groups.ts';

/** A purchase in the teacher's hand-out queue (issue 33): waiting, given, or given back with its price returned. */
export const REWARD_PURCHASE_STATES = ['pending', 'given', 'returned'] as const;
export type RewardPurchaseState = (typeof REWARD_PURCHASE_STATES)[number];

const invalid = { error: 'VALIDATION.INVALID_INPUT' } as const;
const priceCode = { error: 'REWARD.REWARD_PRICE_MUST_BE_GREATER_THAN_ZERO' } as const;

export const ZRewardId = z.uuid({ error: 'REWARD.INVALID_REWARD_ID' });
export const ZRewardlistId = z.uuid({ error: 'REWARD.INVALID_REWARDLIST_ID' });

/** Required after trimming, at most 40 characters (spec sections 3 and 5). */
export const ZRewardName = z
  .string({ error: 'REWARD.REWARD_NAME_REQUIRED' })
  .trim()
  .min(1, { error: 'REWARD.REWARD_NAME_REQUIRED' })
  .max(REWARD_NAME_MAX_LENGTH, { error: 'REWARD.REWARD_NAME_TOO_LONG' });

export const ZRewardDescription = z
  .string({ error: 'REWARD.REWARD_DESCRIPTION_REQUIRED' })
  .trim()
  .min(1, { error: 'REWARD.REWARD_DESCRIPTION_REQUIRED' })
  .max(REWARD_DESCRIPTION_MAX_LENGTH, invalid);

/**
 * A whole number of coins from 0 to 999. The web clamps as it types (spec section 5); the server
 * refuses anything else with the spec's price code, whose name says "greater than zero" though 0
 * is allowed (spec section 9).
 */
export const ZRewardPrice = z.number(priceCode).int(priceCode).min(REWARD_PRICE_MIN, priceCode).max(REWARD_PRICE_MAX, priceCode);

export const ZRewardFields = z.object({
  name: ZRewardName,
  description: ZRewardDescription,
  price: ZRewardPrice,
});
export type TRewardFields = z.infer<typeof ZRewardFields>;

/** A reward (spec section 3). */
export const ZReward = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Coins, 0 to 999. */
  price: z.number().int(),
  date_created: z.string(),
  /**
   * Only when read through a group (GET rewards/{groupId}, GET rewards/shared/{groupId}): until
   * when the calling student's purchase of it is active (its buy button is disabled until then);
   * null when it is not active, and always null for the teacher.
   */
  active_until: z.string().nullable().optional(),
});
export type TReward = z.infer<typeof ZReward>;

export const ZCreateRewardRequest = z.object({
  /** The teacher's own id. */
  id: ZUserId,
  reward: ZRewardFields,
});
export type TCreateRewardRequest = z.infer<typeof ZCreateRewardRequest>;

/** Any of the fields; what is not sent stays. */
export const ZUpdateRewardRequest = z.object({ reward: ZRewardFields.partial() });
export type TUpdateRewardRequest = z.infer<typeof ZUpdateRewardRequest>;

/** A reward list's name: required after trimming, at most 40 (answered with the reward name codes). */
export const ZRewardlistName = z
  .string({ error: 'REWARD.REWARD_NAME_REQUIRED' })
  .trim()
  .min(1, { error: 'REWARD.REWARD_NAME_REQUIRED' })
  .max(REWARDLIST_NAME_MAX_LENGTH, { error: 'REWARD.REWARD_NAME_TOO_LONG' });

/** A reward list (spec section 3). */
export const ZRewardList = z.object({
  id: z.string(),
  name: z.string(),
  /** The owner's id. */
  user_id: z.string(),
  date_created: z.string(),
  /** In the order they were added. */
  rewards: z.array(ZReward),
  /** The usernames of the teachers it is shared with (sharing comes later; empty until then). */
  shared_with: z.array(z.string()),
});
export type TRewardList = z.infer<typeof ZRewardList>;

export const ZCreateRewardlistRequest = z.object({
  /** The teacher's own id. */
  id: ZUserId,
  name: ZRewardlistName,
});

/** Adds (PUT rewardlist) or removes (DELETE rewardlist) one reward of the teacher's own. */
export const ZRewardlistItemRequest = z.object({
  rewardlist_id: ZRewardlistId,
  reward_id: ZRewardId,
});
export type TRewardlistItemRequest = z.infer<typeof ZRewardlistItemRequest>;

export const ZCopyRewardlistRequest = z.object({
  /** The teacher's own id: the copy is theirs. */
  userId: ZUserId,
  /** The copy's name; the original's when not sent (the web may send a translated "Copy of ..."). */
  name: ZRewardlistName.optional(),
});

/** PUT group/{id}/rewardlist/{rewardlistId}: a list id publishes it; `reset` publishes none. */
export const ZPublishedRewardlistParam = z.union([z.literal('reset'), ZRewardlistId], { error: 'REWARD.INVALID_REWARDLIST_ID' });

/** POST member/{id}/reward/{rewardId}: the price the student was shown. */
export const ZBuyRewardRequest = z.object({
  price: z.number(invalid).int(invalid).min(0, invalid).max(REWARD_PRICE_MAX, invalid),
});

/** One purchase as history shows it; name, description and price are as they were when bought. */
export const ZRewardPurchase = z.object({
  id: z.string(),
  /** null once the teacher has deleted the reward. */
  reward_id: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  /** When it was bought. */
  date: z.string(),
  /** One hour after `date`. */
  active_until: z.string(),
  /** `used` once the hour is over, or once the teacher gave it back (returned). */
  status: z.enum(['active', 'used']),
  /** Issue 33's hand-out queue: waiting for the teacher, given, or given back (the price returned). */
  state: z.enum(REWARD_PURCHASE_STATES),
});
export type TRewardPurchase = z.infer<typeof ZRewardPurchase>;

export const ZBuyRewardResponse = z.object({
  purchase: ZRewardPurchase,
  /** The student's coins afterwards. */
  member_coins: z.number().int(),
});
export type TBuyRewardResponse = z.infer<typeof ZBuyRewardResponse>;

/** GET group/{id}/reward-purchases?state=: which of the queue; `pending` when not sent. */
export const ZRewardPurchasesQuery = z.object({
  state: z.enum([...REWARD_PURCHASE_STATES, 'all'], invalid).default('pending'),
});
export type TRewardPurchasesQuery = z.infer<typeof ZRewardPurchasesQuery>;

export const ZRewardPurchaseId = z.uuid({ error: 'REWARD.REWARD_NOT_FOUND' });

/** One purchase of a group's hand-out queue, as its teacher sees it (issue 33). */
export const ZGroupRewardPurchase = z.object({
  id: z.string(),
  member: z.object({ id: z.string(), username: z.string() }),
  /** The reward's id is null once the teacher deleted it; the name is as it was when bought. */
  reward: z.object({ id: z.string().nullable(), name: z.string() }),
  price: z.number().int(),
  purchased_at: z.string(),
  active_until: z.string(),
  /** Still in its hour (never once given back). */
  active: z.boolean(),
  state: z.enum(REWARD_PURCHASE_STATES),
  /** When it was marked given or given back; null while pending. */
  settled_at: z.string().nullable(),
});
export type TGroupRewardPurchase = z.infer<typeof ZGroupRewardPurchase>;

/** PUT reward-purchase/{id}: given (handed out), or returned (its price back to the student, once). */
export const ZSettleRewardPurchaseRequest = z.object({
  state: z.enum(['given', 'returned'], invalid),
});
export type TSettleRewardPurchaseRequest = z.infer<typeof ZSettleRewardPurchaseRequest>;

export const ZSettleRewardPurchaseResponse = z.object({
  purchase: ZGroupRewardPurchase,
  /** The student's coins afterwards. */
  member_coins: z.number().int(),
});
export type TSettleRewardPurchaseResponse = z.infer<typeof ZSettleRewardPurchaseResponse>;
