import { useMutation } from '@tanstack/react-query';
import type { TMember, TMemberCoinsBatchResponse } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionCoins } from '../../../lib/auth.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { groupMembersQueryKey } from '../../../lib/queries/get-group-members.ts';
import { memberQueryKey } from './get-member.ts';

/** What an award gives each member: a number of coins, or an award reason's coins. */
export type AwardOf = { coins: number } | { reasonId: string };

export function awardCoins(memberIds: string[], award: AwardOf): Promise<TMemberCoinsBatchResponse> {
  const body = 'reasonId' in award ? { members: memberIds, reason_id: award.reasonId } : { members: memberIds, coins: award.coins };
  return apiRequest<TMemberCoinsBatchResponse>('/member/coins/batch', { method: 'PUT', body });
}

/** Members' new balances and the teacher's purse, as an award or its undo answered, into the caches. */
export function putBalancesInCaches(groupId: string, members: { id: string; coins: number }[], teacherCoins: number): void {
  const balances = new Map(members.map((member) => [member.id, member.coins]));
  queryClient.setQueryData<TMember[]>(groupMembersQueryKey(groupId), (list) =>
    list?.map((member) => {
      const coins = balances.get(member.id);
      return coins === undefined ? member : { ...member, coins };
    }),
  );
  for (const [id, coins] of balances) {
    queryClient.setQueryData<TMember>(memberQueryKey(id), (member) => (member ? { ...member, coins } : member));
  }
  setSessionCoins(teacherCoins);
}

/**
 * Gives (or, when negative, takes back) the same coins to several members, all or nothing.
 * The members' new balances and the teacher's purse come back and go straight into the caches.
 */
export function useAwardCoins(groupId: string) {
  return useMutation({
    mutationFn: ({ memberIds, award }: { memberIds: string[]; award: AwardOf }) => awardCoins(memberIds, award),
    onSuccess: (result) => putBalancesInCaches(groupId, result.members, result.teacher_coins),
  });
}
