import { useQuery } from '@tanstack/react-query';
import type { TMemberHistory } from '@kolikko/core/schemas/coins';
import { apiRequest } from '../api-client.ts';
import { queryClient } from '../query-client.ts';

/**
 * A student's history (spec section 3). Shared because the student's history page and the
 * teacher's member page read it, and buying, unlocking and sending coins make it stale.
 */
export function memberHistoryQueryKey(memberId: string) {
  return ['memberHistory', memberId] as const;
}

export function getMemberHistory(memberId: string, signal?: AbortSignal): Promise<TMemberHistory> {
  return apiRequest<TMemberHistory>(`/member/${encodeURIComponent(memberId)}/history`, { signal });
}

export function useMemberHistory(memberId: string) {
  return useQuery({
    queryKey: memberHistoryQueryKey(memberId),
    queryFn: ({ signal }) => getMemberHistory(memberId, signal),
  });
}

/** After coins moved: the next look at the history reads it again. */
export function invalidateMemberHistory(memberId: string): void {
  void queryClient.invalidateQueries({ queryKey: memberHistoryQueryKey(memberId) });
}
