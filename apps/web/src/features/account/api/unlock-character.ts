import { useMutation } from '@tanstack/react-query';
import type { TCharacterRequest } from '@kolikko/core/schemas/characters';
import type { TMember } from '@kolikko/core/schemas/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionMember } from '../../../lib/auth.ts';
import { invalidateMemberHistory } from '../../../lib/queries/member-history.ts';

/** The student unlocks a face (3 coins) or hair (1 coin) once; answers the student with its new coins. */
export function unlockCharacter(memberId: string, part: TCharacterRequest): Promise<TMember> {
  return apiRequest<TMember>(`/member/${encodeURIComponent(memberId)}/character/unlock`, { method: 'POST', body: part });
}

export function useUnlockCharacter(memberId: string) {
  return useMutation({
    mutationFn: (part: TCharacterRequest) => unlockCharacter(memberId, part),
    onSuccess: (member) => {
      // The purse in the header and the unlocked parts both come from the session user.
      setSessionMember(member);
      invalidateMemberHistory(memberId);
    },
  });
}
