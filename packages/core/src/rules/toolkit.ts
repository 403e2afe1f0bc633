import type { TTimerState } from '../schemas/toolkit.ts';

/** A whole number in [0, n): crypto's on the server, fixed in tests. */
export type RandomInt = (n: number) => number;

/**
 * The random picker (issue 32): someone of `candidates` not yet in today's round; when all of them
 * have been picked, a new round starts (`newRound`) and anyone may be picked again.
 */
export function pickNext(candidates: readonly string[], pickedToday: readonly string[], random: RandomInt): { memberId: string; newRound: boolean } | null {
  if (candidates.length === 0) return null;
  const picked = new Set(pickedToday);
  const left = candidates.filter((id) => !picked.has(id));
  const pool = left.length > 0 ? left : candidates;
  return { memberId: pool[random(pool.length)]!, newRound: left.length === 0 };
}

/** The members in a random order (Fisher–Yates). */
export function shuffle<T>(items: readonly T[], random: RandomInt): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Random teams of the members: `count` teams (no more than there are members), or teams of
 * `size` (the last ones one smaller where it does not divide). Sizes differ by one at most.
 */
export function makeTeams(memberIds: readonly string[], by: { count: number } | { size: number }, random: RandomInt): string[][] {
  if (memberIds.length === 0) return [];
  const count = 'count' in by ? Math.min(by.count, memberIds.length) : Math.ceil(memberIds.length / by.size);
  const teams: string[][] = Array.from({ length: count }, () => []);
  shuffle(memberIds, random).forEach((id, i) => teams[i % count]!.push(id));
  return teams;
}

/** The timer's state at `now`: a running timer past its end reads as idle at zero. */
export function timerAt(state: TTimerState, now: Date): TTimerState {
  if (state.status !== 'running' || state.ends_at === null) return state;
  const remaining = Math.max(0, new Date(state.ends_at).getTime() - now.getTime());
  return remaining === 0 ? { status: 'idle', duration_ms: state.duration_ms, remaining_ms: 0, ends_at: null } : { ...state, remaining_ms: remaining };
}

/**
 * The lesson timer after a teacher's action: start (from idle with `seconds`, or resuming a
 * paused one), pause (a running one), reset (to its length, or to `seconds`). Null: the action
 * does not apply (a start from idle without seconds), which the API refuses.
 */
export function timerAfter(state: TTimerState, action: 'start' | 'pause' | 'reset', seconds: number | undefined, now: Date): TTimerState | null {
  const current = timerAt(state, now);
  const ms = seconds === undefined ? undefined : seconds * 1000;
  if (action === 'start') {
    if (current.status === 'running') return current;
    const duration = ms ?? (current.status === 'paused' ? current.duration_ms : current.remaining_ms > 0 ? current.duration_ms : undefined);
    if (duration === undefined || duration <= 0) return null;
    const remaining = ms ?? (current.remaining_ms > 0 ? current.remaining_ms : duration);
    return { status: 'running', duration_ms: duration, remaining_ms: remaining, ends_at: new Date(now.getTime() + remaining).toISOString() };
  }
  if (action === 'pause') {
    if (current.status !== 'running') return current;
    return { status: 'paused', duration_ms: current.duration_ms, remaining_ms: current.remaining_ms, ends_at: null };
  }
  const duration = ms ?? current.duration_ms;
  return { status: 'idle', duration_ms: duration, remaining_ms: duration, ends_at: null };
}
