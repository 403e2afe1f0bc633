import { useQuery } from '@tanstack/react-query';
import type { TAwardReason } from '@kolikko/core/schemas/reasons';
import { apiRequest } from '../../../lib/api-client.ts';

export function reasonsQueryKey(groupId: string) {
  return ['reasons', groupId] as const;
}

/** The group's award reasons in the teacher's order (a group made earlier gets six defaults here, named in the page's language). */
export function getReasons(groupId: string, signal?: AbortSignal): Promise<TAwardReason[]> {
  return apiRequest<TAwardReason[]>(`/group/${encodeURIComponent(groupId)}/reasons`, { signal });
}

export function useReasons(groupId: string) {
  return useQuery({
    queryKey: reasonsQueryKey(groupId),
    queryFn: ({ signal }) => getReasons(groupId, signal),
  });
}
