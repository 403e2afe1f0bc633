import { useMutation } from '@tanstack/react-query';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionUser } from '../../../lib/auth.ts';

export function renameTeacher(id: string, username: string): Promise<TTeacherUser> {
  return apiRequest<TTeacherUser>('/admin/username', { method: 'PUT', body: { id, username } });
}

export function useRenameTeacher(teacherId: string) {
  return useMutation({
    mutationFn: (username: string) => renameTeacher(teacherId, username),
    onSuccess: setSessionUser,
  });
}
