import { useMutation } from '@tanstack/react-query';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { activeGroupQueryKey } from '../../../lib/queries/get-active-group.ts';
import { groupsQueryKey } from '../../../lib/queries/get-groups.ts';
import { todolistsQueryKey } from './get-todolists.ts';
import { todosQueryKey } from './get-todos.ts';

export function deleteTodolist(todolistId: string): Promise<unknown> {
  return apiRequest(`/todolists/${encodeURIComponent(todolistId)}`, { method: 'DELETE' });
}

/** A deleted list also stops being shown to any small group, so the groups are read again. */
export function useDeleteTodolist(teacherId: string) {
  return useMutation({
    mutationFn: deleteTodolist,
    onSuccess: (_result, todolistId) => {
      queryClient.setQueryData<TTodolist[]>(todolistsQueryKey(teacherId), (lists) => lists?.filter((list) => list.id !== todolistId));
      queryClient.removeQueries({ queryKey: todosQueryKey(todolistId) });
      void queryClient.invalidateQueries({ queryKey: activeGroupQueryKey(teacherId) });
      void queryClient.invalidateQueries({ queryKey: groupsQueryKey(teacherId) });
    },
  });
}
