import { useMutation } from '@tanstack/react-query';
import type { TMember } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { putMemberInCaches } from './group-cache.ts';

export function renameMember(memberId: string, username: string): Promise<TMember> {
  return apiRequest<TMember>('/member/username', { method: 'PUT', body: { member_id: memberId, username } });
}

export function useRenameMember(memberId: string) {
  return useMutation({
    mutationFn: (username: string) => renameMember(memberId, username),
    onSuccess: putMemberInCaches,
  });
}
