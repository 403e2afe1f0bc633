import { rooms, type RewardPurchaseSettledPayload } from '@kolikko/core/events';
import type { RealtimeServer } from '../realtime/io.ts';

/** The live events of reward lists, sent after the change is committed (see todos.events.ts). */
export interface RewardEvents {
  /** What these groups' shops offer changed: their members read the published rewards again. */
  publishedRewardsChanged(groupIds: string[]): void;
  /** Issue 33: a purchase was marked given or given back: the student (its coins, the purchase's state) and the group's teachers. */
  purchaseSettled(payload: RewardPurchaseSettledPayload): void;
}

export function socketRewardEvents(io: RealtimeServer): RewardEvents {
  return {
    publishedRewardsChanged(groupIds) {
      for (const id of groupIds) io.to(rooms.groupMembers(id)).emit('teacher-updated-rewards', { group_id: id });
    },
    purchaseSettled(payload) {
      io.to([rooms.member(payload.member_id), rooms.groupTeachers(payload.group_id)]).emit('reward-purchase-settled', payload);
    },
  };
}
