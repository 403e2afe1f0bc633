import { useMutation } from '@tanstack/react-query';
import type { TUndoAwardResponse } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { putBalancesInCaches } from './award-coins.ts';

/** POST award/{id}/undo: within a minute of the award, once. */
export function undoAward(awardId: string): Promise<TUndoAwardResponse> {
  return apiRequest<TUndoAwardResponse>(`/award/${encodeURIComponent(awardId)}/undo`, { method: 'POST' });
}

/** Undoes an award; what came back goes into the members' balances and the purse at once. */
export function useUndoAward(groupId: string) {
  return useMutation({
    mutationFn: undoAward,
    onSuccess: (result) => putBalancesInCaches(groupId, result.members, result.teacher_coins),
  });
}
