import { z } from 'zod';

/** GET teacher/dashboard (issue 33): what waits for the teacher, and today's activity, in one answer. */
export const ZTeacherDashboard = z.object({
  /** Each of the teacher's groups, in the order of GET groups: what waits in it. */
  groups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** Open answers of the lists shown to its small groups that wait for the teacher's approval. */
      answers_to_approve: z.number().int(),
      /** Reward purchases not yet marked given or given back. */
      rewards_to_hand_out: z.number().int(),
    }),
  ),
  /** Task rewards the purse could not pay yet, and the coins they wait for. */
  owed_rewards: z.object({ rewards: z.number().int(), coins: z.number().int() }),
  /** Messages from students the teacher has not seen. */
  unread_messages: z.number().int(),
  /** Since midnight UTC (the class board's day). */
  today: z.object({
    /** Coins that went from the purse to students: awards and task rewards. */
    coins_awarded: z.number().int(),
    /** Tasks marked done (by the student, the server or the teacher). */
    tasks_done: z.number().int(),
    /** Rewards the students bought. */
    rewards_bought: z.number().int(),
  }),
});
export type TTeacherDashboard = z.infer<typeof ZTeacherDashboard>;
