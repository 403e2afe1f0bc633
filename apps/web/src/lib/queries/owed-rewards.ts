import { useQuery } from '@tanstack/react-query';
import type { TOwedRewards } from '@kolikko/core/schemas/payments';
import { apiRequest } from '../api-client.ts';
import { queryClient } from '../query-client.ts';

/**
 * The rewards of completed todos that the teacher's purse could not pay yet. Shared because the
 * header, the teacher's home and the coin shop all show it, and live events keep it current.
 */
export function owedRewardsQueryKey(teacherId: string) {
  return ['owedRewards', teacherId] as const;
}

export function getOwedRewards(teacherId: string, signal?: AbortSignal): Promise<TOwedRewards> {
  return apiRequest<TOwedRewards>(`/owed-rewards/${encodeURIComponent(teacherId)}`, { signal });
}

export function useOwedRewards(teacherId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: owedRewardsQueryKey(teacherId),
    queryFn: ({ signal }) => getOwedRewards(teacherId, signal),
    enabled: options.enabled ?? true,
  });
}

/** What a live event says the purse owes now, written straight into the cache. */
export function setOwedRewards(teacherId: string, owed: TOwedRewards): void {
  queryClient.setQueryData<TOwedRewards>(owedRewardsQueryKey(teacherId), owed);
}

/** A completion or a revert may have made or cancelled a debt: the next look reads it again. */
export function invalidateOwedRewards(): void {
  void queryClient.invalidateQueries({ queryKey: ['owedRewards'] });
}
