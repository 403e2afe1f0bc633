import { useMutation } from '@tanstack/react-query';
import type { TRewardList } from '@kolikko/core/schemas/rewards';
import { apiRequest } from '../../../lib/api-client.ts';
import { putRewardlistInCache } from './get-rewardlists.ts';

/** The owner shares a reward list with another teacher, to view and copy (spec section 7). */
export function shareRewardlistWithTeacher(rewardlistId: string, recipient: string): Promise<TRewardList> {
  return apiRequest<TRewardList>(`/rewardlist/${encodeURIComponent(rewardlistId)}/shares`, { method: 'POST', body: { recipient } });
}

export function useShareRewardlistWithTeacher(teacherId: string) {
  return useMutation({
    mutationFn: ({ rewardlistId, recipient }: { rewardlistId: string; recipient: string }) => shareRewardlistWithTeacher(rewardlistId, recipient),
    onSuccess: (list) => putRewardlistInCache(teacherId, list),
  });
}
