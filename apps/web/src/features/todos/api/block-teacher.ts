import { useMutation } from '@tanstack/react-query';
import type { TBlockedTeacher } from '@kolikko/core/schemas/sharing';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { sharedRewardlistsQueryKey } from '../../rewards/api/get-shared-rewardlists.ts';

/**
 * Blocks a teacher from sharing with this one (spec section 6: a sender can be blocked); what it
 * shares with this teacher ends at once. The blocks are listed, and lifted, on the profile.
 */
export function blockTeacher(teacherId: string, username: string): Promise<TBlockedTeacher[]> {
  return apiRequest<TBlockedTeacher[]>(`/blocked-teachers/${encodeURIComponent(teacherId)}`, { method: 'POST', body: { username } });
}

export function useBlockTeacher(teacherId: string) {
  return useMutation({
    mutationFn: (username: string) => blockTeacher(teacherId, username),
    onSuccess: (blocks) => {
      // The profile's list (features/account) reads this key; features do not import each other.
      queryClient.setQueryData(['blockedTeachers', teacherId], blocks);
      void queryClient.invalidateQueries({ queryKey: ['todolists', teacherId] });
      void queryClient.invalidateQueries({ queryKey: sharedRewardlistsQueryKey(teacherId) });
    },
  });
}
