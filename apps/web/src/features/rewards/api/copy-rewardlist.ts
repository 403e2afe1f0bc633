import { useMutation } from '@tanstack/react-query';
import { REWARDLIST_NAME_MAX_LENGTH } from '@kolikko/core/limits';
import type { TRewardList } from '@kolikko/core/schemas/rewards';
import { apiRequest } from '../../../lib/api-client.ts';
import { putRewardlistInCache } from './get-rewardlists.ts';

export function copyRewardlist(teacherId: string, rewardlistId: string, name: string): Promise<TRewardList> {
  return apiRequest<TRewardList>(`/rewardlist/${encodeURIComponent(rewardlistId)}/copy`, {
    method: 'POST',
    // The translated "Copy of ..." may run past the limit on a long name; the start says enough.
    body: { userId: teacherId, name: name.slice(0, REWARDLIST_NAME_MAX_LENGTH).trim() },
  });
}

export function useCopyRewardlist(teacherId: string) {
  return useMutation({
    mutationFn: ({ rewardlistId, name }: { rewardlistId: string; name: string }) => copyRewardlist(teacherId, rewardlistId, name),
    onSuccess: (list) => putRewardlistInCache(teacherId, list),
  });
}
