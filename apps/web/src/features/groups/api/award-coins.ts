import { useMutation } from '@tanstack/react-query';
import type { TMember, TMemberCoinsBatchResponse } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionCoins } from '../../../lib/auth.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { groupMembersQueryKey } from '../../../lib/queries/get-group-members.ts';
import { memberQueryKey } from './get-member.ts';

export function awardCoins(memberIds: string[], coins: number): Promise<TMemberCoinsBatchResponse> {
  return apiRequest<TMemberCoinsBatchResponse>('/member/coins/batch', { method: 'PUT', body: { members: memberIds, coins } });
}

/**
 * Gives (or, when negative, takes back) the same coins to several members, all or nothing.
 * The members' new balances and the teacher's purse come back and go straight into the caches.
 */
export function useAwardCoins(groupId: string) {
  return useMutation({
    mutationFn: ({ memberIds, coins }: { memberIds: string[]; coins: number }) => awardCoins(memberIds, coins),
    onSuccess: (result) => {
      const balances = new Map(result.members.map((member) => [member.id, member.coins]));
      queryClient.setQueryData<TMember[]>(groupMembersQueryKey(groupId), (members) =>
        members?.map((member) => {
          const coins = balances.get(member.id);
          return coins === undefined ? member : { ...member, coins };
        }),
      );
      for (const [id, coins] of balances) {
        queryClient.setQueryData<TMember>(memberQueryKey(id), (member) => (member ? { ...member, coins } : member));
      }
      setSessionCoins(result.teacher_coins);
    },
  });
}
