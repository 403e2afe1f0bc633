import type { LedgerReason } from '@kolikko/core/enumerations';
import type { PurchaseHistoryType } from '@kolikko/core/rules/history';

/**
 * The translation key of a row of the teacher's purchase history: its ledger reason, except that
 * a community purchase reads differently for the seller (coins received) than for the buyer.
 */
export function purchaseReasonKey(reason: LedgerReason, type: PurchaseHistoryType): string {
  return `shop.history.reasons.${reason === 'community_purchase' && type === 'received' ? 'community_sale' : reason}`;
}
