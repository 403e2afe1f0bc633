import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TCoteacher, TCoteachingInvitation, TInviteCoteacherRequest } from '@kolikko/core/schemas/coteaching';
import { apiRequest } from '../../../lib/api-client.ts';
import { activeGroupQueryKey } from '../../../lib/queries/get-active-group.ts';
import { groupsQueryKey } from '../../../lib/queries/get-groups.ts';

/** Issue 34: a group's co-teachers (its owner's view) and the invitations waiting for the signed-in teacher. */
export function coteachersQueryKey(groupId: string) {
  return ['coteachers', groupId] as const;
}

export const invitationsQueryKey = ['coteachingInvitations'] as const;

const groupPath = (groupId: string) => `/group/${encodeURIComponent(groupId)}/coteachers`;

export function useCoteachers(groupId: string) {
  return useQuery({ queryKey: coteachersQueryKey(groupId), queryFn: ({ signal }) => apiRequest<TCoteacher[]>(groupPath(groupId), { signal }) });
}

export function useInviteCoteacher(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TInviteCoteacherRequest) => apiRequest<TCoteacher>(groupPath(groupId), { method: 'POST', body: request }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: coteachersQueryKey(groupId) }),
  });
}

export function useRemoveCoteacher(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teacherId: string) => apiRequest<unknown>(`${groupPath(groupId)}/${encodeURIComponent(teacherId)}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: coteachersQueryKey(groupId) }),
  });
}

export function useInvitations(enabled: boolean) {
  return useQuery({ queryKey: invitationsQueryKey, queryFn: ({ signal }) => apiRequest<TCoteachingInvitation[]>('/coteaching/invitations', { signal }), enabled });
}

/** A co-teaching began or ended: the teacher's groups, its active group and its invitations are read again. */
export function refreshCoteaching(queryClient: QueryClient, teacherId: string, groupId?: string): void {
  void queryClient.invalidateQueries({ queryKey: groupsQueryKey(teacherId) });
  void queryClient.invalidateQueries({ queryKey: activeGroupQueryKey(teacherId) });
  void queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
  if (groupId) void queryClient.invalidateQueries({ queryKey: coteachersQueryKey(groupId) });
}

export function useAnswerInvitation(teacherId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
      apiRequest<unknown>(`/coteaching/invitations/${encodeURIComponent(id)}/${answer}`, { method: 'POST' }),
    onSettled: () => refreshCoteaching(queryClient, teacherId),
  });
}
