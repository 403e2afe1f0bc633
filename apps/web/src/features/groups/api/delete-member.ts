import { useMutation } from '@tanstack/react-query';
import type { TMember, TMemberCoinsResponse } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionCoins } from '../../../lib/auth.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { groupsQueryKey } from '../../../lib/queries/get-groups.ts';
import { groupMembersQueryKey } from '../../../lib/queries/get-group-members.ts';

/** A teacher's delete answers with the purse after the member's coins were refunded to it. */
type TDeleteMemberResponse = Pick<TMemberCoinsResponse, 'teacher_coins'>;

export function deleteMember(memberId: string): Promise<{ teacher_coins: number }> {
  return apiRequest<TDeleteMemberResponse>(`/member/${encodeURIComponent(memberId)}`, { method: 'DELETE' });
}

/**
 * Removes the member from its group's list and refunds the purse. The member's own cache entry
 * is left to expire: removing it while its page is still shown would make the page fetch it
 * again and flash a not-found error before leaving.
 */
export function useDeleteMember(teacherId: string, member: Pick<TMember, 'id' | 'group_id'>) {
  return useMutation({
    mutationFn: () => deleteMember(member.id),
    onSuccess: ({ teacher_coins }) => {
      setSessionCoins(teacher_coins);
      queryClient.setQueryData<TMember[]>(groupMembersQueryKey(member.group_id), (members) =>
        members?.filter((existing) => existing.id !== member.id),
      );
      void queryClient.invalidateQueries({ queryKey: groupsQueryKey(teacherId) });
    },
  });
}
