import { useMutation } from '@tanstack/react-query';
import { ZMember, type TMember } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { putMemberInCaches } from './group-cache.ts';

export function renameMember(memberId: string, username: string): Promise<TMember> {
  return apiRequest('/member/username', { method: 'PUT', body: { member_id: memberId, username }, schema: ZMember });
}

export function useRenameMember(memberId: string) {
  return useMutation({
    mutationFn: (username: string) => renameMember(memberId, username),
    onSuccess: putMemberInCaches,
  });
}
