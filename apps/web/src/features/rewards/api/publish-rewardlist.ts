import { useMutation } from '@tanstack/react-query';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { activeGroupQueryKey } from '../../../lib/queries/get-active-group.ts';
import { groupsQueryKey } from '../../../lib/queries/get-groups.ts';

/** Spec section 4: one reward list is published per group; `null` publishes none. */
export function publishRewardlist(groupId: string, rewardlistId: string | null): Promise<TGroup> {
  return apiRequest<TGroup>(`/group/${encodeURIComponent(groupId)}/rewardlist/${rewardlistId === null ? 'reset' : encodeURIComponent(rewardlistId)}`, {
    method: 'PUT',
  });
}

/** The group answered goes into the header's active group and the group list (the dashboard reads it). */
export function usePublishRewardlist(teacherId: string) {
  return useMutation({
    mutationFn: ({ groupId, rewardlistId }: { groupId: string; rewardlistId: string | null }) => publishRewardlist(groupId, rewardlistId),
    onSuccess: (group) => {
      queryClient.setQueryData<TGroup | null>(activeGroupQueryKey(teacherId), (active) => (active && active.id === group.id ? group : active));
      queryClient.setQueryData<TGroup[]>(groupsQueryKey(teacherId), (groups) => groups?.map((existing) => (existing.id === group.id ? group : existing)));
    },
  });
}
