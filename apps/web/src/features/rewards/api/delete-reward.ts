import { useMutation } from '@tanstack/react-query';
import type { TReward } from '@kolikko/core/schemas/rewards';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { updateRewardInLists } from './get-rewardlists.ts';
import { rewardsQueryKey } from './get-rewards.ts';

/** Deletes a reward out of every list; the students' history keeps what they bought. */
export function deleteReward(rewardId: string): Promise<unknown> {
  return apiRequest(`/reward/${encodeURIComponent(rewardId)}`, { method: 'DELETE' });
}

export function useDeleteReward(teacherId: string) {
  return useMutation({
    mutationFn: deleteReward,
    onSuccess: (_answer, rewardId) => {
      queryClient.setQueryData<TReward[]>(rewardsQueryKey(teacherId), (rewards) => rewards?.filter((reward) => reward.id !== rewardId));
      updateRewardInLists(teacherId, rewardId, null);
    },
  });
}
