import { Placeholder, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, DbOrTx, Tx } from './client.ts';
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
 * `db.transaction`, on a pooled connection this code holds, handed to `work` with the transaction.
 * The pool keeps its connections for a while, and each keeps the statements prepared on it.
 */
export async function transactionOnConnection<T>(db: Db, work: (tx: Tx, connection: Connection) => Promise<T>): Promise<T> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return db.transaction((tx) => work(tx, null));
  const connection = await client.connect();
  try {
    let onConnection = dbOnConnection.get(connection);
    if (!onConnection) {
      onConnection = drizzlePg(connection, { schema });
      dbOnConnection.set(connection, onConnection);
    }
    return await onConnection.transaction((tx) => work(tx, connection));
  } finally {
    connection.release();
  }
}

type Values = Record<string, unknown>;

/** One raw SQL statement with named values, run prepared by name on a transaction's connection. */
export interface Statement<V extends Values> {
  run<T>(tx: DbOrTx, connection: Connection, values: V): Promise<T[]>;
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
      const order = query.params.map((param) => {
        if (!(param instanceof Placeholder)) throw new Error(`statement ${name}: every value must be one of its named values`);
        return param.name;
      });
      prepared = { text: query.sql, order };
    }
    return prepared;
  };
  return {
    async run<T>(tx: DbOrTx, connection: Connection, values: V): Promise<T[]> {
      if (!connection) return rowsOf<T>(await tx.execute(build(values)));
      const { text: query, order } = text();
      const result = await connection.query({ name, text: query, values: order.map((key) => values[key]) });
      return result.rows as T[];
    },
  };
}
