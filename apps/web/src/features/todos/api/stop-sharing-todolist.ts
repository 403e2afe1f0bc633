import { useMutation } from '@tanstack/react-query';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { todolistsQueryKey } from './get-todolists.ts';

/**
 * Spec section 4: stop sharing with `username`. The owner names a recipient, which leaves
 * `shared_with`; a recipient names itself, and the list leaves its own lists.
 */
export function stopSharingTodolist(todolistId: string, username: string): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`/todolist/${encodeURIComponent(todolistId)}/shares/${encodeURIComponent(username)}`, { method: 'DELETE' });
}

export function useStopSharingTodolist(teacherId: string) {
  return useMutation({
    mutationFn: ({ todolistId, username }: { todolistId: string; username: string }) => stopSharingTodolist(todolistId, username),
    onSuccess: (_ok, { todolistId, username }) => {
      queryClient.setQueryData<TTodolist[]>(todolistsQueryKey(teacherId), (lists) =>
        lists?.flatMap((list) => {
          if (list.id !== todolistId) return [list];
          // The recipient's own copy of the share is gone; the owner's list keeps everyone else.
          if (list.permissions !== 'owner') return [];
          return [{ ...list, shared_with: list.shared_with.filter((share) => share.username !== username) }];
        }),
      );
    },
  });
}
