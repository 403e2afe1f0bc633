/**
 * Whether an error means the database could not be reached or went away mid-query (PostgreSQL
 * restarting, shutting down, a backend terminated, the connection refused or cut), as opposed to
 * an error in the query itself. Such a request did not commit (a transaction whose connection
 * breaks is rolled back by PostgreSQL), so it answers 503 SERVER.UNAVAILABLE: try again soon.
 * Drizzle wraps a driver's error in its own, with the driver's as `cause`: the chain is followed.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
]);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
// node-postgres says these in words only.
const UNAVAILABLE_MESSAGES = /Connection terminated|Client has encountered a connection error|not queryable|timeout exceeded when trying to connect/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    // A connect to a name with several addresses fails with one error per address.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
