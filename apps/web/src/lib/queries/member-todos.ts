import { useQuery } from '@tanstack/react-query';
import type { TSmallGroup } from '@kolikko/core/schemas/auth';
import type { TMemberTodo, TMemberTodoUpdateResponse, TUpdateMemberTodoRequest } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../api-client.ts';
import { adoptFirstData } from '../first-data.ts';
import { queryClient } from '../query-client.ts';

/**
 * Member todos: a student's own, one member's or a small group's. Shared because the student's
 * list, the teacher's shared view and the member page all read and change them.
 */
export type MemberTodosSelection = { kind: 'self' } | { kind: 'member'; memberId: string } | { kind: 'color'; color: TSmallGroup };

/** Every selection of a group sits under ['memberTodos', groupId], so one change can reach them all. */
export function memberTodosGroupKey(groupId: string) {
  return ['memberTodos', groupId] as const;
}

export function memberTodosQueryKey(groupId: string, selection: MemberTodosSelection) {
  const rest = selection.kind === 'self' ? ['self'] : selection.kind === 'member' ? ['member', selection.memberId] : ['color', selection.color];
  return [...memberTodosGroupKey(groupId), ...rest] as const;
}

type TMemberTodoList = TMemberTodo[];

export function getMemberTodos(groupId: string, selection: MemberTodosSelection, signal?: AbortSignal): Promise<TMemberTodo[]> {
  const params = new URLSearchParams({ group_id: groupId });
  if (selection.kind === 'member') params.set('member_id', selection.memberId);
  if (selection.kind === 'color') params.set('color', selection.color);
  const path = `/membertodos?${params.toString()}`;
  return adoptFirstData<TMemberTodoList>(path) ?? apiRequest<TMemberTodoList>(path, { signal });
}

export function useMemberTodos(groupId: string, selection: MemberTodosSelection, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: memberTodosQueryKey(groupId, selection),
    queryFn: ({ signal }) => getMemberTodos(groupId, selection, signal),
    enabled: options.enabled ?? true,
  });
}

/** Answer or toggle (student), approve or revert (teacher): the one call that moves a todo's coins. */
export function updateMemberTodo(mtodoId: string, updates: TUpdateMemberTodoRequest['updates']): Promise<TMemberTodoUpdateResponse> {
  return apiRequest<TMemberTodoUpdateResponse>('/membertodo', { method: 'PUT', body: { mtodo_id: mtodoId, updates } });
}

/** Removes the image of an answer (the student, or its teacher for moderation). */
export function removeMemberTodoImage(mtodoId: string): Promise<TMemberTodoUpdateResponse> {
  return apiRequest<TMemberTodoUpdateResponse>(`/membertodo/${encodeURIComponent(mtodoId)}/image`, { method: 'DELETE' });
}

/** Writes a changed member todo into every cached selection of its group that holds it. */
export function putMemberTodoInCaches(groupId: string, memberTodo: TMemberTodo): void {
  // Only the lists: other reads under the group's key (the class view's grid) are not member todos.
  queryClient.setQueriesData<TMemberTodo[] | object>({ queryKey: memberTodosGroupKey(groupId) }, (list: TMemberTodo[] | object | undefined) =>
    Array.isArray(list) ? list.map((existing) => (existing.id === memberTodo.id ? memberTodo : existing)) : list,
  );
}
