import { formatDate } from '../../lib/format.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last day a co-teaching includes, for display: the server's `until` is the moment after it (the next UTC midnight). */
export function formatLastDay(until: string): string {
  return formatDate(new Date(Date.parse(until) - DAY_MS));
}
