import { useMutation } from '@tanstack/react-query';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import type { TCharacterRequest } from '@kolikko/core/schemas/characters';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionUser } from '../../../lib/auth.ts';

/** A teacher wears any face or hair for free. */
export function wearTeacherCharacter(teacherId: string, part: TCharacterRequest): Promise<TTeacherUser> {
  return apiRequest<TTeacherUser>(`/admin/${encodeURIComponent(teacherId)}/character`, { method: 'PUT', body: part });
}

export function useWearTeacherCharacter(teacherId: string) {
  return useMutation({
    mutationFn: (part: TCharacterRequest) => wearTeacherCharacter(teacherId, part),
    onSuccess: setSessionUser,
  });
}
