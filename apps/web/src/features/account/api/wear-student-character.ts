import { useMutation } from '@tanstack/react-query';
import type { TCharacterRequest } from '@kolikko/core/schemas/characters';
import type { TMember } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionMember } from '../../../lib/auth.ts';

/** The student puts on a face or hair it owns (or a free default). */
export function wearStudentCharacter(memberId: string, part: TCharacterRequest): Promise<TMember> {
  return apiRequest<TMember>(`/member/${encodeURIComponent(memberId)}/character`, { method: 'PUT', body: part });
}

export function useWearStudentCharacter(memberId: string) {
  return useMutation({
    mutationFn: (part: TCharacterRequest) => wearStudentCharacter(memberId, part),
    onSuccess: setSessionMember,
  });
}
