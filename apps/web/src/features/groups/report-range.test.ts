import { describe, expect, it } from 'vitest';
import { chartBars, presetRange, rangeDays, rangeProblem, reportToday } from './report-range.ts';

describe('the report range', () => {
  it('counts this week from its Monday and this month from its 1st, as UTC days', () => {
    // Tuesday 1 December 2026, late evening in Helsinki is still Tuesday in UTC until 02:00.
    const tuesday = new Date('2026-12-01T21:30:00Z');
    expect(reportToday(tuesday)).toBe('2026-12-01');
    expect(presetRange('week', tuesday)).toEqual({ from: '2026-11-30', to: '2026-12-01' });
    expect(presetRange('month', tuesday)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    const sunday = new Date('2026-12-06T10:00:00Z');
    expect(presetRange('week', sunday)).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(presetRange('month', new Date('2026-02-28T10:00:00Z'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('refuses a range backwards, longer than 400 days or not filled in', () => {
    expect(rangeDays({ from: '2026-01-01', to: '2026-01-01' })).toBe(1);
    expect(rangeProblem({ from: '2026-01-02', to: '2026-01-01' })).toBe('backwards');
    expect(rangeProblem({ from: '2025-01-01', to: '2026-02-04' })).toBeNull();
    expect(rangeProblem({ from: '2025-01-01', to: '2026-02-05' })).toBe('tooLong');
    expect(rangeProblem({ from: '', to: '2026-02-05' })).toBe('missing');
  });

  it('draws a long range in summed runs of days, at most 62 bars', () => {
    expect(chartBars([1, 2, 3])).toEqual([1, 2, 3]);
    const year = chartBars(new Array<number>(365).fill(1));
    expect(year.length).toBeLessThanOrEqual(62);
    expect(year.reduce((a, b) => a + b, 0)).toBe(365);
  });
});
