import { useQuery } from '@tanstack/react-query';
import type { TReward } from '@kolikko/core/schemas/rewards';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** The rewards of the list published to the student's group, each with until when the student's own purchase is active. */
export function publishedRewardsQueryKey(groupId: string) {
  return ['publishedRewards', groupId] as const;
}

type TRewardArray = TReward[];

export function getPublishedRewards(groupId: string, signal?: AbortSignal): Promise<TReward[]> {
  return apiRequest<TRewardArray>(`/rewards/shared/${encodeURIComponent(groupId)}`, { signal });
}

export function usePublishedRewards(groupId: string) {
  return useQuery({
    queryKey: publishedRewardsQueryKey(groupId),
    queryFn: ({ signal }) => getPublishedRewards(groupId, signal),
  });
}

/** Marks a reward active until the time its purchase answered. */
export function setRewardActiveUntil(groupId: string, rewardId: string, activeUntil: string): void {
  queryClient.setQueryData<TReward[]>(publishedRewardsQueryKey(groupId), (rewards) =>
    rewards?.map((reward) => (reward.id === rewardId ? { ...reward, active_until: activeUntil } : reward)),
  );
}
