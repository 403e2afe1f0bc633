import { useMutation, useQuery } from '@tanstack/react-query';
import type { TGroupRewardPurchase, TRewardPurchasesQuery, TSettleRewardPurchaseRequest, TSettleRewardPurchaseResponse } from '@kolikko/core/schemas/rewards';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { invalidateHandout, rewardPurchasesQueryKey } from '../../../lib/queries/handout.ts';
import { invalidateMemberHistory } from '../../../lib/queries/member-history.ts';

export type HandoutFilter = TRewardPurchasesQuery['state'];
export const HANDOUT_FILTERS = ['pending', 'given', 'returned', 'all'] as const satisfies readonly HandoutFilter[];

/** Issue 33: a group's hand-out queue, newest first, in one state (or all). */
export function getRewardPurchases(groupId: string, state: HandoutFilter, signal?: AbortSignal): Promise<TGroupRewardPurchase[]> {
  return apiRequest<TGroupRewardPurchase[]>(`/group/${encodeURIComponent(groupId)}/reward-purchases?state=${state}`, { signal });
}

export function useRewardPurchases(groupId: string, state: HandoutFilter) {
  return useQuery({ queryKey: rewardPurchasesQueryKey(groupId, state), queryFn: ({ signal }) => getRewardPurchases(groupId, state, signal) });
}

export function settleRewardPurchase(purchaseId: string, body: TSettleRewardPurchaseRequest): Promise<TSettleRewardPurchaseResponse> {
  return apiRequest<TSettleRewardPurchaseResponse>(`/reward-purchase/${encodeURIComponent(purchaseId)}`, { method: 'PUT', body });
}

/** Given, or given back (the coins return to the student): every view of the queue and the dashboard read again. */
export function useSettleRewardPurchase(groupId: string) {
  return useMutation({
    mutationFn: ({ purchaseId, state }: { purchaseId: string; state: TSettleRewardPurchaseRequest['state'] }) => settleRewardPurchase(purchaseId, { state }),
    onSuccess: ({ purchase }) => {
      queryClient.setQueriesData<TGroupRewardPurchase[]>({ queryKey: rewardPurchasesQueryKey(groupId) }, (list) =>
        list?.map((entry) => (entry.id === purchase.id ? purchase : entry)),
      );
      invalidateHandout(groupId);
      invalidateMemberHistory(purchase.member.id);
    },
  });
}
