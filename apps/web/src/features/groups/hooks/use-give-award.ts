import { useState } from 'react';
import type { TMember } from '@kolikko/core/schemas/groups';
import type { TAwardReason } from '@kolikko/core/schemas/reasons';
import { ApiError } from '../../../lib/api-client.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { useAwardCoins } from '../api/award-coins.ts';
import { showAwardNotice } from '../award-notice.ts';

/** What stopped an award: the purse too small (what it needs, what it holds), or the server's refusal. */
export type AwardProblem = { kind: 'short'; needed: number; available: number } | { kind: 'error'; key: string };

export type AwardWhat = { reason: TAwardReason } | { coins: number };

/**
 * Gives an award (a reason's coins or a number of coins) to some members of the group, and puts
 * its notice with the undo on screen. More than the purse holds is refused before asking the
 * server (spec section 5); the server's refusal is kept as the problem too, for the award box
 * to show.
 */
export function useGiveAward(groupId: string, teacherCoins: number) {
  const award = useAwardCoins(groupId);
  const [problem, setProblem] = useState<AwardProblem | null>(null);

  /** The purse's shortfall for `coins` each to `count` members, or null when it covers them. */
  function shortfall(coins: number, count: number): AwardProblem | null {
    return coins > 0 && coins * count > teacherCoins ? { kind: 'short', needed: coins * count, available: teacherCoins } : null;
  }

  // Only who they are: the class board gives to its own list of students.
  function give(members: Pick<TMember, 'id' | 'username'>[], what: AwardWhat, { onDone, onProblem = setProblem }: { onDone?: () => void; onProblem?: (problem: AwardProblem) => void } = {}) {
    const coins = 'reason' in what ? what.reason.coins : what.coins;
    const short = shortfall(coins, members.length);
    if (short) {
      onProblem(short);
      onDone?.();
      return;
    }
    setProblem(null);
    const startedAt = Date.now();
    award.mutate(
      { memberIds: members.map((member) => member.id), award: 'reason' in what ? { reasonId: what.reason.id } : { coins } },
      {
        onSuccess: (result) => {
          if (result.award_id === null) return;
          showAwardNotice({
            awardId: result.award_id,
            groupId,
            startedAt,
            reasonName: 'reason' in what ? what.reason.name : null,
            coins,
            count: members.length,
            username: members.length === 1 ? (members[0]?.username ?? null) : null,
          });
        },
        onError: (error) => {
          const { needed, available } = error instanceof ApiError ? error.details : {};
          const code = errorCodeOf(error);
          onProblem(
            code === 'MISC.TEACHER_OUT_OF_COINS' && needed !== undefined && available !== undefined
              ? { kind: 'short', needed, available }
              : { kind: 'error', key: errorMessageKey(code) },
          );
        },
        onSettled: () => onDone?.(),
      },
    );
  }

  return { give, shortfall, problem, clearProblem: () => setProblem(null), isPending: award.isPending };
}

export type GiveAward = ReturnType<typeof useGiveAward>;
