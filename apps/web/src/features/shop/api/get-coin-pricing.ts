import { useQuery } from '@tanstack/react-query';
import { PRICING_CACHE_MS } from '@kolikko/core/limits';
import type { PaymentProviderName, TCoinPricing } from '@kolikko/core/schemas/payments';
import { apiRequest } from '../../../lib/api-client.ts';
import { NOT_LIVE_QUERY_META } from '../../../lib/socket.ts';

export function coinPricingQueryKey(provider: PaymentProviderName) {
  return ['coinPricing', provider] as const;
}

export function getCoinPricing(provider: PaymentProviderName, signal?: AbortSignal): Promise<TCoinPricing> {
  return apiRequest<TCoinPricing>(`/${provider}/pricing`, { signal });
}

/** The coin packages and their net prices (spec section 7: cached 5 minutes); waits for the provider. */
export function useCoinPricing(provider: PaymentProviderName | undefined) {
  return useQuery({
    queryKey: coinPricingQueryKey(provider ?? 'dev'),
    queryFn: ({ signal }) => getCoinPricing(provider ?? 'dev', signal),
    enabled: provider !== undefined,
    staleTime: PRICING_CACHE_MS,
    meta: NOT_LIVE_QUERY_META,
  });
}
