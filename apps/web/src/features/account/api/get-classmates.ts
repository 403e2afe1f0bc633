import { useQuery } from '@tanstack/react-query';
import { ZClassmate, type TClassmate } from '@kolikko/core/schemas/coins';
import { apiRequest } from '../../../lib/api-client.ts';

/** The other students of the student's group: who coins can be sent to. */
export function classmatesQueryKey(memberId: string) {
  return ['classmates', memberId] as const;
}

const ZClassmateList = ZClassmate.array();

export function getClassmates(memberId: string, signal?: AbortSignal): Promise<TClassmate[]> {
  return apiRequest(`/member/${encodeURIComponent(memberId)}/classmates`, { schema: ZClassmateList, signal });
}

export function useClassmates(memberId: string) {
  return useQuery({
    queryKey: classmatesQueryKey(memberId),
    queryFn: ({ signal }) => getClassmates(memberId, signal),
  });
}
