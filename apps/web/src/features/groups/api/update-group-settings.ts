import { useMutation } from '@tanstack/react-query';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { putGroupInCaches } from './group-cache.ts';

export function updateGroupSettings(groupId: string, tradingAllowed: boolean): Promise<TGroup> {
  return apiRequest<TGroup>(`/group/${encodeURIComponent(groupId)}/settings`, {
    method: 'PUT',
    body: { trading_allowed: tradingAllowed },
  });
}

export function useUpdateGroupSettings(teacherId: string) {
  return useMutation({
    mutationFn: ({ groupId, tradingAllowed }: { groupId: string; tradingAllowed: boolean }) =>
      updateGroupSettings(groupId, tradingAllowed),
    onSuccess: (group) => putGroupInCaches(teacherId, group),
  });
}
