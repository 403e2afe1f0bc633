import type { Db } from './client.ts';

/**
 * A statement of a hot path, built once per database instead of on every call: Drizzle's query
 * builder costs more CPU than the query itself on a short read (bench/README.md, "Member todos
 * at scale"). On PostgreSQL the statement is also prepared by name on each pooled connection, so
 * the server plans it once per connection, not per request. Values go in as `sql.placeholder`s.
 *
 * Only for the database itself, not a transaction: a prepared statement runs on whichever pooled
 * connection is free, never on a transaction's own.
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
