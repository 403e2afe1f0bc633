import { useQuery } from '@tanstack/react-query';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** The teacher's own lists and the lists other teachers share with it (their `permissions` say which). */
export function todolistsQueryKey(teacherId: string) {
  return ['todolists', teacherId] as const;
}

type TTodolistList = TTodolist[];

export function getTodolists(teacherId: string, signal?: AbortSignal): Promise<TTodolist[]> {
  return apiRequest<TTodolistList>(`/todolists/${encodeURIComponent(teacherId)}`, { signal });
}

export function useTodolists(teacherId: string) {
  return useQuery({
    queryKey: todolistsQueryKey(teacherId),
    queryFn: ({ signal }) => getTodolists(teacherId, signal),
  });
}

/** Writes a list the server answered with into the teacher's lists: replaced, or added at the end. */
export function putTodolistInCache(teacherId: string, list: TTodolist): void {
  queryClient.setQueryData<TTodolist[]>(todolistsQueryKey(teacherId), (lists) => {
    if (!lists) return lists;
    return lists.some((existing) => existing.id === list.id)
      ? lists.map((existing) => (existing.id === list.id ? list : existing))
      : [...lists, list];
  });
}
