import { useMutation } from '@tanstack/react-query';
import type { TRewardList } from '@kolikko/core/schemas/rewards';
import { apiRequest } from '../../../lib/api-client.ts';
import { putRewardlistInCache } from './get-rewardlists.ts';

export function createRewardlist(teacherId: string, name: string): Promise<TRewardList> {
  return apiRequest<TRewardList>('/rewardlist', { method: 'POST', body: { id: teacherId, name } });
}

export function useCreateRewardlist(teacherId: string) {
  return useMutation({
    mutationFn: (name: string) => createRewardlist(teacherId, name),
    onSuccess: (list) => putRewardlistInCache(teacherId, list),
  });
}
