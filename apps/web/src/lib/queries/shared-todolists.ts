import { useQuery } from '@tanstack/react-query';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../api-client.ts';

/**
 * Under ['todolists', teacherId] (features/todos' own key for the lists), so every change that
 * refreshes the lists (a share coming in live, a block) refreshes this one too.
 */
export function sharedTodolistsQueryKey(teacherId: string) {
  return ['todolists', teacherId, 'shared'] as const;
}

/**
 * Whether another teacher shares a todo list with this one. Todo lists otherwise waits for an
 * active group (spec section 2), but a list shared with a teacher opens without one (issue 33:
 * a colleague had to make a group of its own first). Asked only while there is no active group.
 */
export function useHasSharedTodolists(teacherId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: sharedTodolistsQueryKey(teacherId),
    queryFn: ({ signal }) => apiRequest<TTodolist[]>(`/shared-todolists/${encodeURIComponent(teacherId)}`, { signal }),
    select: (lists) => lists.length > 0,
    enabled: enabled && teacherId !== '',
  });
}
