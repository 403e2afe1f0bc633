import { useMutation } from '@tanstack/react-query';
import type { TReward, TRewardFields } from '@kolikko/core/schemas/rewards';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { updateRewardInLists } from './get-rewardlists.ts';
import { rewardsQueryKey } from './get-rewards.ts';

export function createReward(teacherId: string, reward: TRewardFields): Promise<TReward> {
  return apiRequest<TReward>('/reward', { method: 'POST', body: { id: teacherId, reward } });
}

/** Sends only the fields that changed (spec section 4). */
export function updateReward(rewardId: string, reward: Partial<TRewardFields>): Promise<TReward> {
  return apiRequest<TReward>(`/reward/${encodeURIComponent(rewardId)}`, { method: 'PUT', body: { reward } });
}

export type SaveRewardInput = { kind: 'create'; fields: TRewardFields } | { kind: 'update'; rewardId: string; changes: Partial<TRewardFields> };

function putRewardInCache(teacherId: string, reward: TReward): void {
  queryClient.setQueryData<TReward[]>(rewardsQueryKey(teacherId), (rewards) => {
    if (!rewards) return rewards;
    return rewards.some((existing) => existing.id === reward.id)
      ? rewards.map((existing) => (existing.id === reward.id ? reward : existing))
      : [...rewards, reward];
  });
}

/** Creates or edits a reward; the teacher's rewards and every list holding it follow. */
export function useSaveReward(teacherId: string) {
  return useMutation({
    mutationFn: (input: SaveRewardInput) =>
      input.kind === 'create' ? createReward(teacherId, input.fields) : updateReward(input.rewardId, input.changes),
    onSuccess: (reward, input) => {
      putRewardInCache(teacherId, reward);
      if (input.kind === 'update') updateRewardInLists(teacherId, reward.id, reward);
    },
  });
}
