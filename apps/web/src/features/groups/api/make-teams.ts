import { useMutation } from '@tanstack/react-query';
import type { TTeams, TTeamsRequest } from '@kolikko/core/schemas/toolkit';
import { apiRequest } from '../../../lib/api-client.ts';
import { patchToolkit } from './get-toolkit.ts';

/** Random teams of the class: `count` teams or teams of `size`; the board shows them. */
export function makeTeams(groupId: string, request: TTeamsRequest): Promise<TTeams> {
  return apiRequest<TTeams>(`/group/${encodeURIComponent(groupId)}/teams`, { method: 'POST', body: request });
}

export function useMakeTeams(groupId: string) {
  return useMutation({
    mutationFn: (request: TTeamsRequest) => makeTeams(groupId, request),
    onSuccess: (teams) => patchToolkit(groupId, { teams }),
  });
}
