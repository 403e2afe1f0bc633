import { Placeholder, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, DbOrTx } from './client.ts';
import { rowsOf } from './raw.ts';
import * as schema from './schema/index.ts';

/**
 * A statement of a hot path, built once per database instead of on every call: Drizzle's query
 * builder costs more CPU than the query itself on a short read (bench/README.md, "Member todos
 * at scale"). On PostgreSQL the statement is also prepared by name on each pooled connection, so
 * the server plans it once per connection, not per request. Values go in as `sql.placeholder`s.
 *
 * Only for the database itself, not a transaction: a prepared statement runs on whichever pooled
 * connection is free, never on a transaction's own. For those, see `statement` below.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/**
 * The pooled PostgreSQL connection a transaction runs on, so that its hot statements can be
 * prepared by name on it; null on PGlite (one in-process connection with no planning to save).
 */
export type Connection = pg.PoolClient | null;

/**
 * Sends COMMIT right behind the statement `last` sends (before its first await), without waiting
 * for its answer. Only for a transaction's last statement, after which `work` sends nothing, and
 * only for one that writes nothing when the caller would refuse what it answered: an error thrown
 * after it no longer rolls anything back. A statement that fails still rolls back (PostgreSQL
 * ends a failed transaction's COMMIT in ROLLBACK, and the transaction throws). On PGlite, and when
 * `last` sent nothing before returning, it simply runs `last` and COMMIT follows as usual.
 */
export type CommitWith = <R>(last: () => Promise<R>) => Promise<R>;

const dbOnConnection = new WeakMap<pg.PoolClient, Db>();

/**
 * A transaction on a pooled connection this code holds, handed to `work` with the connection, so
 * that its hot statements can be prepared by name there (the pool keeps its connections for a
 * while, and each keeps the statements prepared on it). BEGIN and COMMIT are sent as they are,
 * without Drizzle's transaction object: on a batch of a few writes, building that object per
 * transaction showed in the profile. `tx` runs Drizzle queries on the same connection, so inside
 * the transaction; it has no nested `transaction()`.
 *
 * `genericPlans`: the prepared statements take arrays (a batch's ids), and PostgreSQL would
 * otherwise plan them again for every call (a custom plan looks cheaper for a known length).
 *
 * On PostgreSQL BEGIN leaves in one write with the first statement, and `commitWith` sends COMMIT
 * in one write with the last (bench/README.md, "A reason award against the batch award before
 * it"): two round trips of four. See CommitWith for what its statement must be.
 */
export async function transactionOnConnection<T>(
  db: Db,
  work: (tx: DbOrTx, connection: Connection, commitWith: CommitWith) => Promise<T>,
  options: { genericPlans?: boolean } = {},
): Promise<T> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return db.transaction((tx) => work(tx, null, (last) => last()));
  const connection = await client.connect();
  let broken: Error | undefined;
  try {
    let onConnection = dbOnConnection.get(connection);
    if (!onConnection) {
      onConnection = drizzlePg(connection, { schema });
      dbOnConnection.set(connection, onConnection);
    }
    const socket = socketOf(connection);
    let committing: Promise<pg.QueryResult> | undefined;
    const commitWith: CommitWith = (last) => {
      if (!socket || committing) return last();
      socket.cork();
      try {
        const queued = socket.writableLength;
        const sent = last();
        // Only behind a statement already on its way: COMMIT first would end the transaction before it.
        if (socket.writableLength > queued) {
          committing = connection.query('commit');
          committing.catch(() => undefined);
        }
        return sent;
      } finally {
        socket.uncork();
      }
    };
    try {
      const begin = options.genericPlans ? 'begin; set local plan_cache_mode = force_generic_plan' : 'begin';
      const result = await begunWithFirstStatement(connection, socket, begin, () => work(onConnection, connection, commitWith));
      // A COMMIT behind a statement that failed ends the transaction in ROLLBACK, and says so.
      if ((await (committing ?? connection.query('commit'))).command !== 'COMMIT') throw new Error('the transaction was rolled back');
      return result;
    } catch (err) {
      if (committing) {
        // COMMIT was sent: the transaction is over, committed or rolled back, and nothing is left to roll back.
        await committing.catch(() => undefined);
        throw err;
      }
      await connection.query('rollback').catch((rollbackError: unknown) => {
        // A connection that cannot roll back is not given back to the pool.
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw err;
    }
  } finally {
    connection.release(broken);
  }
}

/** The socket under a pooled connection, where pg writes its messages. */
type Socket = { cork(): void; uncork(): void; readonly writableLength: number };

function socketOf(connection: pg.PoolClient): Socket | undefined {
  if (!connection.pipeline) return undefined;
  const stream = (connection as unknown as { connection?: { stream?: Partial<Socket> } }).connection?.stream;
  return stream && typeof stream.cork === 'function' && typeof stream.uncork === 'function' ? (stream as Socket) : undefined;
}

/**
 * Sends BEGIN and the transaction's first statement in one write, one round trip for both: the
 * pool's connections pipeline (db/client.ts), so a query goes out without waiting for the one
 * before it. `work` sends its first statement before its first await (each hot path's does), while
 * the socket is corked; one that awaits first still works, in two round trips. When BEGIN fails
 * (a broken connection) its error is the transaction's, once `work` is over: nothing after it
 * could have run outside the transaction, as the connection that could not begin answers nothing.
 */
async function begunWithFirstStatement<T>(connection: pg.PoolClient, socket: Socket | undefined, begin: string, work: () => Promise<T>): Promise<T> {
  if (!socket) {
    await connection.query(begin);
    return work();
  }
  let begun: Promise<unknown>;
  let working: Promise<T>;
  socket.cork();
  try {
    begun = connection.query(begin);
    working = work();
  } finally {
    socket.uncork();
  }
  const [began, worked] = await Promise.allSettled([begun, working]);
  if (began.status === 'rejected') throw began.reason;
  if (worked.status === 'rejected') throw worked.reason;
  return worked.value;
}

type Values = Record<string, unknown>;

/** One raw SQL statement with named values, run prepared by name on a transaction's connection. */
export interface Statement<V extends Values> {
  run<T>(tx: DbOrTx, connection: Connection, values: V): Promise<T[]>;
  /** Outside a transaction: on PostgreSQL, prepared by name on whichever pooled connection is free. */
  read<T>(db: Db, values: V): Promise<T[]>;
}

/** Each value as one parameter: an array goes in whole (for `= any($1)` or unnest), not as a list. */
function asParams<V extends Values>(values: V): { [K in keyof V]: unknown } {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, sql.param(value)])) as { [K in keyof V]: unknown };
}

