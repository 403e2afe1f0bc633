import { useQuery } from '@tanstack/react-query';
import { ZTodo, type TTodo } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';

/** A list's todos, by position (1-based and contiguous). */
export function todosQueryKey(todolistId: string) {
  return ['todos', todolistId] as const;
}

export const ZTodoList = ZTodo.array();

export function getTodos(todolistId: string, signal?: AbortSignal): Promise<TTodo[]> {
  return apiRequest(`/todos/${encodeURIComponent(todolistId)}`, { schema: ZTodoList, signal });
}

export function useTodos(todolistId: string) {
  return useQuery({
    queryKey: todosQueryKey(todolistId),
    queryFn: ({ signal }) => getTodos(todolistId, signal),
  });
}
