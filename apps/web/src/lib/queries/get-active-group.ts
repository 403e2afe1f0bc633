import { useQuery } from '@tanstack/react-query';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../api-client.ts';

/**
 * The teacher's active group, or null. Shared because the header, the navigation and every
 * group page depend on it.
 */
export function activeGroupQueryKey(teacherId: string) {
  return ['activeGroup', teacherId] as const;
}

type TActiveGroup = TGroup | null;

export function getActiveGroup(teacherId: string, signal?: AbortSignal): Promise<TGroup | null> {
  return apiRequest<TActiveGroup>(`/groups/${encodeURIComponent(teacherId)}/active`, { signal });
}

export function useActiveGroup(teacherId: string) {
  return useQuery({
    queryKey: activeGroupQueryKey(teacherId),
    queryFn: ({ signal }) => getActiveGroup(teacherId, signal),
    enabled: teacherId !== '',
  });
}
