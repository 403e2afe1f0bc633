import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeTeams, pickNext, timerAfter, timerAt } from './toolkit.ts';
import type { TTimerState } from '../schemas/toolkit.ts';

const seeded = (seed: number) => {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
};

describe('pickNext', () => {
  it('goes through the whole class before anyone is picked twice, then starts a new round', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 1000 }), (size, seed) => {
        const random = seeded(seed);
        const ids = Array.from({ length: size }, (_, i) => `m${i}`);
        let today: string[] = [];
        for (let i = 0; i < size; i++) {
          const next = pickNext(ids, today, random)!;
          expect(next.newRound).toBe(false);
          expect(today).not.toContain(next.memberId);
          today = [...today, next.memberId];
        }
        expect(new Set(today).size).toBe(size);
        expect(pickNext(ids, today, random)?.newRound).toBe(true);
      }),
    );
  });

  it('picks nobody from an empty class', () => {
    expect(pickNext([], [], () => 0)).toBeNull();
  });
});

describe('makeTeams', () => {
  it('puts everyone in exactly one team, sizes differing by one at most', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 12 }), fc.boolean(), fc.integer({ min: 0, max: 99 }), (size, n, byCount, seed) => {
        const ids = Array.from({ length: size }, (_, i) => `m${i}`);
        const teams = makeTeams(ids, byCount ? { count: n } : { size: n }, seeded(seed));
        expect(teams.flat().sort()).toEqual([...ids].sort());
        const sizes = teams.map((t) => t.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        if (byCount) expect(teams).toHaveLength(Math.min(n, size));
        else expect(Math.max(...sizes)).toBeLessThanOrEqual(n);
      }),
    );
  });
});

describe('the lesson timer', () => {
  const idle: TTimerState = { status: 'idle', duration_ms: 0, remaining_ms: 0, ends_at: null };
  const t0 = new Date('2026-12-01T10:00:00Z');
  const at = (s: number) => new Date(t0.getTime() + s * 1000);

  it('starts, pauses, resumes, runs out and resets', () => {
    const running = timerAfter(idle, 'start', 90, t0)!;
    expect(running).toEqual({ status: 'running', duration_ms: 90_000, remaining_ms: 90_000, ends_at: at(90).toISOString() });
    const paused = timerAfter(running, 'pause', undefined, at(30))!;
    expect(paused).toEqual({ status: 'paused', duration_ms: 90_000, remaining_ms: 60_000, ends_at: null });
    const resumed = timerAfter(paused, 'start', undefined, at(100))!;
    expect(resumed.ends_at).toBe(at(160).toISOString());
    expect(timerAt(resumed, at(161))).toEqual({ status: 'idle', duration_ms: 90_000, remaining_ms: 0, ends_at: null });
    expect(timerAfter(resumed, 'reset', undefined, at(120))).toEqual({ status: 'idle', duration_ms: 90_000, remaining_ms: 90_000, ends_at: null });
    expect(timerAfter(resumed, 'reset', 30, at(120))).toEqual({ status: 'idle', duration_ms: 30_000, remaining_ms: 30_000, ends_at: null });
  });

  it('refuses a start with nothing to count', () => {
    expect(timerAfter(idle, 'start', undefined, t0)).toBeNull();
  });
});
