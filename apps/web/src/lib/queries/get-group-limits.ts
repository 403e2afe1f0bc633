import { useQuery } from '@tanstack/react-query';
import type { TGroupLimits } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../api-client.ts';

/** How many groups the teacher has and may have. Shared by the limit-reached modal and the shop. */
export function groupLimitsQueryKey(teacherId: string) {
  return ['limits', teacherId] as const;
}

export function getGroupLimits(teacherId: string, signal?: AbortSignal): Promise<TGroupLimits> {
  return apiRequest<TGroupLimits>(`/${encodeURIComponent(teacherId)}/limits/group`, { signal });
}

export function useGroupLimits(teacherId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: groupLimitsQueryKey(teacherId),
    queryFn: ({ signal }) => getGroupLimits(teacherId, signal),
    enabled: options.enabled ?? true,
  });
}
