/**
 * Counting attempts (logins, signups, reset requests) against a limit that slows down rather than
 * locks: a key allows `free` attempts, then each further one must wait, the wait doubling from
 * `firstDelayMs` up to `maxDelayMs`. A key with no attempt for `forgetAfterMs` starts afresh.
 * With firstDelayMs = maxDelayMs = forgetAfterMs = W this is "`free` attempts, then wait W".
 */
export interface AttemptPolicy {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** At least maxDelayMs, or a key would be forgotten while it still has to wait. */
  forgetAfterMs: number;
}

/** What is stored per key. */
export interface AttemptState {
  attempts: number;
  lastAt: Date | null;
  /** No attempt on the key is counted (or checked) before this. */
  blockedUntil: Date | null;
}

export type AttemptDecision = { ok: true; states: AttemptState[] } | { ok: false; waitMs: number };

/** A policy of `free` attempts, then a wait of `windowMs`; forgotten after `windowMs` without attempts. */
export function perWindow(free: number, windowMs: number): AttemptPolicy {
  return { free, firstDelayMs: windowMs, maxDelayMs: windowMs, forgetAfterMs: windowMs };
}

/** The wait after the `attempts`-th counted attempt before the next may be counted. */
export function delayAfter(attempts: number, policy: AttemptPolicy): number {
  if (attempts < policy.free) return 0;
  // Past 2^30 the cap has long been reached; the bound keeps the power finite.
  const doublings = Math.min(attempts - policy.free, 30);
  return Math.min(policy.firstDelayMs * 2 ** doublings, policy.maxDelayMs);
}

/**
 * One more attempt on all keys at once, or on none: refused while any key must still wait (the
 * longest such wait is answered), so a refused attempt costs no key anything.
 */
export function decideAttempt(keys: { state: AttemptState; policy: AttemptPolicy }[], now: Date): AttemptDecision {
  const t = now.getTime();
  const waitMs = Math.max(0, ...keys.map(({ state }) => (state.blockedUntil ? state.blockedUntil.getTime() - t : 0)));
  if (waitMs > 0) return { ok: false, waitMs };
  return {
    ok: true,
    states: keys.map(({ state, policy }) => {
      const forgotten = state.lastAt === null || t - state.lastAt.getTime() >= policy.forgetAfterMs;
      const attempts = (forgotten ? 0 : state.attempts) + 1;
      const delay = delayAfter(attempts, policy);
      return { attempts, lastAt: now, blockedUntil: delay > 0 ? new Date(t + delay) : null };
    }),
  };
}
