import { useMutation } from '@tanstack/react-query';
import type { TRewardList } from '@kolikko/core/schemas/rewards';
import { apiRequest } from '../../../lib/api-client.ts';
import { putRewardlistInCache } from './get-rewardlists.ts';

export type RewardlistChange = 'add' | 'remove';

/** Adds a reward to a list (PUT) or takes it off (DELETE with a body); answers the list. */
export function changeRewardlistItems(change: RewardlistChange, rewardlistId: string, rewardId: string): Promise<TRewardList> {
  return apiRequest<TRewardList>('/rewardlist', {
    method: change === 'add' ? 'PUT' : 'DELETE',
    body: { rewardlist_id: rewardlistId, reward_id: rewardId },
  });
}

export function useChangeRewardlistItems(teacherId: string) {
  return useMutation({
    mutationFn: ({ change, rewardlistId, rewardId }: { change: RewardlistChange; rewardlistId: string; rewardId: string }) =>
      changeRewardlistItems(change, rewardlistId, rewardId),
    onSuccess: (list) => putRewardlistInCache(teacherId, list),
  });
}
