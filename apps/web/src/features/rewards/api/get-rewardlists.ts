import { useQuery } from '@tanstack/react-query';
import type { TReward, TRewardList } from '@kolikko/core/schemas/rewards';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** The teacher's reward lists, each with its rewards in the order they were added. */
export function rewardlistsQueryKey(teacherId: string) {
  return ['rewardlists', teacherId] as const;
}

type TRewardListArray = TRewardList[];

export function getRewardlists(teacherId: string, signal?: AbortSignal): Promise<TRewardList[]> {
  return apiRequest<TRewardListArray>(`/rewardlists/${encodeURIComponent(teacherId)}`, { signal });
}

export function useRewardlists(teacherId: string) {
  return useQuery({
    queryKey: rewardlistsQueryKey(teacherId),
    queryFn: ({ signal }) => getRewardlists(teacherId, signal),
  });
}

/** Writes a list the server answered with: replaced, or added at the end. */
export function putRewardlistInCache(teacherId: string, list: TRewardList): void {
  queryClient.setQueryData<TRewardList[]>(rewardlistsQueryKey(teacherId), (lists) => {
    if (!lists) return lists;
    return lists.some((existing) => existing.id === list.id)
      ? lists.map((existing) => (existing.id === list.id ? list : existing))
      : [...lists, list];
  });
}

/** Lists hold copies of their rewards: an edited or deleted reward changes in each of them too. */
export function updateRewardInLists(teacherId: string, rewardId: string, next: TReward | null): void {
  queryClient.setQueryData<TRewardList[]>(rewardlistsQueryKey(teacherId), (lists) =>
    lists?.map((list) => ({
      ...list,
      rewards: next === null ? list.rewards.filter((reward) => reward.id !== rewardId) : list.rewards.map((reward) => (reward.id === rewardId ? next : reward)),
    })),
  );
}
