import { useQuery } from '@tanstack/react-query';
import type { TMember } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';

export function memberQueryKey(memberId: string) {
  return ['member', memberId] as const;
}

export function getMember(memberId: string, signal?: AbortSignal): Promise<TMember> {
  return apiRequest<TMember>(`/member/${encodeURIComponent(memberId)}`, { signal });
}

export function useMember(memberId: string) {
  return useQuery({
    queryKey: memberQueryKey(memberId),
    queryFn: ({ signal }) => getMember(memberId, signal),
  });
}
