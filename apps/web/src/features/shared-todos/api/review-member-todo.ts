import { useMutation } from '@tanstack/react-query';
import type { TMemberTodo, TMemberTodoUpdateResponse } from '@kolikko/core/schemas/todos';
import { setSessionCoins } from '../../../lib/auth.ts';
import { setGroupMemberCoins } from '../../../lib/queries/get-group-members.ts';
import { invalidateOwedRewards } from '../../../lib/queries/owed-rewards.ts';
import { putMemberTodoInCaches, removeMemberTodoImage, updateMemberTodo } from '../../../lib/queries/member-todos.ts';

/** Called with a member's new balance, for caches this feature does not own (the member page). */
export type MemberCoinsListener = (memberId: string, coins: number) => void;

function applyAnswer(groupId: string, result: TMemberTodoUpdateResponse, onMemberCoins?: MemberCoinsListener): void {
  putMemberTodoInCaches(groupId, result.member_todo);
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
