import { useMutation } from '@tanstack/react-query';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { putGroupInCaches } from './group-cache.ts';

/** A new join code for the group; the old one stops working at once, its members stay. */
export function renewJoinCode(groupId: string): Promise<TGroup> {
  return apiRequest<TGroup>(`/group/${encodeURIComponent(groupId)}/join-code`, { method: 'POST' });
}

export function useRenewJoinCode(teacherId: string) {
  return useMutation({
    mutationFn: renewJoinCode,
    onSuccess: (group) => putGroupInCaches(teacherId, group),
  });
}
