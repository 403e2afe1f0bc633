import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Deletes the teacher with their groups and members; the server ends the session too. */
export function deleteTeacher(id: string): Promise<unknown> {
  return apiRequest(`/admin/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteTeacher(teacherId: string) {
  return useMutation({ mutationFn: () => deleteTeacher(teacherId) });
}
