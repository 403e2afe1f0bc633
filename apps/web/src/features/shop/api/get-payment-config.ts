import { useQuery } from '@tanstack/react-query';
import type { TPaymentConfig } from '@kolikko/core/schemas/payments';
import { apiRequest } from '../../../lib/api-client.ts';
import { NOT_LIVE_QUERY_META } from '../../../lib/socket.ts';

export const paymentConfigQueryKey = ['paymentConfig'] as const;

export function getPaymentConfig(signal?: AbortSignal): Promise<TPaymentConfig> {
  return apiRequest<TPaymentConfig>('/config', { signal });
}

/** The payment provider and its publishable key (spec section 7: cached without expiry). */
export function usePaymentConfig() {
  return useQuery({
    queryKey: paymentConfigQueryKey,
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    meta: NOT_LIVE_QUERY_META,
  });
}
