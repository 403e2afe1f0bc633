import { useMutation } from '@tanstack/react-query';
import type { TSmallGroupResponse } from '@kolikko/core/schemas/groups';
import type { TSmallGroup } from '@kolikko/core/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { patchMemberInCaches } from './group-cache.ts';

/** The server toggles the member between the blue and the orange small group. */
export function toggleSmallGroup(memberId: string): Promise<{ color: TSmallGroup }> {
  return apiRequest<TSmallGroupResponse>(`/member/${encodeURIComponent(memberId)}/smallGroup`, { method: 'PUT' });
}

export function useToggleSmallGroup(groupId: string) {
  return useMutation({
    mutationFn: toggleSmallGroup,
    onSuccess: ({ color }, memberId) => patchMemberInCaches(memberId, groupId, { small_group: color }),
  });
}
