import type { TTeacherDashboard } from '@kolikko/core/schemas/dashboard';
import type { Db } from '../../db/client.ts';
import * as repo from './dashboard.repo.ts';

export type DashboardService = ReturnType<typeof createDashboardService>;

/** Midnight UTC of the day `now` is in: "today", as the class board counts it. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The teacher's dashboard (issue 33): what waits, by group, and today's activity. */
export function createDashboardService({ db, clock = () => new Date() }: { db: Db; clock?: () => Date }) {
  return {
    async read(teacherId: string): Promise<TTeacherDashboard> {
      const [groups, totals] = await Promise.all([repo.listGroupsWaiting(db, teacherId), repo.readTotals(db, teacherId, startOfUtcDay(clock()))]);
      return {
        groups: groups.map((g) => ({ id: g.id, name: g.name, answers_to_approve: g.answers_to_approve, rewards_to_hand_out: g.rewards_to_hand_out })),
        owed_rewards: { rewards: totals.owed_rewards, coins: totals.owed_coins },
        unread_messages: totals.unread_messages,
        today: { coins_awarded: totals.coins_awarded, tasks_done: totals.tasks_done, rewards_bought: totals.rewards_bought },
      };
    },
  };
}
