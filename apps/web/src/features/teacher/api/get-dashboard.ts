import { useMutation, useQuery } from '@tanstack/react-query';
import type { TTeacherDashboard } from '@kolikko/core/schemas/dashboard';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { activeGroupQueryKey } from '../../../lib/queries/get-active-group.ts';
import { groupsQueryKey } from '../../../lib/queries/get-groups.ts';
import { teacherDashboardQueryKey } from '../../../lib/queries/handout.ts';

/** Issue 33: what waits for the teacher; the teacher's live events invalidate it (app/live-updates-teacher.ts). */
export function getTeacherDashboard(signal?: AbortSignal): Promise<TTeacherDashboard> {
  return apiRequest<TTeacherDashboard>('/teacher/dashboard', { signal });
}

export function useTeacherDashboard(enabled: boolean) {
  // Read again whenever the home page opens: approving or reading chats elsewhere sends the teacher no event.
  return useQuery({ queryKey: teacherDashboardQueryKey, queryFn: ({ signal }) => getTeacherDashboard(signal), enabled, refetchOnMount: 'always' });
}

/** The class grid shows the active group: opening another group's makes it active first. */
export function useOpenGroup(teacherId: string) {
  return useMutation({
    mutationFn: (groupId: string) => apiRequest<TGroup>(`/groups/${encodeURIComponent(teacherId)}/active/${encodeURIComponent(groupId)}`, { method: 'PUT' }),
    onSuccess: (group) => {
      queryClient.setQueryData(activeGroupQueryKey(teacherId), group);
      void queryClient.invalidateQueries({ queryKey: groupsQueryKey(teacherId) });
    },
  });
}
