import { useMutation } from '@tanstack/react-query';
import type { SharePermission } from '@kolikko/core/enumerations';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { putTodolistInCache } from './get-todolists.ts';

/** The owner switches a recipient between read and edit. */
export function changeSharePermission(todolistId: string, username: string, permissions: SharePermission): Promise<TTodolist> {
  return apiRequest<TTodolist>(`/todolist/${encodeURIComponent(todolistId)}/shares/${encodeURIComponent(username)}`, {
    method: 'PUT',
    body: { permissions },
  });
}

export function useChangeSharePermission(teacherId: string) {
  return useMutation({
    mutationFn: ({ todolistId, username, permissions }: { todolistId: string; username: string; permissions: SharePermission }) =>
      changeSharePermission(todolistId, username, permissions),
    onSuccess: (list) => putTodolistInCache(teacherId, list),
  });
}
