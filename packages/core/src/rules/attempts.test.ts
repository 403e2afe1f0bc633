import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decideAttempt, delayAfter, perWindow, type AttemptPolicy, type AttemptState } from './attempts.ts';

const fresh: AttemptState = { attempts: 0, lastAt: null, blockedUntil: null };
const policy: AttemptPolicy = { free: 3, firstDelayMs: 1000, maxDelayMs: 5000, forgetAfterMs: 60_000 };
const at = (ms: number) => new Date(Date.UTC(2025, 0, 1) + ms);

/** Counts one attempt on a single key; answers its new state, or the wait asked. */
function attempt(state: AttemptState, p: AttemptPolicy, now: Date): AttemptState | number {
  const d = decideAttempt([{ state, policy: p }], now);
  return d.ok ? (d.states[0] ?? fresh) : d.waitMs;
}

const arbPolicy = fc
  .record({ free: fc.integer({ min: 1, max: 50 }), firstDelayMs: fc.integer({ min: 1, max: 600_000 }), extra: fc.integer({ min: 0, max: 600_000 }) })
  .map(({ free, firstDelayMs, extra }): AttemptPolicy => ({ free, firstDelayMs, maxDelayMs: firstDelayMs + extra, forgetAfterMs: firstDelayMs + extra + 1 }));

describe('attempt limits', () => {
  it('counts `free` attempts, then answers how long to wait, and counts nothing while it waits', () => {
    let state = fresh;
    for (let i = 1; i <= 3; i++) {
      const next = attempt(state, policy, at(0));
      if (typeof next === 'number') throw new Error(`attempt ${i} refused`);
      state = next;
      expect(state.attempts).toBe(i);
    }
    expect(state.blockedUntil).toEqual(at(1000));
    expect(attempt(state, policy, at(400))).toBe(600);
  });

  it('doubles the wait with each attempt past `free`, up to the cap', () => {
    expect([2, 3, 4, 5, 6, 7].map((n) => delayAfter(n, policy))).toEqual([0, 1000, 2000, 4000, 5000, 5000]);
    expect(delayAfter(10_000, policy)).toBe(5000);
  });

  it('forgets a key after `forgetAfterMs` without attempts', () => {
    const state: AttemptState = { attempts: 40, lastAt: at(0), blockedUntil: at(5000) };
    expect(attempt(state, policy, at(59_999))).toMatchObject({ attempts: 41 });
    expect(attempt(state, policy, at(60_000))).toEqual({ attempts: 1, lastAt: at(60_000), blockedUntil: null });
  });

  it('perWindow: `free` attempts, then a wait of the window, then afresh', () => {
    const p = perWindow(2, 10_000);
    let state = fresh;
    for (const t of [0, 1]) state = attempt(state, p, at(t)) as AttemptState;
    expect(attempt(state, p, at(2))).toBe(9999);
    expect(attempt(state, p, at(10_001))).toMatchObject({ attempts: 1, blockedUntil: null });
  });

  it('refuses on all keys when one must wait, and answers the longest wait', () => {
    const waiting: AttemptState = { attempts: 9, lastAt: at(0), blockedUntil: at(3000) };
    const d = decideAttempt(
      [
        { state: fresh, policy },
        { state: waiting, policy },
        { state: { ...waiting, blockedUntil: at(2000) }, policy },
      ],
      at(1000),
    );
    expect(d).toEqual({ ok: false, waitMs: 2000 });
  });

  it('property: a burst at one instant counts exactly `free` attempts, whatever the policy', () => {
    fc.assert(
      fc.property(arbPolicy, fc.integer({ min: 1, max: 200 }), (p, burst) => {
        let state = fresh;
        let counted = 0;
        for (let i = 0; i < burst; i++) {
          const next = attempt(state, p, at(0));
          if (typeof next === 'number') continue;
          state = next;
          counted++;
        }
        expect(counted).toBe(Math.min(burst, p.free));
      }),
    );
  });

  it('property: attempts spaced by the wait asked are counted one by one, and the waits never shrink until forgotten', () => {
    fc.assert(
      fc.property(arbPolicy, fc.integer({ min: 1, max: 60 }), (p, n) => {
        let state = fresh;
        let now = 0;
        let lastWait = 0;
        for (let i = 0; i < n; i++) {
          const next = attempt(state, p, at(now));
          if (typeof next === 'number') throw new Error('refused after waiting as asked');
          state = next;
          const wait = state.blockedUntil ? state.blockedUntil.getTime() - at(now).getTime() : 0;
          expect(wait).toBeGreaterThanOrEqual(lastWait);
          expect(wait).toBeLessThanOrEqual(p.maxDelayMs);
          lastWait = wait;
          now += wait;
        }
        expect(state.attempts).toBe(n);
      }),
    );
  });
});
