/** PostgreSQL's error, as node-postgres and PGlite both report it (possibly wrapped by Drizzle). */
interface PgErrorLike {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

function pgError(err: unknown): PgErrorLike | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgErrorLike;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** True when err is a unique-index violation, on the named index when one is given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** True when a CHECK constraint refused the row (a balance that would go negative). */
export function isCheckViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  return e?.code === '23514' && (constraint === undefined || e.constraint === constraint);
}
