import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceWithVat, vatCents } from './payments.ts';

/** 25.5 % of a net price in cents, worked out in exact decimal: half a cent and more goes up. */
function vatByHand(net: number): number {
  const thousandths = BigInt(net) * 255n;
  const cents = thousandths / 1000n;
  return Number(thousandths % 1000n >= 500n ? cents + 1n : cents);
}

describe('VAT on coin packages (spec section 9: 25.5 %)', () => {
  it('rounds half a cent up, and the default packages cost what the checkout shows', () => {
    expect([2, 4, 100, 200, 500, 750, 1600].map(vatCents)).toEqual([1, 1, 26, 51, 128, 191, 408]);
    expect(priceWithVat(750)).toEqual({ net: 750, vat: 191, total: 941 });
    expect(priceWithVat(0)).toEqual({ net: 0, vat: 0, total: 0 });
  });

  it('is whole cents: vat is 25.5 % of net rounded half up, total is net + vat, for any net price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (net) => {
        const price = priceWithVat(net);
        expect(price).toEqual({ net, vat: vatByHand(net), total: net + vatByHand(net) });
        expect([Number.isInteger(price.vat), Math.abs(price.vat - net * 0.255) <= 0.5]).toEqual([true, true]);
      }),
    );
  });

  it('refuses what is not a whole, non-negative number of cents', () => {
    for (const net of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) expect(() => vatCents(net)).toThrow(RangeError);
  });
});
