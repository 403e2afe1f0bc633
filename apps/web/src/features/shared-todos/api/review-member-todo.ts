import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { TMemberTodo, TMemberTodoUpdateResponse } from '@kolikko/core/schemas/todos';
import { setSessionCoins } from '../../../lib/auth.ts';
import { setGroupMemberCoins } from '../../../lib/queries/get-group-members.ts';
import { invalidateOwedRewards } from '../../../lib/queries/owed-rewards.ts';
import { memberTodosGroupKey, putMemberTodoInCaches, removeMemberTodoImage, updateMemberTodo } from '../../../lib/queries/member-todos.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** Called with a member's new balance, for caches this feature does not own (the member page). */
export type MemberCoinsListener = (memberId: string, coins: number) => void;

function applyAnswer(groupId: string, result: TMemberTodoUpdateResponse, onMemberCoins?: MemberCoinsListener): void {
  putMemberTodoInCaches(groupId, result.member_todo);
  // The class view's cell of this todo changed too: its grid reads again (one request).
  void queryClient.invalidateQueries({ queryKey: [...memberTodosGroupKey(groupId), 'grid'] });
  // Spec section 4: the reward comes out of the teacher's purse, shown in the header.
  if (result.teacher_coins !== undefined) setSessionCoins(result.teacher_coins);
  setGroupMemberCoins(groupId, result.member_todo.member_id, result.member_coins);
  onMemberCoins?.(result.member_todo.member_id, result.member_coins);
}

/**
 * The teacher approves a free answer or marks a none-type todo done (completed: true), or
 * reverts any todo (completed: false), which takes the reward back (spec section 4).
 */
export function useReviewMemberTodo(groupId: string, onMemberCoins?: MemberCoinsListener) {
  return useMutation({
    mutationFn: ({ memberTodo, completed }: { memberTodo: TMemberTodo; completed: boolean }) => updateMemberTodo(memberTodo.id, { completed }),
    onSuccess: (result) => {
      applyAnswer(groupId, result, onMemberCoins);
      // An approval the purse could not pay owes the reward; a revert cancels what was owed.
      invalidateOwedRewards();
    },
  });
}

/** The teacher removes a student's answer picture (moderation); nothing else changes. */
export function useRemoveAnswerImage(groupId: string, onMemberCoins?: MemberCoinsListener) {
  return useMutation({
    mutationFn: (memberTodo: TMemberTodo) => removeMemberTodoImage(memberTodo.id),
    onSuccess: (result) => applyAnswer(groupId, result, onMemberCoins),
  });
}

/** Ours: sends a free answer awaiting approval back to the student, with a short comment. */
export function sendBackMemberTodo(mtodoId: string, comment: string): Promise<TMemberTodoUpdateResponse> {
  return apiRequest<TMemberTodoUpdateResponse>(`/membertodo/${encodeURIComponent(mtodoId)}/sendback`, { method: 'PUT', body: { comment } });
}

/** The teacher sends an answer back: it stays not done and the student answers again; no coins move. */
export function useSendBack(groupId: string, onMemberCoins?: MemberCoinsListener) {
  return useMutation({
    mutationFn: ({ memberTodo, comment }: { memberTodo: TMemberTodo; comment: string }) => sendBackMemberTodo(memberTodo.id, comment),
    onSuccess: (result) => applyAnswer(groupId, result, onMemberCoins),
  });
}
