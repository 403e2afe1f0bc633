import type { LedgerReason } from '../enumerations.ts';

/**
 * History screens are views of the coin ledger (DESIGN.md section 4). These map a ledger row,
 * seen from one account (coins came in or went out), to the entry it shows as.
 */
export type Direction = 'in' | 'out';

/** Coins a member received, and from whom: a classmate, the teacher, a completed todo, or a reward the teacher gave back (issue 33). */
export const RECEIVED_KINDS = ['transfer', 'teacher_award', 'todo_reward', 'award_undo', 'reward_return'] as const;
export type ReceivedKind = (typeof RECEIVED_KINDS)[number];
/** Coins that left a member to a person: a classmate, or the teacher taking coins back. */
export const SENT_KINDS = ['transfer', 'teacher_deduction', 'todo_reward_revoked', 'award_undo'] as const;
export type SentKind = (typeof SENT_KINDS)[number];

export type MemberHistoryEntry =
  | { list: 'receivedCoins'; kind: ReceivedKind }
  | { list: 'transactions'; kind: SentKind }
  | { list: 'characterPurchase' }
  | { list: 'rewardPurchase' }
  | null;

const isReceived = (r: LedgerReason): r is ReceivedKind => (RECEIVED_KINDS as readonly string[]).includes(r);
const isSent = (r: LedgerReason): r is SentKind => (SENT_KINDS as readonly string[]).includes(r);

/** Where a member's ledger row shows in GET member/{id}/history; null for rows a live member cannot have. */
export function memberHistoryEntry(reason: LedgerReason, direction: Direction): MemberHistoryEntry {
  if (direction === 'in') return isReceived(reason) ? { list: 'receivedCoins', kind: reason } : null;
  if (reason === 'character_purchase') return { list: 'characterPurchase' };
  if (reason === 'reward_purchase') return { list: 'rewardPurchase' };
  return isSent(reason) ? { list: 'transactions', kind: reason } : null;
}

/** Spec section 3's purchase history types, for the teacher's own coin movements. */
export const PURCHASE_HISTORY_TYPES = ['bought', 'received', 'sent', 'character', 'accessory'] as const;
export type PurchaseHistoryType = (typeof PURCHASE_HISTORY_TYPES)[number];

/**
 * A teacher's ledger row as GET purchase/history shows it: coins bought, received (starter coins,
 * coins back from students), sent (to students), a character part, or an accessory (group slots).
 */
export function teacherPurchaseType(reason: LedgerReason, direction: Direction): PurchaseHistoryType {
  if (reason === 'coin_purchase') return 'bought';
  if (reason === 'character_purchase') return 'character';
  if (reason === 'group_slots') return 'accessory';
  return direction === 'in' ? 'received' : 'sent';
}
