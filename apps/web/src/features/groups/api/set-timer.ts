import { useMutation } from '@tanstack/react-query';
import type { TTimerRequest, TTimerState } from '@kolikko/core/schemas/toolkit';
import { apiRequest } from '../../../lib/api-client.ts';
import { patchToolkit } from './get-toolkit.ts';

/** Starts, pauses or resets the group's lesson timer (the board counts down to its `ends_at`). */
export function setTimer(groupId: string, request: TTimerRequest): Promise<TTimerState> {
  return apiRequest<TTimerState>(`/group/${encodeURIComponent(groupId)}/timer`, { method: 'PUT', body: request });
}

export function useSetTimer(groupId: string) {
  return useMutation({
    mutationFn: (request: TTimerRequest) => setTimer(groupId, request),
    onSuccess: (timer) => patchToolkit(groupId, { timer }),
  });
}
