import { useMutation } from '@tanstack/react-query';
import type { SharePermission } from '@kolikko/core/enumerations';
import type { TShareTodolistRequest } from '@kolikko/core/schemas/sharing';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { putTodolistInCache } from './get-todolists.ts';

/** The owner shares a list with another teacher, named by username or e-mail (spec section 7). */
export function shareTodolistWithTeacher(todolistId: string, request: TShareTodolistRequest): Promise<TTodolist> {
  return apiRequest<TTodolist>(`/todolist/${encodeURIComponent(todolistId)}/shares`, { method: 'POST', body: request });
}

export function useShareTodolistWithTeacher(teacherId: string) {
  return useMutation({
    mutationFn: ({ todolistId, recipient, permissions }: { todolistId: string; recipient: string; permissions: SharePermission }) =>
      shareTodolistWithTeacher(todolistId, { recipient, permissions }),
    onSuccess: (list) => putTodolistInCache(teacherId, list),
  });
}
