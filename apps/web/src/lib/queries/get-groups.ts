import { useQuery } from '@tanstack/react-query';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../api-client.ts';
import { adoptFirstData } from '../first-data.ts';

/**
 * The teacher's groups, in creation order. Shared (not in a feature) because the dashboard, the
 * groups page and the member page all read it.
 */
export function groupsQueryKey(teacherId: string) {
  return ['groups', teacherId] as const;
}

type TGroupList = TGroup[];

export function getGroups(teacherId: string, signal?: AbortSignal): Promise<TGroup[]> {
  const path = `/groups/${encodeURIComponent(teacherId)}`;
  return adoptFirstData<TGroupList>(path) ?? apiRequest<TGroupList>(path, { signal });
}

/** `enabled: false` asks nothing yet (a dialog that needs the groups only once it opens). */
export function useGroups(teacherId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: groupsQueryKey(teacherId),
    queryFn: ({ signal }) => getGroups(teacherId, signal),
    enabled,
  });
}
