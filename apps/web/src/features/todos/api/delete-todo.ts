import { useMutation } from '@tanstack/react-query';
import type { TTodo } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { todosQueryKey, type TTodoList } from './get-todos.ts';

/** Answers the rest of the list, renumbered from 1 (spec section 4). */
export function deleteTodo(todoId: string): Promise<TTodo[]> {
  return apiRequest<TTodoList>(`/todo/${encodeURIComponent(todoId)}`, { method: 'DELETE' });
}

export function useDeleteTodo(todolistId: string) {
  return useMutation({
    mutationFn: deleteTodo,
    onSuccess: (todos) => queryClient.setQueryData(todosQueryKey(todolistId), todos),
  });
}
