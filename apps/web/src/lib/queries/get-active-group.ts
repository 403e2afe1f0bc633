import { useQuery } from '@tanstack/react-query';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../api-client.ts';
import { adoptFirstData } from '../first-data.ts';

/**
 * The teacher's active group, or null. Shared because the header, the navigation and every
 * group page depend on it.
 */
export function activeGroupQueryKey(teacherId: string) {
  return ['activeGroup', teacherId] as const;
}

type TActiveGroup = TGroup | null;

export function getActiveGroup(teacherId: string, signal?: AbortSignal): Promise<TGroup | null> {
  const path = `/groups/${encodeURIComponent(teacherId)}/active`;
  return adoptFirstData<TActiveGroup>(path) ?? apiRequest<TActiveGroup>(path, { signal });
}

export function useActiveGroup(teacherId: string) {
  return useQuery({
    queryKey: activeGroupQueryKey(teacherId),
    queryFn: ({ signal }) => getActiveGroup(teacherId, signal),
    enabled: teacherId !== '',
  });
}
