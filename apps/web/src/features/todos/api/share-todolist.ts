import { useMutation } from '@tanstack/react-query';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { activeGroupQueryKey } from '../../../lib/queries/get-active-group.ts';
import { groupsQueryKey } from '../../../lib/queries/get-groups.ts';
import { memberTodosGroupKey } from '../../../lib/queries/member-todos.ts';

export type ShareColor = 'blue' | 'orange' | 'reset';

/** Spec section 4: blue or orange shows the list to that small group; reset clears both. */
export function shareTodolistToGroup(groupId: string, color: ShareColor, todolistId: string): Promise<TGroup> {
  return apiRequest<TGroup>(`/group/${encodeURIComponent(groupId)}/todolist/${color}/${encodeURIComponent(todolistId)}`, {
    method: 'PUT',
  });
}

export function useShareTodolist(teacherId: string) {
  return useMutation({
    mutationFn: ({ groupId, color, todolistId }: { groupId: string; color: ShareColor; todolistId: string }) =>
      shareTodolistToGroup(groupId, color, todolistId),
    onSuccess: (group) => {
      queryClient.setQueryData<TGroup | null>(activeGroupQueryKey(teacherId), (active) => (active && active.id === group.id ? group : active));
      queryClient.setQueryData<TGroup[]>(groupsQueryKey(teacherId), (groups) =>
        groups?.map((existing) => (existing.id === group.id ? group : existing)),
      );
      // The students of the group now have other todos.
      void queryClient.invalidateQueries({ queryKey: memberTodosGroupKey(group.id) });
    },
  });
}
