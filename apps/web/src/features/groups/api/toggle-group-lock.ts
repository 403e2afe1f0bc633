import { useMutation } from '@tanstack/react-query';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { putGroupInCaches } from './group-cache.ts';

/** The server toggles: a locked group opens, an open one locks. */
export function toggleGroupLock(groupId: string): Promise<TGroup> {
  return apiRequest<TGroup>(`/group/${encodeURIComponent(groupId)}/lock`, { method: 'PUT' });
}

export function useToggleGroupLock(teacherId: string) {
  return useMutation({
    mutationFn: toggleGroupLock,
    onSuccess: (group) => putGroupInCaches(teacherId, group),
  });
}
