import { rooms } from '@kolikko/core/events';
import type { RealtimeServer } from '../realtime/io.ts';
import type { OwedPayment, PurseState } from './owed-rewards.service.ts';

/** The live events of owed rewards: sent after the transaction that made or paid them committed. */
export interface OwedRewardEvents {
  /**
   * Owed rewards were paid: each student's coins and todo card, its group's teachers' member
   * cards, and the teacher's own header (purse and what is still owed).
   */
  paid(teacherId: string, payments: OwedPayment[]): void;
  /** The purse or what it owes changed without a request of the teacher's own. */
  purseUpdated(teacherId: string, purse: PurseState, purchasedCoins?: number): void;
}

export function socketOwedRewardEvents(io: RealtimeServer): OwedRewardEvents {
  return {
    paid(_teacherId, payments) {
      for (const p of payments) {
        io.to([rooms.member(p.memberId), rooms.groupTeachers(p.groupId)]).emit('teacher-gave-coins', { member_id: p.memberId, coins: p.memberCoins });
        if (p.memberTodoId !== null) {
          io.to(rooms.member(p.memberId)).emit('teacher-updated-member-todo', { mtodo_id: p.memberTodoId, member_coins: p.memberCoins });
          io.to(rooms.groupTeachers(p.groupId)).emit('member-updated-todo', { member_id: p.memberId, mtodo_id: p.memberTodoId, member_coins: p.memberCoins });
        }
      }
    },
    purseUpdated(teacherId, purse, purchasedCoins) {
      io.to(rooms.teacher(teacherId)).emit('teacher-purse-updated', {
        coins: purse.coins,
        owed_rewards: purse.owedRewards,
        owed_coins: purse.owedCoins,
        ...(purchasedCoins === undefined ? {} : { purchased_coins: purchasedCoins }),
      });
    },
  };
}
