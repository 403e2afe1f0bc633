import { useMutation } from '@tanstack/react-query';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionCoins } from '../../../lib/auth.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { communityQueryKey } from './get-community.ts';

export interface CommunityPurchase {
  todolist: TTodolist;
  teacher_coins: number;
  /** False when the buyer had bought it before: the copy came back for free. */
  charged: boolean;
}

/** POST community/purchase/todolist/{id}: the price to the publisher, a copy to the buyer's lists. */
export function buyCommunityList(todolistId: string): Promise<CommunityPurchase> {
  return apiRequest<CommunityPurchase>(`/community/purchase/todolist/${encodeURIComponent(todolistId)}`, { method: 'POST' });
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
  });
}
