import { useQuery } from '@tanstack/react-query';
import type { TTeams, TTimerState, TToolkitState } from '@kolikko/core/schemas/toolkit';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

export function toolkitQueryKey(groupId: string) {
  return ['toolkit', groupId] as const;
}

/** What the board and the remote share: the last teams, the lesson timer, who was picked today. */
export function getToolkit(groupId: string, signal?: AbortSignal): Promise<TToolkitState> {
  return apiRequest<TToolkitState>(`/group/${encodeURIComponent(groupId)}/toolkit`, { signal });
}

export function useToolkit(groupId: string) {
  return useQuery({ queryKey: toolkitQueryKey(groupId), queryFn: ({ signal }) => getToolkit(groupId, signal) });
}

/** Puts part of the toolkit's state (an answer or a live event) into its cache, if it is there. */
export function patchToolkit(groupId: string, patch: { teams?: TTeams; timer?: TTimerState; picked_today?: string[] }): void {
  queryClient.setQueryData<TToolkitState>(toolkitQueryKey(groupId), (state) => (state ? { ...state, ...patch } : state));
}
