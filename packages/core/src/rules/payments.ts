import { VAT_RATE_PERMILLE } from '../limits.ts';

/**
 * Coin package prices (spec section 9): a package's price is net, in integer cents; VAT of 25.5 %
 * is added on top. All arithmetic is in integer cents, so the server charges, and the checkout
 * shows, exactly the same numbers.
 */
export interface PriceWithVat {
  /** The package's net price, in cents. */
  net: number;
  /** VAT on the net price, in cents, rounded half up to a whole cent. */
  vat: number;
  /** What the card is charged: net + vat, in cents. */
  total: number;
}

/** VAT of a net price in cents: net x 0.255, rounded half up to a whole cent (integers only). */
export function vatCents(netCents: number): number {
  if (!Number.isSafeInteger(netCents) || netCents < 0) throw new RangeError(`a net price is a non-negative integer of cents, got ${netCents}`);
  return Math.floor((netCents * VAT_RATE_PERMILLE + 500) / 1000);
}

export function priceWithVat(netCents: number): PriceWithVat {
  const vat = vatCents(netCents);
  return { net: netCents, vat, total: netCents + vat };
}
