import { useMutation } from '@tanstack/react-query';
import type { TIssueBadgesRequest, TIssuedBadge } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { groupMembersQueryKey } from '../../../lib/queries/get-group-members.ts';

/** Issues new badges: all of the group's students, or only `memberIds`. Their old badges stop at once. */
export function issueBadges(groupId: string, memberIds?: string[]): Promise<TIssuedBadge[]> {
  const body: TIssueBadgesRequest = memberIds ? { member_ids: memberIds } : {};
  return apiRequest<TIssuedBadge[]>(`/group/${encodeURIComponent(groupId)}/badges`, { method: 'POST', body });
}

/** The members' `has_badge` changes with every issue: their list is read again. */
export function useIssueBadges(groupId: string) {
  return useMutation({
    mutationFn: (memberIds?: string[]) => issueBadges(groupId, memberIds),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: groupMembersQueryKey(groupId) }),
  });
}
