import { useMutation } from '@tanstack/react-query';
import type { TBuyRewardResponse } from '@kolikko/core/schemas/rewards';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionCoins } from '../../../lib/auth.ts';
import { invalidateMemberHistory } from '../../../lib/queries/member-history.ts';
import { setRewardActiveUntil } from './get-published-rewards.ts';

/**
 * Buys a reward at the price the student was shown: the server refuses a price that changed
 * since (spec: the student is not charged what they did not see).
 */
export function buyReward(memberId: string, rewardId: string, price: number): Promise<TBuyRewardResponse> {
  return apiRequest<TBuyRewardResponse>(`/member/${encodeURIComponent(memberId)}/reward/${encodeURIComponent(rewardId)}`, {
    method: 'POST',
    body: { price },
  });
}

export function useBuyReward(memberId: string, groupId: string) {
  return useMutation({
    mutationFn: ({ rewardId, price }: { rewardId: string; price: number }) => buyReward(memberId, rewardId, price),
    onSuccess: (answer, { rewardId }) => {
      setSessionCoins(answer.member_coins);
      setRewardActiveUntil(groupId, rewardId, answer.purchase.active_until);
      invalidateMemberHistory(memberId);
    },
  });
}
