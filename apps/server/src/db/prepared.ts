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
 */
export async function transactionOnConnection<T>(
  db: Db,
  work: (tx: DbOrTx, connection: Connection) => Promise<T>,
  options: { genericPlans?: boolean } = {},
): Promise<T> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return db.transaction((tx) => work(tx, null));
  const connection = await client.connect();
  let broken: Error | undefined;
  try {
    let onConnection = dbOnConnection.get(connection);
    if (!onConnection) {
      onConnection = drizzlePg(connection, { schema });
      dbOnConnection.set(connection, onConnection);
    }
    await connection.query(options.genericPlans ? 'begin; set local plan_cache_mode = force_generic_plan' : 'begin');
    try {
      const result = await work(onConnection, connection);
      await connection.query('commit');
      return result;
    } catch (err) {
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
