import { rooms } from '@kolikko/core/events';
import type { RealtimeServer } from '../realtime/io.ts';

/** The live events of reward lists, sent after the change is committed (see todos.events.ts). */
export interface RewardEvents {
  /** What these groups' shops offer changed: their members read the published rewards again. */
  publishedRewardsChanged(groupIds: string[]): void;
}

export function socketRewardEvents(io: RealtimeServer): RewardEvents {
  return {
    publishedRewardsChanged(groupIds) {
      for (const id of groupIds) io.to(rooms.groupMembers(id)).emit('teacher-updated-rewards', { group_id: id });
    },
  };
}
