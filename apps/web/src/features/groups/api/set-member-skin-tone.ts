import { useMutation } from '@tanstack/react-query';
import type { TMember } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { putMemberInCaches } from './group-cache.ts';

/** The teacher sets a student's skin tone (issue 33: free, like the student's own choice). */
export function setMemberSkinTone(memberId: string, tone: string): Promise<TMember> {
  return apiRequest<TMember>(`/member/${encodeURIComponent(memberId)}/skin-tone`, { method: 'PUT', body: { skin_tone: tone } });
}

export function useSetMemberSkinTone(memberId: string) {
  return useMutation({
    mutationFn: (tone: string) => setMemberSkinTone(memberId, tone),
    onSuccess: putMemberInCaches,
  });
}
