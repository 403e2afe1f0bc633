import { useQuery } from '@tanstack/react-query';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';

/** One list the teacher owns or that is shared with it: here, the one a small group is shown. */
export function todolistQueryKey(todolistId: string) {
  return ['todolist', todolistId] as const;
}

export function getTodolist(todolistId: string, signal?: AbortSignal): Promise<TTodolist> {
  return apiRequest<TTodolist>(`/todolist/${encodeURIComponent(todolistId)}`, { signal });
}

export function useTodolist(todolistId: string | null) {
  return useQuery({
    queryKey: todolistQueryKey(todolistId ?? ''),
    queryFn: ({ signal }) => getTodolist(todolistId ?? '', signal),
    enabled: todolistId !== null,
  });
}
