import { useMutation } from '@tanstack/react-query';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionUser } from '../../../lib/auth.ts';

/** The teacher's own skin tone (issue 33), free. */
export function setTeacherSkinTone(teacherId: string, tone: string): Promise<TTeacherUser> {
  return apiRequest<TTeacherUser>(`/admin/${encodeURIComponent(teacherId)}/skin-tone`, { method: 'PUT', body: { skin_tone: tone } });
}

export function useSetTeacherSkinTone(teacherId: string) {
  return useMutation({
    mutationFn: (tone: string) => setTeacherSkinTone(teacherId, tone),
    onSuccess: setSessionUser,
  });
}
