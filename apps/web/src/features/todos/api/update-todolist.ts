import { useMutation } from '@tanstack/react-query';
import type { TTodolist, TUpdateTodolistRequest } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { putTodolistInCache } from './get-todolists.ts';

/** Spec section 5: only what differs is sent (a rename only when the name changed). */
export function updateTodolist(todolistId: string, changes: TUpdateTodolistRequest): Promise<TTodolist> {
  return apiRequest<TTodolist>(`/todolist/${encodeURIComponent(todolistId)}`, { method: 'PUT', body: changes });
}

export function useUpdateTodolist(teacherId: string) {
  return useMutation({
    mutationFn: ({ todolistId, changes }: { todolistId: string; changes: TUpdateTodolistRequest }) => updateTodolist(todolistId, changes),
    onSuccess: (list) => putTodolistInCache(teacherId, list),
  });
}
