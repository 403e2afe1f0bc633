import { useMutation, useQuery } from '@tanstack/react-query';
import type { TSmallGroup } from '@kolikko/core/schemas/auth';
import type { TApproveAllRequest, TApproveAllResponse, TClassGrid } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionCoins } from '../../../lib/auth.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { groupMembersQueryKey } from '../../../lib/queries/get-group-members.ts';
import { memberTodosGroupKey } from '../../../lib/queries/member-todos.ts';
import { invalidateOwedRewards } from '../../../lib/queries/owed-rewards.ts';

/**
 * Under the group's member todos key: every event and change that refreshes a group's member
 * todos (a student's answer, an approval, a list shared) refreshes the class view too.
 */
export function classGridQueryKey(groupId: string, color: TSmallGroup) {
  return [...memberTodosGroupKey(groupId), 'grid', color] as const;
}

export function getClassGrid(groupId: string, color: TSmallGroup, signal?: AbortSignal): Promise<TClassGrid> {
  const params = new URLSearchParams({ group_id: groupId, color });
  return apiRequest<TClassGrid>(`/membertodos/grid?${params.toString()}`, { signal });
}

/** The class view of one small group: one request, however many students and tasks. */
export function useClassGrid(groupId: string, color: TSmallGroup) {
  return useQuery({ queryKey: classGridQueryKey(groupId, color), queryFn: ({ signal }) => getClassGrid(groupId, color, signal) });
}

export function approveAll(request: TApproveAllRequest): Promise<TApproveAllResponse> {
  return apiRequest<TApproveAllResponse>('/membertodos/approve', { method: 'PUT', body: request });
}

/** Approves every answer of one task awaiting the teacher (one request, one transaction on the server). */
export function useApproveAll(groupId: string) {
  return useMutation({
    mutationFn: (request: Omit<TApproveAllRequest, 'group_id'>) => approveAll({ ...request, group_id: groupId }),
    onSuccess: (result) => {
      setSessionCoins(result.teacher_coins);
      void queryClient.invalidateQueries({ queryKey: memberTodosGroupKey(groupId) });
      void queryClient.invalidateQueries({ queryKey: groupMembersQueryKey(groupId) });
      invalidateOwedRewards();
    },
  });
}
