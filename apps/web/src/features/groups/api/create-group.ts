import { useMutation } from '@tanstack/react-query';
import type { TCreateGroupRequest, TGroup } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { activeGroupQueryKey } from '../../../lib/queries/get-active-group.ts';
import { groupLimitsQueryKey } from '../../../lib/queries/get-group-limits.ts';
import { groupsQueryKey } from '../../../lib/queries/get-groups.ts';

export function createGroup(body: TCreateGroupRequest): Promise<TGroup> {
  return apiRequest<TGroup>('/group', { method: 'POST', body });
}

/** Spec section 4: a new group becomes the active one. */
export function useCreateGroup(teacherId: string) {
  return useMutation({
    mutationFn: ({ groupName, tradingAllowed }: { groupName: string; tradingAllowed: boolean }) =>
      createGroup({ id: teacherId, group_name: groupName, trading_allowed: tradingAllowed }),
    onSuccess: (group) => {
      queryClient.setQueryData<TGroup[]>(groupsQueryKey(teacherId), (groups) => [
        ...(groups ?? []).map((existing) => ({ ...existing, is_active: false })),
        group,
      ]);
      queryClient.setQueryData(activeGroupQueryKey(teacherId), group);
      void queryClient.invalidateQueries({ queryKey: groupsQueryKey(teacherId) });
      void queryClient.invalidateQueries({ queryKey: groupLimitsQueryKey(teacherId) });
    },
  });
}
