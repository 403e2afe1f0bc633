import { useMutation } from '@tanstack/react-query';
import type { TMember } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionMember } from '../../../lib/auth.ts';

/** The student's own skin tone (issue 33): free, and every face draws its skin in it. */
export function setStudentSkinTone(memberId: string, tone: string): Promise<TMember> {
  return apiRequest<TMember>(`/member/${encodeURIComponent(memberId)}/skin-tone`, { method: 'PUT', body: { skin_tone: tone } });
}

export function useSetStudentSkinTone(memberId: string) {
  return useMutation({
    mutationFn: (tone: string) => setStudentSkinTone(memberId, tone),
    onSuccess: setSessionMember,
  });
}
