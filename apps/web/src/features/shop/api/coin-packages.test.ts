// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { coinPackagesOf } from './coin-packages.ts';

const pricing = { prices: { '1000': 1600, '100': 200, '500': 750, '300': 500 }, bestValue: 500, vatPermille: 255, currency: 'eur' as const };

describe('coinPackagesOf', () => {
  it('lists the packages fewest coins first, with VAT and total in cents from core', () => {
    const packages = coinPackagesOf(pricing);
    expect(packages.map((p) => p.coins)).toEqual([100, 300, 500, 1000]);
    expect(packages[2]).toEqual({ coins: 500, net: 750, vat: 191, total: 941, netPer100: 150, totalPer100: 188, isBestValue: true });
    expect(packages.filter((p) => p.isBestValue).map((p) => p.coins)).toEqual([500]);
  });

  it('rounds the price of 100 coins to a whole cent', () => {
    expect(coinPackagesOf(pricing).find((p) => p.coins === 300)?.netPer100).toBe(167);
  });

  it('leaves out keys that are not a positive whole number of coins', () => {
    const odd = { ...pricing, prices: { '0': 10, '-5': 10, '2.5': 10, abc: 10, '050': 10, '200': 300 } };
    expect(coinPackagesOf(odd).map((p) => p.coins)).toEqual([200]);
  });
});
