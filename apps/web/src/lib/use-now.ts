import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs` while `enabled`: what live countdowns and
 * "active until" states read, so they change without a reload.
 */
export function useNow(intervalMs = 1000, enabled = true): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!enabled) return undefined;
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, enabled]);
  return now;
}
