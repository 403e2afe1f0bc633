import { useMutation } from '@tanstack/react-query';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { setSessionCoins } from '../../../lib/auth.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { communityQueryKey } from './get-community.ts';

export interface CommunityPurchase {
  todolist: TTodolist;
  teacher_coins: number;
  /** False when the buyer had bought it before: the copy came back for free. */
  charged: boolean;
}

/**
 * POST community/purchase/todolist/{id}: the price to the publisher, a copy to the buyer's lists.
 * `price` is the one the buyer was shown: another price now is refused (COMMUNITY.PRICE_CHANGED).
 */
export function buyCommunityList({ todolistId, price }: { todolistId: string; price: number }): Promise<CommunityPurchase> {
  return apiRequest<CommunityPurchase>(`/community/purchase/todolist/${encodeURIComponent(todolistId)}`, { method: 'POST', body: { price } });
}

export function useBuyCommunityList() {
  return useMutation({
    mutationFn: buyCommunityList,
    onSuccess: (purchase) => {
      setSessionCoins(purchase.teacher_coins);
      // The item now reads `bought` with its every todo; the copy joins the teacher's lists
      // (features/todos keys them ['todolists', teacherId]).
      void queryClient.invalidateQueries({ queryKey: communityQueryKey() });
      void queryClient.invalidateQueries({ queryKey: ['todolists'] });
    },
    // Refused at a price the list no longer has: the pages show the price it has now.
    onError: (error) => {
      if (error instanceof ApiError && error.errorCode === 'COMMUNITY.PRICE_CHANGED') void queryClient.invalidateQueries({ queryKey: communityQueryKey() });
    },
  });
}
