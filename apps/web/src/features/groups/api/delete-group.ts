import { useMutation } from '@tanstack/react-query';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/auth.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { activeGroupQueryKey } from '../../../lib/queries/get-active-group.ts';
import { groupLimitsQueryKey } from '../../../lib/queries/get-group-limits.ts';
import { groupsQueryKey } from '../../../lib/queries/get-groups.ts';
import { groupMembersQueryKey } from '../../../lib/queries/get-group-members.ts';

export function deleteGroup(groupId: string): Promise<unknown> {
  return apiRequest(`/group/${encodeURIComponent(groupId)}`, { method: 'DELETE' });
}

/**
 * Spec section 4: deleting the active group leaves no active group. Its members go with it, and
 * their coins return to the teacher's purse, so the session (the header's purse) is read again.
 */
export function useDeleteGroup(teacherId: string) {
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_result, groupId) => {
      queryClient.setQueryData<TGroup[]>(groupsQueryKey(teacherId), (groups) => groups?.filter((group) => group.id !== groupId));
      queryClient.setQueryData<TGroup | null>(activeGroupQueryKey(teacherId), (active) =>
        active && active.id === groupId ? null : active,
      );
      queryClient.removeQueries({ queryKey: groupMembersQueryKey(groupId) });
      void queryClient.invalidateQueries({ queryKey: groupsQueryKey(teacherId) });
      void queryClient.invalidateQueries({ queryKey: activeGroupQueryKey(teacherId) });
      void queryClient.invalidateQueries({ queryKey: groupLimitsQueryKey(teacherId) });
      void refreshSession();
    },
  });
}
