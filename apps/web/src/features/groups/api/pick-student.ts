import { useMutation } from '@tanstack/react-query';
import type { TPickRequest, TPickResponse } from '@kolikko/core/schemas/toolkit';
import { apiRequest } from '../../../lib/api-client.ts';
import { patchToolkit } from './get-toolkit.ts';

/** A student nobody has picked today (the server keeps the round); `reset` starts the round over first. */
export function pickStudent(groupId: string, request: TPickRequest): Promise<TPickResponse> {
  return apiRequest<TPickResponse>(`/group/${encodeURIComponent(groupId)}/pick`, { method: 'POST', body: request });
}

export function usePickStudent(groupId: string) {
  return useMutation({
    mutationFn: (request: TPickRequest) => pickStudent(groupId, request),
    onSuccess: (result) => patchToolkit(groupId, { picked_today: result.picked_today }),
  });
}
