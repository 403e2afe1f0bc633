import { z } from 'zod';
import { AWARD_REASON_ICONS } from '../enumerations.ts';
import { REASON_COINS_MAX, REASON_NAME_MAX_LENGTH } from '../limits.ts';

/** An award reason's name: trimmed, 1 to REASON_NAME_MAX_LENGTH characters. */
export const ZReasonName = z
  .string({ error: 'VALIDATION.INVALID_INPUT' })
  .trim()
  .min(1, { error: 'VALIDATION.INVALID_INPUT' })
  .max(REASON_NAME_MAX_LENGTH, { error: 'VALIDATION.INVALID_INPUT' });

/** Coins a reason gives: 1 to 100, or -1 to -100 for a "needs work" reason (the group must allow those). */
export const ZReasonCoins = z
  .number({ error: 'VALIDATION.INVALID_INPUT' })
  .int({ error: 'VALIDATION.INVALID_INPUT' })
  .min(-REASON_COINS_MAX, { error: 'VALIDATION.INVALID_INPUT' })
  .max(REASON_COINS_MAX, { error: 'VALIDATION.INVALID_INPUT' })
  .refine((n) => n !== 0, { error: 'VALIDATION.INVALID_INPUT' });

export const ZReasonIcon = z.enum(AWARD_REASON_ICONS, { error: 'VALIDATION.INVALID_INPUT' });

/** A group's award reason ("skill"), in the order the teacher set. */
export const ZAwardReason = z.object({
  id: z.string(),
  group_id: z.string(),
  name: z.string(),
  icon: ZReasonIcon,
  coins: z.number().int(),
  /** 1-based, contiguous. */
  position: z.number().int(),
});
export type TAwardReason = z.infer<typeof ZAwardReason>;

export const ZCreateReasonRequest = z.object({ name: ZReasonName, icon: ZReasonIcon, coins: ZReasonCoins });
export type TCreateReasonRequest = z.infer<typeof ZCreateReasonRequest>;

export const ZUpdateReasonRequest = z
  .object({
    name: ZReasonName.optional(),
    icon: ZReasonIcon.optional(),
    coins: ZReasonCoins.optional(),
    /** Moves the reason to this place (1-based); the others shift. */
    position: z.number({ error: 'VALIDATION.INVALID_INPUT' }).int({ error: 'VALIDATION.INVALID_INPUT' }).min(1, { error: 'VALIDATION.INVALID_INPUT' }).optional(),
  })
  .refine((r) => Object.values(r).some((v) => v !== undefined), { error: 'VALIDATION.INVALID_INPUT' });
export type TUpdateReasonRequest = z.infer<typeof ZUpdateReasonRequest>;
