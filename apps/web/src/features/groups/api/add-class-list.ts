import { useMutation } from '@tanstack/react-query';
import type { TClassListRequest, TClassListResponse } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { activeGroupQueryKey } from '../../../lib/queries/get-active-group.ts';
import { groupMembersQueryKey } from '../../../lib/queries/get-group-members.ts';
import { groupsQueryKey } from '../../../lib/queries/get-groups.ts';

/** Makes a student of each acceptable nickname, in one transaction; the others come back refused with their reason. */
export function addClassList(groupId: string, usernames: string[]): Promise<TClassListResponse> {
  const body: TClassListRequest = { usernames };
  return apiRequest<TClassListResponse>(`/group/${encodeURIComponent(groupId)}/members`, { method: 'POST', body });
}

/** Afterwards the group's members and its member count are read again (also after a refusal: a classmate may have joined meanwhile). */
export function useAddClassList(teacherId: string, groupId: string) {
  return useMutation({
    mutationFn: (usernames: string[]) => addClassList(groupId, usernames),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: groupMembersQueryKey(groupId) });
      void queryClient.invalidateQueries({ queryKey: groupsQueryKey(teacherId) });
      void queryClient.invalidateQueries({ queryKey: activeGroupQueryKey(teacherId) });
    },
  });
}
