import { useMutation } from '@tanstack/react-query';
import type { TRewardList } from '@kolikko/core/schemas/rewards';
import type { TSharedRewardList } from '@kolikko/core/schemas/sharing';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { rewardlistsQueryKey } from './get-rewardlists.ts';
import { sharedRewardlistsQueryKey } from './get-shared-rewardlists.ts';

/**
 * Stop sharing a reward list with `username`: the owner names a recipient, which leaves
 * `shared_with`; a recipient names itself, and the list leaves its Shared with me.
 */
export function stopSharingRewardlist(rewardlistId: string, username: string): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`/rewardlist/${encodeURIComponent(rewardlistId)}/shares/${encodeURIComponent(username)}`, { method: 'DELETE' });
}

export function useStopSharingRewardlist(teacherId: string) {
  return useMutation({
    mutationFn: ({ rewardlistId, username }: { rewardlistId: string; username: string }) => stopSharingRewardlist(rewardlistId, username),
    onSuccess: (_ok, { rewardlistId, username }) => {
      queryClient.setQueryData<TRewardList[]>(rewardlistsQueryKey(teacherId), (lists) =>
        lists?.map((list) => (list.id === rewardlistId ? { ...list, shared_with: list.shared_with.filter((name) => name !== username) } : list)),
      );
      queryClient.setQueryData<TSharedRewardList[]>(sharedRewardlistsQueryKey(teacherId), (lists) => lists?.filter((list) => list.id !== rewardlistId));
    },
  });
}
