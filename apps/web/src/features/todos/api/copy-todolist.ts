import { useMutation } from '@tanstack/react-query';
import { TODOLIST_NAME_MAX_LENGTH } from '@kolikko/core/limits';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { putTodolistInCache } from './get-todolists.ts';

export function copyTodolist(teacherId: string, todolistId: string, name: string): Promise<TTodolist> {
  return apiRequest<TTodolist>(`/todolist/${encodeURIComponent(todolistId)}/copy`, {
    method: 'POST',
    // The translated "Copy of ..." may run past the limit on a long name; the start says enough.
    body: { userId: teacherId, name: name.slice(0, TODOLIST_NAME_MAX_LENGTH) },
  });
}

export function useCopyTodolist(teacherId: string) {
  return useMutation({
    mutationFn: ({ todolistId, name }: { todolistId: string; name: string }) => copyTodolist(teacherId, todolistId, name),
    onSuccess: (list) => putTodolistInCache(teacherId, list),
  });
}
