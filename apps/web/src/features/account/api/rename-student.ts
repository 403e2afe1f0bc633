import { useMutation } from '@tanstack/react-query';
import type { TMember } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionMember } from '../../../lib/auth.ts';

/** A student renames themself through the member route, with their own id. */
export function renameStudent(memberId: string, username: string): Promise<TMember> {
  return apiRequest<TMember>('/member/username', { method: 'PUT', body: { member_id: memberId, username } });
}

export function useRenameStudent(memberId: string) {
  return useMutation({
    mutationFn: (username: string) => renameStudent(memberId, username),
    onSuccess: setSessionMember,
  });
}
