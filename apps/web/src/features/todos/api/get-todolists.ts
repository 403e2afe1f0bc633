import { useQuery } from '@tanstack/react-query';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** The teacher's own lists and the lists other teachers share with it (their `permissions` say which). */
export function todolistsQueryKey(teacherId: string) {
  return ['todolists', teacherId] as const;
}

type TTodolistList = TTodolist[];

/**
 * The own lists (`permissions: 'owner'`) then the shared ones, in one cache entry, so every change
 * to either (and every invalidation of ['todolists']) refreshes the one the sidebar splits in tabs.
 */
export async function getTodolists(teacherId: string, signal?: AbortSignal): Promise<TTodolist[]> {
  const id = encodeURIComponent(teacherId);
  const [own, shared] = await Promise.all([
    apiRequest<TTodolistList>(`/todolists/${id}`, { signal }),
    apiRequest<TTodolistList>(`/shared-todolists/${id}`, { signal }),
  ]);
  return [...own, ...shared];
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
