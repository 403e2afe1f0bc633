import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { TTimerState } from '@kolikko/core/schemas/toolkit';

/** How often a running timer's screen is drawn again. */
const TICK_MS = 250;

/**
 * The lesson timer's milliseconds left, counted on this screen every 250 ms. A running timer's
 * end is its `ends_at`, taken on this device's clock as `receivedAt + remaining_ms` (the server
 * said both at once), so a projector whose clock is a minute off still ends on time.
 * `onZero` runs once when a running timer this screen counted down reaches zero.
 */
export function useCountdown(timer: TTimerState | undefined, receivedAt: number, onZero?: () => void): number {
  const running = timer?.status === 'running' && timer.ends_at !== null;
  const endsAt = running && timer ? receivedAt + timer.remaining_ms : null;
  const [now, setNow] = useState(() => Date.now());
  /** The end this screen saw time left of: only such a timer's zero is heard (not one that ended while the page was away). */
  const armed = useRef<number | null>(null);
  const reachedZero = useEffectEvent(() => onZero?.());

  useEffect(() => {
    if (endsAt === null) return undefined;
    const interval = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= endsAt) window.clearInterval(interval);
    }, TICK_MS);
    return () => window.clearInterval(interval);
  }, [endsAt]);

  // Until the first tick, `now` may be older than the timer's start: never more than it had.
  const left = endsAt === null || !timer ? (timer?.remaining_ms ?? 0) : Math.max(0, Math.min(timer.remaining_ms, endsAt - now));
  useEffect(() => {
    if (endsAt === null) return;
    if (left > 0) armed.current = endsAt;
    else if (armed.current === endsAt) {
      armed.current = null;
      reachedZero();
    }
  }, [endsAt, left]);
  return left;
}

/** "4:05", "0:09": minutes and seconds, counting up from the part second (3.2 s left reads 0:04). */
export function formatTimer(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
