import { useQuery } from '@tanstack/react-query';
import type { TSharedRewardList } from '@kolikko/core/schemas/sharing';
import { apiRequest } from '../../../lib/api-client.ts';

/** The reward lists other teachers share with this one (app/use-live-updates.ts refreshes ['sharedRewardlists']). */
export function sharedRewardlistsQueryKey(teacherId: string) {
  return ['sharedRewardlists', teacherId] as const;
}

type TSharedRewardListArray = TSharedRewardList[];

export function getSharedRewardlists(teacherId: string, signal?: AbortSignal): Promise<TSharedRewardList[]> {
  return apiRequest<TSharedRewardListArray>(`/shared-rewardlists/${encodeURIComponent(teacherId)}`, { signal });
}

export function useSharedRewardlists(teacherId: string) {
  return useQuery({
    queryKey: sharedRewardlistsQueryKey(teacherId),
    queryFn: ({ signal }) => getSharedRewardlists(teacherId, signal),
  });
}
