import { useMutation } from '@tanstack/react-query';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { activeGroupQueryKey } from '../../../lib/queries/get-active-group.ts';
import { groupsQueryKey } from '../../../lib/queries/get-groups.ts';
import { groupMembersQueryKey } from '../../../lib/queries/get-group-members.ts';

export function setActiveGroup(teacherId: string, groupId: string): Promise<TGroup> {
  return apiRequest<TGroup>(`/groups/${encodeURIComponent(teacherId)}/active/${encodeURIComponent(groupId)}`, {
    method: 'PUT',
  });
}

/** Spec section 4: choosing a group makes it active and reloads its members. */
export function useSetActiveGroup(teacherId: string) {
  return useMutation({
    mutationFn: (groupId: string) => setActiveGroup(teacherId, groupId),
    onSuccess: (group) => {
      queryClient.setQueryData(activeGroupQueryKey(teacherId), group);
      queryClient.setQueryData<TGroup[]>(groupsQueryKey(teacherId), (groups) =>
        groups?.map((existing) => (existing.id === group.id ? group : { ...existing, is_active: false })),
      );
      void queryClient.invalidateQueries({ queryKey: groupMembersQueryKey(group.id) });
    },
  });
}
