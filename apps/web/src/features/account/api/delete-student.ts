import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A student deletes their own account; the server clears the session cookie. */
export function deleteStudent(memberId: string): Promise<unknown> {
  return apiRequest(`/member/${encodeURIComponent(memberId)}`, { method: 'DELETE' });
}

export function useDeleteStudent(memberId: string) {
  return useMutation({ mutationFn: () => deleteStudent(memberId) });
}
