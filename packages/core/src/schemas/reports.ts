import { z } from 'zod';
import { REPORT_RANGE_DAYS_MAX } from '../limits.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
export const ZReportDay = z
  .string({ error: 'VALIDATION.INVALID_INPUT' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'VALIDATION.INVALID_INPUT' })
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), { error: 'VALIDATION.INVALID_INPUT' });

/** The number of days from `from` to `to`, both included (UTC days, as the class board's "today"). */
export function reportDayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * GET group/{id}/report: `from` and `to` are days (UTC, as the class board's "coins earned
 * today"), both included; `to` may not be before `from`, and the range is at most
 * REPORT_RANGE_DAYS_MAX days (both refused as VALIDATION.INVALID_INPUT on `to`). `format=csv`
 * answers a spreadsheet file, its column names in `lang` (else the Accept-Language's language).
 */
export const ZReportQuery = z
  .object({
    from: ZReportDay,
    to: ZReportDay,
    format: z.enum(['json', 'csv'], { error: 'VALIDATION.INVALID_INPUT' }).optional(),
    lang: z.enum(['en', 'fi', 'sv'], { error: 'VALIDATION.INVALID_INPUT' }).optional(),
  })
  .refine((q) => reportDayCount(q.from, q.to) >= 1, { error: 'VALIDATION.INVALID_INPUT', path: ['to'] })
  .refine((q) => reportDayCount(q.from, q.to) <= REPORT_RANGE_DAYS_MAX, { error: 'VALIDATION.INVALID_INPUT', path: ['to'] });
export type TReportQuery = z.infer<typeof ZReportQuery>;

/**
 * A kind of award in the range: a reason (by the name and icon the award kept, so a removed or
 * renamed reason still reads as it did), or an award without a reason (`name` null), given
 * (`negative` false) or taken back ("needs work", `negative` true).
 */
export const ZReportReason = z.object({ name: z.string().nullable(), icon: z.string().nullable(), negative: z.boolean() });
export type TReportReason = z.infer<typeof ZReportReason>;

/** One student's numbers over the range, or the class's (their sums). */
export const ZReportNumbers = z.object({
  /** Coins from awards and tasks, less undone awards and tasks taken back; "needs work" not counted (as the class board's "earned today"). */
  coins_earned: z.number().int(),
  /** Of which from awards (given, less undone). */
  coins_from_awards: z.number().int(),
  /** Of which from tasks (rewards, less rewards taken back when a task was undone). */
  coins_from_tasks: z.number().int(),
  /** "Needs work" awards: coins taken, less undone (0 or more). */
  coins_taken: z.number().int(),
  /** Net coins of each kind of award, in the order of the report's `reasons` (negative for "needs work"). */
  by_reason: z.array(z.number().int()),
  /** Tasks marked done in the range and still done. */
  tasks_done: z.number().int(),
  /** Answers sent back to the student in the range and not answered again since. */
  answers_sent_back: z.number().int(),
  /** Rewards bought in the range (returned ones included). */
  rewards_bought: z.number().int(),
  /** Of those, handed out by the teacher. */
  rewards_given: z.number().int(),
  /** Of those, given back (the price returned to the student). */
  rewards_returned: z.number().int(),
  /** The prices of the rewards bought, less those returned. */
  coins_spent_on_rewards: z.number().int(),
  /** Coins sent to classmates and received from them. */
  coins_sent: z.number().int(),
  coins_received: z.number().int(),
  /** Coins earned each day of the range (as `coins_earned`), from `from` to `to`. */
  earned_by_day: z.array(z.number().int()),
});
export type TReportNumbers = z.infer<typeof ZReportNumbers>;

export const ZReport = z.object({
  group_id: z.string(),
  group_name: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  /** The kinds of award given in the range, most coins first; each student's `by_reason` follows this order. */
  reasons: z.array(ZReportReason),
  /** The group's students, in name order (numbers as numbers). */
  students: z.array(ZReportNumbers.extend({ member_id: z.string(), username: z.string(), face: z.string().nullable(), hair: z.string().nullable() })),
  /** The class: the students' sums. */
  totals: ZReportNumbers,
});
export type TReport = z.infer<typeof ZReport>;
export type TReportStudent = TReport['students'][number];
