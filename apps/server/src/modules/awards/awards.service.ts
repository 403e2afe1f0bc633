import { AppError } from '@kolikko/core/errors';
import { AWARD_UNDO_WINDOW_MS } from '@kolikko/core/limits';
import type { TUndoAwardResponse } from '@kolikko/core/schemas/groups';
import type { Db } from '../../db/client.ts';
import { accountId, memberAccount, moveCoinsMany, teacherAccount, type Movement } from '../coins/ledger.repo.ts';
import type { OwedRewardsService } from '../coins/owed-rewards.service.ts';
import type { MemberEvents } from '../members/members.events.ts';
import { lockMembers, lockTeacherPurse } from '../members/members.repo.ts';
import * as repo from './awards.repo.ts';

export type AwardsService = ReturnType<typeof createAwardsService>;

export function createAwardsService({
  db,
  events,
  owedRewards,
  clock = () => new Date(),
}: {
  db: Db;
  events: MemberEvents;
  owedRewards: OwedRewardsService;
  clock?: () => Date;
}) {
  return {
    /**
     * Undoes an award within its minute, once, in one transaction: the purse, then the award's
     * row (racing undos take turns on it: one undoes, the others find it undone), then the
     * students in id order. Each student gives back what it still has of the award (coins spent
     * meanwhile stay spent: `missing`); a "needs work" award gives back what the purse can. No
     * balance goes below zero and every coin moves through the ledger (award_undo).
     */
    async undo(teacherId: string, awardId: string): Promise<TUndoAwardResponse> {
      const result = await db.transaction(async (tx) => {
        let purse = (await lockTeacherPurse(tx, teacherId)) ?? 0;
        const award = await repo.lockAward(tx, awardId);
        if (!award || award.teacherId !== teacherId) throw new AppError('AWARD.AWARD_NOT_FOUND');
        if (award.undoneAt) throw new AppError('AWARD.ALREADY_UNDONE');
        const now = clock();
        if (now.getTime() - award.createdAt.getTime() > AWARD_UNDO_WINDOW_MS) throw new AppError('AWARD.UNDO_EXPIRED');
        const given = award.coins > 0;
        const moved = await repo.listAwardMovements(tx, award);
        const memberOf = (m: (typeof moved)[number]) => accountId(given ? m.to : m.from)?.id ?? '';
        const balances = new Map((await lockMembers(tx, moved.map(memberOf))).map((m) => [m.id, m]));
        const movements: Movement[] = [];
        const members = moved.map((m) => {
          const id = memberOf(m);
          const held = balances.get(id);
          const coins = held?.coins ?? 0;
          const returned = given ? Math.min(m.amount, coins) : Math.min(m.amount, purse);
          if (returned > 0) {
            movements.push({
              from: given ? memberAccount(id) : teacherAccount(teacherId),
              to: given ? teacherAccount(teacherId) : memberAccount(id),
              amount: returned,
              reason: 'award_undo',
              actor: teacherAccount(teacherId),
              groupId: held?.groupId ?? m.groupId,
              reference: awardId,
            });
          }
          purse += given ? returned : -returned;
          return { id, groupId: held?.groupId ?? m.groupId ?? '', coins: given ? coins - returned : coins + returned, returned, missing: m.amount - returned, given };
        });
        await moveCoinsMany(tx, movements);
        await repo.markUndone(tx, awardId, now);
        return { members, purse, reason: award.reasonName ? { name: award.reasonName, icon: award.reasonIcon ?? '' } : undefined };
      });
      events.coinsGiven(
        result.members.map((m) => ({
          memberId: m.id,
          groupId: m.groupId,
          coins: m.coins,
          amount: m.given ? -m.returned : m.returned,
          awardId,
          undone: true,
          ...(result.reason ? { reason: result.reason } : {}),
        })),
      );
      // Coins back in the purse may pay what it owes.
      const purse = result.members.some((m) => m.given && m.returned > 0) ? ((await owedRewards.settle(teacherId)) ?? result.purse) : result.purse;
      return {
        award_id: awardId,
        members: result.members.map(({ id, coins, returned, missing }) => ({ id, coins, returned, missing })),
        teacher_coins: purse,
      };
    },
  };
}
