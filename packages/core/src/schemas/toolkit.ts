import { z } from 'zod';
import { BOARD_SHOWS } from '../enumerations.ts';
import { GROUP_MEMBER_LIMIT, TIMER_SECONDS_MAX } from '../limits.ts';
import { ZSkinTone } from './characters.ts';

/** POST group/{id}/pick: a student no one has picked today (of those online, if asked); `reset` starts the round over first. */
export const ZPickRequest = z.object({
  reset: z.boolean({ error: 'VALIDATION.INVALID_INPUT' }).optional(),
  /** Only students with the app open. */
  online_only: z.boolean({ error: 'VALIDATION.INVALID_INPUT' }).optional(),
});
export type TPickRequest = z.infer<typeof ZPickRequest>;

export const ZPickResponse = z.object({
  member_id: z.string(),
  /** The students picked today, this one included, in the order they were picked (a full round starts over). */
  picked_today: z.array(z.string()),
});
export type TPickResponse = z.infer<typeof ZPickResponse>;

const teamNumber = z.number({ error: 'VALIDATION.INVALID_INPUT' }).int({ error: 'VALIDATION.INVALID_INPUT' }).min(1, { error: 'VALIDATION.INVALID_INPUT' }).max(GROUP_MEMBER_LIMIT, { error: 'VALIDATION.INVALID_INPUT' });

/** POST group/{id}/teams: `count` teams, or teams of `size` (one of the two). */
export const ZTeamsRequest = z
  .object({ count: teamNumber.optional(), size: teamNumber.optional() })
  .refine((r) => (r.count === undefined) !== (r.size === undefined), { error: 'VALIDATION.INVALID_INPUT', path: ['count'] });
export type TTeamsRequest = z.infer<typeof ZTeamsRequest>;

/** Teams as member ids; as the spec of issue 32 has it, `[[member_id]]`. */
export const ZTeams = z.array(z.array(z.string()));
export type TTeams = z.infer<typeof ZTeams>;

export const ZTimerRequest = z.object({
  action: z.enum(['start', 'pause', 'reset'], { error: 'VALIDATION.INVALID_INPUT' }),
  /** For a start from idle, and for a reset to a new length: 1 to TIMER_SECONDS_MAX. */
  seconds: z.number({ error: 'VALIDATION.INVALID_INPUT' }).int({ error: 'VALIDATION.INVALID_INPUT' }).min(1, { error: 'VALIDATION.INVALID_INPUT' }).max(TIMER_SECONDS_MAX, { error: 'VALIDATION.INVALID_INPUT' }).optional(),
});
export type TTimerRequest = z.infer<typeof ZTimerRequest>;

/** A group's lesson timer: set, running (until `ends_at`) or paused (with `remaining_ms` left). */
export const ZTimerState = z.object({
  status: z.enum(['idle', 'running', 'paused']),
  duration_ms: z.number().int(),
  remaining_ms: z.number().int(),
  /** While running: when it reaches zero (the server's clock; screens count down to it). */
  ends_at: z.string().nullable(),
});
export type TTimerState = z.infer<typeof ZTimerState>;

/**
 * GET group/{id}/board: the class board's students. `coins` is what the group's `board_shows`
 * lets the board show (coins earned today, all the coins, or null for nothing); the server leaves
 * out what is not to be shown. Earned today counts awards and task rewards, less what was undone
 * or taken back from a task; a "needs work" award does not show.
 */
export const ZBoard = z.object({
  group_id: z.string(),
  name: z.string(),
  join_code: z.string(),
  shows: z.enum(BOARD_SHOWS),
  members: z.array(z.object({ id: z.string(), username: z.string(), face: z.string().nullable(), hair: z.string().nullable(), skin_tone: ZSkinTone, coins: z.number().int().nullable() })),
  /** The class's coins earned today (shown whatever `shows` is: a class's, not a child's). */
  coins_today: z.number().int(),
});
export type TBoard = z.infer<typeof ZBoard>;

/** GET group/{id}/toolkit: what a board opened now shows. */
export const ZToolkitState = z.object({ teams: ZTeams.nullable(), timer: ZTimerState, picked_today: z.array(z.string()) });
export type TToolkitState = z.infer<typeof ZToolkitState>;
