import { useQuery } from '@tanstack/react-query';
import type { TClassmate } from '@kolikko/core/schemas/coins';
import { apiRequest } from '../../../lib/api-client.ts';

/** The other students of the student's group: who coins can be sent to. */
export function classmatesQueryKey(memberId: string) {
  return ['classmates', memberId] as const;
}

type TClassmateList = TClassmate[];

export function getClassmates(memberId: string, signal?: AbortSignal): Promise<TClassmate[]> {
  return apiRequest<TClassmateList>(`/member/${encodeURIComponent(memberId)}/classmates`, { signal });
}

export function useClassmates(memberId: string) {
  return useQuery({
    queryKey: classmatesQueryKey(memberId),
    queryFn: ({ signal }) => getClassmates(memberId, signal),
  });
}
