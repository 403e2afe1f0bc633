import { useMutation } from '@tanstack/react-query';
import type { TCharacterRequest } from '@kolikko/core/schemas/characters';
import type { TMember } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { putMemberInCaches } from './group-cache.ts';

/** The teacher puts a face or hair the student owns on the student (spec section 2, member settings). */
export function setMemberCharacter(memberId: string, part: TCharacterRequest): Promise<TMember> {
  return apiRequest<TMember>(`/member/${encodeURIComponent(memberId)}/character`, { method: 'PUT', body: part });
}

export function useSetMemberCharacter(memberId: string) {
  return useMutation({
    mutationFn: (part: TCharacterRequest) => setMemberCharacter(memberId, part),
    onSuccess: putMemberInCaches,
  });
}
