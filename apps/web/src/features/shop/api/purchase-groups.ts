import { useMutation } from '@tanstack/react-query';
import type { TGroupLimits } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionCoins } from '../../../lib/auth.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { groupLimitsQueryKey } from '../../../lib/queries/get-group-limits.ts';

type TPurchaseGroupsResponse = TGroupLimits & { coins: number };

export function purchaseGroups(userId: string, amount: number): Promise<TPurchaseGroupsResponse> {
  return apiRequest<TPurchaseGroupsResponse>('/purchase/group', { method: 'POST', body: { userId, amount } });
}

/** Buys extra group slots with coins; the new limits and the purse go straight into the caches. */
export function usePurchaseGroups(teacherId: string) {
  return useMutation({
    mutationFn: (amount: number) => purchaseGroups(teacherId, amount),
    onSuccess: ({ current_usage, total_limit, coins }) => {
      queryClient.setQueryData<TGroupLimits>(groupLimitsQueryKey(teacherId), { current_usage, total_limit });
      setSessionCoins(coins);
      void queryClient.invalidateQueries({ queryKey: groupLimitsQueryKey(teacherId) });
    },
  });
}
