import { useQuery } from '@tanstack/react-query';
import type { TTodo } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';

/** A list's todos, by position (1-based and contiguous). */
export function todosQueryKey(todolistId: string) {
  return ['todos', todolistId] as const;
}

export type TTodoList = TTodo[];

export function getTodos(todolistId: string, signal?: AbortSignal): Promise<TTodo[]> {
  return apiRequest<TTodoList>(`/todos/${encodeURIComponent(todolistId)}`, { signal });
}

export function useTodos(todolistId: string) {
  return useQuery({
    queryKey: todosQueryKey(todolistId),
    queryFn: ({ signal }) => getTodos(todolistId, signal),
  });
}
