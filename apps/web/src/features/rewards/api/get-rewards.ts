import { useQuery } from '@tanstack/react-query';
import type { TReward } from '@kolikko/core/schemas/rewards';
import { apiRequest } from '../../../lib/api-client.ts';

/** All the teacher's rewards, whichever lists they are in. */
export function rewardsQueryKey(teacherId: string) {
  return ['rewards', teacherId] as const;
}

type TRewardArray = TReward[];

export function getRewards(teacherId: string, signal?: AbortSignal): Promise<TReward[]> {
  return apiRequest<TRewardArray>(`/rewards/${encodeURIComponent(teacherId)}`, { signal });
}

export function useRewards(teacherId: string) {
  return useQuery({
    queryKey: rewardsQueryKey(teacherId),
    queryFn: ({ signal }) => getRewards(teacherId, signal),
  });
}
