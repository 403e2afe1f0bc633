import { useMutation } from '@tanstack/react-query';
import type { TTransferRequest, TTransferResponse } from '@kolikko/core/schemas/coins';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionCoins } from '../../../lib/auth.ts';
import { invalidateMemberHistory } from '../../../lib/queries/member-history.ts';

/** Sends coins to a classmate, where the teacher allows trading (spec section 5). */
export function transferCoins(memberId: string, body: TTransferRequest): Promise<TTransferResponse> {
  return apiRequest<TTransferResponse>(`/member/${encodeURIComponent(memberId)}/transfer`, { method: 'POST', body });
}

export function useTransferCoins(memberId: string) {
  return useMutation({
    mutationFn: (body: TTransferRequest) => transferCoins(memberId, body),
    onSuccess: (answer) => {
      setSessionCoins(answer.member_coins);
      invalidateMemberHistory(memberId);
    },
  });
}
