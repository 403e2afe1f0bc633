import { REPORT_RANGE_DAYS_MAX } from '@kolikko/core/limits';

/** The report's ranges: this week (Monday to today), this month (the 1st to today), or days the teacher picks. */
export type ReportPreset = 'week' | 'month' | 'custom';

export interface ReportRange {
  from: string;
  to: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Today as the server counts days: UTC, as the class board's "coins earned today" (the report's
 * days are the same days, docs/decisions.md).
 */
export function reportToday(now: Date = new Date()): string {
  return dayOf(now);
}

/** The preset's days: the week from its Monday, the month from its 1st, each up to today. */
export function presetRange(preset: Exclude<ReportPreset, 'custom'>, now: Date = new Date()): ReportRange {
  const today = new Date(`${reportToday(now)}T00:00:00Z`);
  if (preset === 'month') return { from: `${reportToday(now).slice(0, 8)}01`, to: dayOf(today) };
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  return { from: dayOf(new Date(today.getTime() - sinceMonday * DAY_MS)), to: dayOf(today) };
}

/** Days from `from` to `to`, both counted. */
export function rangeDays({ from, to }: ReportRange): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Why a picked range cannot be asked for (a key under `report.range`), or null when it can. */
export function rangeProblem(range: ReportRange): 'missing' | 'backwards' | 'tooLong' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(range.from) || !/^\d{4}-\d{2}-\d{2}$/.test(range.to)) return 'missing';
  const days = rangeDays(range);
  if (!Number.isFinite(days)) return 'missing';
  if (days < 1) return 'backwards';
  if (days > REPORT_RANGE_DAYS_MAX) return 'tooLong';
  return null;
}

/**
 * A student's earned coins as at most `max` bars: each day its own bar while they fit, else
 * summed over runs of days (a week's, a fortnight's...), so a year still draws as a readable row.
 */
export function chartBars(earnedByDay: readonly number[], max = 62): number[] {
  if (earnedByDay.length <= max) return [...earnedByDay];
  const per = Math.ceil(earnedByDay.length / max);
  const bars: number[] = [];
  for (let i = 0; i < earnedByDay.length; i += per) bars.push(earnedByDay.slice(i, i + per).reduce((sum, n) => sum + n, 0));
  return bars;
}
