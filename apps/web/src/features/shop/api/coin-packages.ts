import { priceWithVat, type PriceWithVat } from '@kolikko/core/rules/payments';
import type { TCoinPricing } from '@kolikko/core/schemas/payments';

/** One coin package as the shop shows it: its coins and its prices in cents. */
export interface CoinPackage extends PriceWithVat {
  coins: number;
  /** The net price of 100 coins in this package, in whole cents (to compare packages). */
  netPer100: number;
  /** The price with VAT of 100 coins in this package, in whole cents (what the shop shows). */
  totalPer100: number;
  isBestValue: boolean;
}

/** The pricing's packages, fewest coins first; a key that is not a positive whole number is left out. */
export function coinPackagesOf(pricing: TCoinPricing): CoinPackage[] {
  return Object.entries(pricing.prices)
    .filter(([key, net]) => /^[1-9]\d*$/.test(key) && Number.isSafeInteger(Number(key)) && net >= 0)
    .map(([key, net]) => ({ coins: Number(key), net }))
    .sort((a, b) => a.coins - b.coins)
    .map(({ coins, net }) => ({
      coins,
      ...priceWithVat(net),
      netPer100: Math.round((net * 100) / coins),
      totalPer100: Math.round((priceWithVat(net).total * 100) / coins),
      isBestValue: coins === pricing.bestValue,
    }));
}
