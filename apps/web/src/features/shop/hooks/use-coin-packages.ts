import { coinPackagesOf, type CoinPackage } from '../api/coin-packages.ts';
import { useCoinPricing } from '../api/get-coin-pricing.ts';
import { usePaymentConfig } from '../api/get-payment-config.ts';

/** The provider's configuration, then its pricing, and the packages they make. */
export function useCoinPackages() {
  const config = usePaymentConfig();
  const pricing = useCoinPricing(config.data?.provider);
  const packages: CoinPackage[] | undefined = pricing.data ? coinPackagesOf(pricing.data) : undefined;
  return { config, pricing, packages };
}

/** The `coins` query parameter of checkout and payment-success: a positive whole number, else null. */
export function coinsParam(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,8}$/.test(value)) return null;
  return Number(value);
}
