import { z } from 'zod';
import { ZPaymentAmounts } from './payments.ts';
import { LEDGER_REASONS } from '../enumerations.ts';
import { COINS_MAX } from '../limits.ts';
import { PURCHASE_HISTORY_TYPES, RECEIVED_KINDS, SENT_KINDS } from '../rules/history.ts';
import { ZSkinTone } from './characters.ts';
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
  skin_tone: ZSkinTone,
});
export type TClassmate = z.infer<typeof ZClassmate>;

/**
 * Ours (issue 33): who made a movement happen, from the ledger's actor: the student itself (it
 * ticked a task, sent coins), the teacher (an award, an approval, a task reopened) or the system
 * (an owed reward paid once the purse had coins). The name is null for the system and once that
 * account is deleted.
 */
export const ZHistoryActor = z.object({ kind: z.enum(['member', 'teacher', 'system']), name: z.string().nullable() });
export type THistoryActor = z.infer<typeof ZHistoryActor>;

const historyActorFields = {
  actor: ZHistoryActor.optional(),
  /** Ours (issue 33): a task's coins moved by the server's check of an exact answer the student sent. */
  autoChecked: z.boolean().optional(),
};

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
      ...historyActorFields,
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
      ...historyActorFields,
    }),
  ),
});
export type TMemberHistory = z.infer<typeof ZMemberHistory>;

/** One award of the teacher's purchase history (issue 33): its id and what each student got or gave back. */
export const ZPurchaseHistoryAward = z.object({
  id: z.string(),
  /** Each student's coins; the name is null once the student is deleted. */
  students: z.array(z.object({ name: z.string().nullable(), amount: z.number().int() })),
});
export type TPurchaseHistoryAward = z.infer<typeof ZPurchaseHistoryAward>;

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
  /**
   * Ours (issue 33), only with `?awards=grouped`: an award (or its undo) is one item for all its
   * students, its `amount` their sum and `counterpartName` the student's only when there is one;
   * here are the award and each student's coins, in the order they were given. Absent on other items.
   */
  award: ZPurchaseHistoryAward.optional(),
  /** Ours (issue 33): a paid coin purchase's printable receipt (GET purchase/receipt/{id}); null on every other row. */
  receiptUrl: z.string().nullable().optional(),
});
export type TPurchaseHistoryItem = z.infer<typeof ZPurchaseHistoryItem>;

/** GET purchase/history/{userId}'s query: `awards=grouped` makes an award one item (issue 33); without it, one item per ledger row. */
export const ZPurchaseHistoryQuery = z.object({ awards: z.enum(['grouped', 'rows'], invalid).default('rows') });
