import { useQuery } from '@tanstack/react-query';
import { ZMember, type TMember } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';

export function groupMembersQueryKey(groupId: string) {
  return ['group', groupId, 'members'] as const;
}

const ZMemberList = ZMember.array();

export function getGroupMembers(groupId: string, signal?: AbortSignal): Promise<TMember[]> {
  return apiRequest(`/group/${encodeURIComponent(groupId)}/members`, { schema: ZMemberList, signal });
}

export function useGroupMembers(groupId: string) {
  return useQuery({
    queryKey: groupMembersQueryKey(groupId),
    queryFn: ({ signal }) => getGroupMembers(groupId, signal),
  });
}
