import { useMutation } from '@tanstack/react-query';
import type { TMemberTodoUpdateResponse, TUpdateMemberTodoRequest } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionCoins } from '../../../lib/auth.ts';
import { putMemberTodoInCaches, removeMemberTodoImage, updateMemberTodo } from '../../../lib/queries/member-todos.ts';
import { imageForm } from '../../../lib/todo-images.ts';

export function uploadAnswerImage(todoId: string, mtodoId: string, file: File): Promise<TMemberTodoUpdateResponse> {
  return apiRequest<TMemberTodoUpdateResponse>(`/membertodo/${encodeURIComponent(todoId)}/${encodeURIComponent(mtodoId)}/image`, {
    method: 'PUT',
    form: imageForm(file),
  });
}

/** The student's todo and coins after any change: the header's coins follow at once (spec section 4). */
function applyAnswer(groupId: string, result: TMemberTodoUpdateResponse): void {
  putMemberTodoInCaches(groupId, result.member_todo);
  setSessionCoins(result.member_coins);
}

/** Ticks a none-type todo done or not done, or sends an answer (a strict one is checked at once). */
export function useAnswerMemberTodo(groupId: string) {
  return useMutation({
    mutationFn: ({ mtodoId, updates }: { mtodoId: string; updates: TUpdateMemberTodoRequest['updates'] }) => updateMemberTodo(mtodoId, updates),
    onSuccess: (result) => applyAnswer(groupId, result),
  });
}

export function useUploadAnswerImage(groupId: string) {
  return useMutation({
    mutationFn: ({ todoId, mtodoId, file }: { todoId: string; mtodoId: string; file: File }) => uploadAnswerImage(todoId, mtodoId, file),
    onSuccess: (result) => applyAnswer(groupId, result),
  });
}

export function useRemoveAnswerImage(groupId: string) {
  return useMutation({
    mutationFn: (mtodoId: string) => removeMemberTodoImage(mtodoId),
    onSuccess: (result) => applyAnswer(groupId, result),
  });
}
