/**
 * The checkout notes when it sent the teacher to pay, for the payment-success page: with Stripe
 * the browser leaves for the card check and comes back on a fresh page, and the coins arrive by
 * the provider's webhook, maybe a moment later. The page waits for a bought row since then.
 */
const STORAGE_KEY = 'kolikko.pendingCoinPurchase';

interface PendingPurchase {
  coins: number;
  startedAt: number;
}

export function rememberPendingPurchase(coins: number): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ coins, startedAt: Date.now() } satisfies PendingPurchase));
  } catch {
    // Storage can be blocked; the success page then looks back a fixed while instead.
  }
}

/** When the checkout of this many coins started, if this tab remembers it. */
export function pendingPurchaseStart(coins: number): number | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const storedCoins: unknown = Reflect.get(parsed, 'coins');
    const startedAt: unknown = Reflect.get(parsed, 'startedAt');
    return storedCoins === coins && typeof startedAt === 'number' ? startedAt : null;
  } catch {
    return null;
  }
}

export function forgetPendingPurchase(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to forget where storage is blocked.
  }
}
