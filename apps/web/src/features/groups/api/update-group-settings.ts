import { useMutation } from '@tanstack/react-query';
import type { TGroup, TGroupSettingsRequest } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { putGroupInCaches } from './group-cache.ts';

/** Changes the settings given (coin trading, badge sign-in); the others stay as they are. */
export function updateGroupSettings(groupId: string, settings: TGroupSettingsRequest): Promise<TGroup> {
  return apiRequest<TGroup>(`/group/${encodeURIComponent(groupId)}/settings`, { method: 'PUT', body: settings });
}

export function useUpdateGroupSettings(teacherId: string) {
  return useMutation({
    mutationFn: ({ groupId, settings }: { groupId: string; settings: TGroupSettingsRequest }) => updateGroupSettings(groupId, settings),
    onSuccess: (group) => putGroupInCaches(teacherId, group),
  });
}
