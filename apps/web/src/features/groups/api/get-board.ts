import { useQuery } from '@tanstack/react-query';
import type { TBoard } from '@kolikko/core/schemas/toolkit';
import { apiRequest } from '../../../lib/api-client.ts';

export function boardQueryKey(groupId: string) {
  return ['board', groupId] as const;
}

/** The class board's students (by name, as the server answers) with what the group lets the board show of their coins. */
export function getBoard(groupId: string, signal?: AbortSignal): Promise<TBoard> {
  return apiRequest<TBoard>(`/group/${encodeURIComponent(groupId)}/board`, { signal });
}

export function useBoard(groupId: string) {
  return useQuery({ queryKey: boardQueryKey(groupId), queryFn: ({ signal }) => getBoard(groupId, signal) });
}
