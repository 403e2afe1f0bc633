import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { TPurchaseHistoryItem } from '@kolikko/core/schemas/coins';
import { apiRequest } from '../../../lib/api-client.ts';

export function purchaseHistoryQueryKey(teacherId: string) {
  return ['purchaseHistory', teacherId] as const;
}

type TPurchaseHistory = TPurchaseHistoryItem[];

export function getPurchaseHistory(teacherId: string, signal?: AbortSignal): Promise<TPurchaseHistoryItem[]> {
  // An award is one item with its students (issue 33), not one per student.
  return apiRequest<TPurchaseHistory>(`/purchase/history/${encodeURIComponent(teacherId)}?awards=grouped`, { signal });
}

type PurchaseHistoryOptions = Pick<
  UseQueryOptions<TPurchaseHistoryItem[], Error, TPurchaseHistoryItem[], ReturnType<typeof purchaseHistoryQueryKey>>,
  'refetchInterval'
>;

/** The teacher's own coin movements, newest first; `refetchInterval` while waiting for a payment to land. */
export function usePurchaseHistory(teacherId: string, options: PurchaseHistoryOptions = {}) {
  return useQuery({
    queryKey: purchaseHistoryQueryKey(teacherId),
    queryFn: ({ signal }) => getPurchaseHistory(teacherId, signal),
    refetchInterval: options.refetchInterval ?? false,
  });
}
