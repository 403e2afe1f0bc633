import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Spec section 7: 201 means the password changed; the teacher's other sessions end. */
export function changeTeacherPassword(id: string, oldPassword: string, newPassword: string): Promise<unknown> {
  return apiRequest('/admin/password', { method: 'PUT', body: { id, oldPassword, newPassword } });
}

export function useChangeTeacherPassword(teacherId: string) {
  return useMutation({
    mutationFn: ({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }) =>
      changeTeacherPassword(teacherId, oldPassword, newPassword),
  });
}
