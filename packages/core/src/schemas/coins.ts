import { z } from 'zod';
import { ZPaymentAmounts } from './payments.ts';
import { LEDGER_REASONS } from '../enumerations.ts';
import { COINS_MAX } from '../limits.ts';
import { PURCHASE_HISTORY_TYPES, RECEIVED_KINDS, SENT_KINDS } from '../rules/history.ts';
import { ZRewardPurchase } from './rewards.ts';

const invalid = { error: 'VALIDATION.INVALID_INPUT' } as const;

export const ZTransferRequest = z.object({
  /** A classmate's member id (GET member/{id}/classmates), or its username. */
  recipient: z.string(invalid).trim().min(1, invalid).max(64, { error: 'GROUP.NOT_IN_GROUP' }),
  /** A whole number of coins, at least 1 and at most what the sender has. */
  amount: z.number(invalid).int(invalid).min(1, invalid).max(COINS_MAX, { error: 'MISC.OUT_OF_COINS' }),
});
export type TTransferRequest = z.infer<typeof ZTransferRequest>;

export const ZTransferResponse = z.object({
  /** The sender's coins afterwards. */
  member_coins: z.number().int(),
  recipient: z.object({ id: z.string(), username: z.string() }),
  amount: z.number().int(),
});
export type TTransferResponse = z.infer<typeof ZTransferResponse>;

/** A member of the same group, as a student may see it (no coins). */
export const ZClassmate = z.object({
  id: z.string(),
  username: z.string(),
  face: z.string().nullable(),
  hair: z.string().nullable(),
});
export type TClassmate = z.infer<typeof ZClassmate>;

/** GET member/{id}/history (spec section 3), each list newest first. */
export const ZMemberHistory = z.object({
  characterPurchase: z.array(
    z.object({ path: z.string(), type: z.enum(['face', 'hair']), price: z.number().int(), date: z.string() }),
  ),
  rewardPurchase: z.array(ZRewardPurchase),
  /** Coins that went to a person: a classmate (transfer) or back to the teacher. */
  transactions: z.array(
    z.object({
      kind: z.enum(SENT_KINDS),
      /** The classmate's or teacher's username; null when that account is deleted. */
      recipientName: z.string().nullable(),
      price: z.number().int(),
      date: z.string(),
      /** Ours (issue 14): the task's title when a todo reward was taken back; null otherwise or once the todo is gone. */
      todoTitle: z.string().nullable(),
      /** Ours (issue 32): the award reason's name, for an award (or its undo) made with one; null otherwise. */
      reasonName: z.string().nullable().optional(),
    }),
  ),
  /** Coins that came from a person: a classmate (transfer), the teacher (award) or a completed todo. */
  receivedCoins: z.array(
    z.object({
      kind: z.enum(RECEIVED_KINDS),
      /** The classmate's or teacher's username; null when that account is deleted. */
      senderName: z.string().nullable(),
      price: z.number().int(),
      date: z.string(),
      /** Ours (issue 14): the task's title when the coins are a todo's reward; null otherwise or once the todo is gone. */
      todoTitle: z.string().nullable(),
      /** Ours (issue 32): the award reason's name, for an award (or its undo) made with one; null otherwise. */
      reasonName: z.string().nullable().optional(),
    }),
  ),
});
export type TMemberHistory = z.infer<typeof ZMemberHistory>;

/** GET purchase/history/{userId}: the teacher's own coin movements, newest first. */
export const ZPurchaseHistoryItem = z.object({
  type: z.enum(PURCHASE_HISTORY_TYPES),
  /** The ledger's reason, finer than the type (starter_coins, teacher_award, group_slots, ...). */
  reason: z.enum(LEDGER_REASONS),
  /** Coins, always positive; the type says which way. */
  amount: z.number().int(),
  date: z.string(),
  /** The student on the other side, when there is one still there. */
  counterpartName: z.string().nullable(),
  /** A coin purchase by card: the coins and what was paid, in cents; null for every other row. */
  payment: ZPaymentAmounts.nullable(),
  /** Ours (issue 32): the award reason's name, for an award (or its undo) made with one; null otherwise. */
  reasonName: z.string().nullable().optional(),
});
export type TPurchaseHistoryItem = z.infer<typeof ZPurchaseHistoryItem>;
