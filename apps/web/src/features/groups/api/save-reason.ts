import { useMutation } from '@tanstack/react-query';
import type { TAwardReason, TCreateReasonRequest, TUpdateReasonRequest } from '@kolikko/core/schemas/reasons';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { reasonsQueryKey } from './get-reasons.ts';

export function createReason(groupId: string, reason: TCreateReasonRequest): Promise<TAwardReason> {
  return apiRequest<TAwardReason>(`/group/${encodeURIComponent(groupId)}/reasons`, { method: 'POST', body: reason });
}

export function updateReason(reasonId: string, changes: TUpdateReasonRequest): Promise<TAwardReason> {
  return apiRequest<TAwardReason>(`/reason/${encodeURIComponent(reasonId)}`, { method: 'PUT', body: changes });
}

export function deleteReason(reasonId: string): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`/reason/${encodeURIComponent(reasonId)}`, { method: 'DELETE' });
}

const byPosition = (a: TAwardReason, b: TAwardReason) => a.position - b.position;

/** A new reason goes at the end of the group's list. */
export function useCreateReason(groupId: string) {
  return useMutation({
    mutationFn: (reason: TCreateReasonRequest) => createReason(groupId, reason),
    onSuccess: (created) => queryClient.setQueryData<TAwardReason[]>(reasonsQueryKey(groupId), (reasons) => (reasons ? [...reasons, created] : reasons)),
  });
}

/**
 * Renames, re-icons, re-prices or moves a reason. A move shifts the others on the server, so the
 * list is moved here the same way at once and then read again.
 */
export function useUpdateReason(groupId: string) {
  return useMutation({
    mutationFn: ({ reasonId, changes }: { reasonId: string; changes: TUpdateReasonRequest }) => updateReason(reasonId, changes),
    onSuccess: (updated, { changes }) => {
      queryClient.setQueryData<TAwardReason[]>(reasonsQueryKey(groupId), (reasons) => {
        if (!reasons) return reasons;
        const others = reasons.filter((reason) => reason.id !== updated.id).sort(byPosition);
        others.splice(updated.position - 1, 0, updated);
        return others.map((reason, index) => ({ ...reason, position: index + 1 }));
      });
      if (changes.position !== undefined) void queryClient.invalidateQueries({ queryKey: reasonsQueryKey(groupId) });
    },
  });
}

/** Removes a reason; awards made with it keep its name in the histories. */
export function useDeleteReason(groupId: string) {
  return useMutation({
    mutationFn: deleteReason,
    onSuccess: (_answer, reasonId) =>
      queryClient.setQueryData<TAwardReason[]>(reasonsQueryKey(groupId), (reasons) =>
        reasons?.filter((reason) => reason.id !== reasonId).sort(byPosition).map((reason, index) => ({ ...reason, position: index + 1 })),
      ),
  });
}