/**
 * A raw SQL statement written once as a function of its values. On a transaction's pooled
 * connection it is prepared by name (the text is built once, with placeholders) and PostgreSQL
 * plans it once per connection; elsewhere it runs as an ordinary parameterised query.
 */
export function statement<V extends Values>(name: string, build: (values: { [K in keyof V]: unknown }) => SQL): Statement<V> {
  let prepared: { text: string; order: string[] } | undefined;
  const text = () => {
    if (!prepared) {
      const placeholders = new Proxy({} as { [K in keyof V]: unknown }, { get: (_, key) => sql.placeholder(String(key)) });
      const query = new PgDialect().sqlToQuery(build(placeholders));
      const names = query.params.map((param) => {
        if (!(param instanceof Placeholder)) throw new Error(`statement ${name}: every value must be one of its named values`);
        return param.name;
      });
      prepared = onePlaceholderPerName(name, query.sql, names);
    }
    return prepared;
  };
  const valuesOf = (values: V) => text().order.map((key) => asPgValue(values[key]));
  return {
    async run<T>(tx: DbOrTx, connection: Connection, values: V): Promise<T[]> {
      if (!connection) return rowsOf<T>(await tx.execute(build(asParams(values))));
      const result = await connection.query({ name, text: text().text, values: valuesOf(values) });
      return result.rows as T[];
    },
    async read<T>(db: Db, values: V): Promise<T[]> {
      const pool = (db as { $client?: unknown }).$client;
      if (!(pool instanceof pg.Pool)) return rowsOf<T>(await db.execute(build(asParams(values))));
      // pg prepares a named statement once per pooled connection and reuses it there.
      const result = await pool.query({ name, text: text().text, values: valuesOf(values) });
      return result.rows as T[];
    },
  };
}

/**
 * Drizzle numbers every use of a value as a parameter of its own (`$1`, `$2`, … in order); a
 * value used twice (a batch's ids, in an UPDATE and in a count) would be sent twice. This gives
 * each name one parameter, numbered by its first use.
 */
export function onePlaceholderPerName(statementName: string, text: string, names: string[]): { text: string; order: string[] } {
  const order: string[] = [];
  const numberOf = new Map<string, number>();
  let seen = 0;
  const renumbered = text.replace(/\$(\d+)\b/g, (_, n: string) => {
    seen++;
    const key = names[Number(n) - 1];
    if (Number(n) !== seen || key === undefined) throw new Error(`statement ${statementName}: its parameters are not $1 to $${names.length} in order`);
    let number = numberOf.get(key);
    if (number === undefined) {
      order.push(key);
      number = order.length;
      numberOf.set(key, number);
    }
    return `$${number}`;
  });
  if (seen !== names.length) throw new Error(`statement ${statementName}: ${names.length} parameters, ${seen} placeholders`);
  return { text: renumbered, order };
}

const NEEDS_ESCAPE = /["\\]/;

/**
 * A value as pg would send it, written with less garbage for the arrays of the hot statements:
 * pg's own array literal costs some 160 bytes of short-lived strings an element (71 KB an award
 * to 30 students, 14 % of what the server allocates for it; bench/README.md). Same literal:
 * NULL for null, every string in double quotes with `"` and `\` escaped, numbers and booleans
 * as they print. Anything else (nested arrays, buffers, dates) is left to pg.
 */
export function asPgValue(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const parts = new Array<string>(value.length);
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (item === null || item === undefined) parts[i] = 'NULL';
    else if (typeof item === 'string') parts[i] = NEEDS_ESCAPE.test(item) ? `"${item.replace(/["\\]/g, '\\$&')}"` : `"${item}"`;
    else if (typeof item === 'number' || typeof item === 'boolean') parts[i] = String(item);
    else return value;
  }
  return `{${parts.join(',')}}`;
}
