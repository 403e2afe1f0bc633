import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Spec section 7: a 201 answer means the password was set; the student is signed out. */
export function setMemberPassword(memberId: string, password: string): Promise<unknown> {
  return apiRequest('/member/password', { method: 'PUT', body: { member_id: memberId, password } });
}

export function useSetMemberPassword(memberId: string) {
  return useMutation({ mutationFn: (password: string) => setMemberPassword(memberId, password) });
}
