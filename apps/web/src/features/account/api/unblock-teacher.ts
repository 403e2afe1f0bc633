import { useMutation } from '@tanstack/react-query';
import type { TBlockedTeacher } from '@kolikko/core/schemas/sharing';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { blockedTeachersQueryKey } from './get-blocked-teachers.ts';

/** Lifts a block: the teacher may share with this one again (nothing it shared before comes back). */
export function unblockTeacher(teacherId: string, username: string): Promise<TBlockedTeacher[]> {
  return apiRequest<TBlockedTeacher[]>(`/blocked-teachers/${encodeURIComponent(teacherId)}/${encodeURIComponent(username)}`, { method: 'DELETE' });
}

export function useUnblockTeacher(teacherId: string) {
  return useMutation({
    mutationFn: (username: string) => unblockTeacher(teacherId, username),
    onSuccess: (blocks) => queryClient.setQueryData(blockedTeachersQueryKey(teacherId), blocks),
  });
}
