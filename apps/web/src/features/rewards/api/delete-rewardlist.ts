import { useMutation } from '@tanstack/react-query';
import type { TRewardList } from '@kolikko/core/schemas/rewards';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { activeGroupQueryKey } from '../../../lib/queries/get-active-group.ts';
import { groupsQueryKey } from '../../../lib/queries/get-groups.ts';
import { rewardlistsQueryKey } from './get-rewardlists.ts';

/** Deletes a list, not its rewards. */
export function deleteRewardlist(rewardlistId: string): Promise<unknown> {
  return apiRequest(`/rewardlist/${encodeURIComponent(rewardlistId)}`, { method: 'DELETE' });
}

/** A deleted list is no longer published to any group, so the groups are read again. */
export function useDeleteRewardlist(teacherId: string) {
  return useMutation({
    mutationFn: deleteRewardlist,
    onSuccess: (_answer, rewardlistId) => {
      queryClient.setQueryData<TRewardList[]>(rewardlistsQueryKey(teacherId), (lists) => lists?.filter((list) => list.id !== rewardlistId));
      void queryClient.invalidateQueries({ queryKey: activeGroupQueryKey(teacherId) });
      void queryClient.invalidateQueries({ queryKey: groupsQueryKey(teacherId) });
    },
  });
}
