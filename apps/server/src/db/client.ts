import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { dumpPglite } from '../platform/backup.ts';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything a repository can run a query on: the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers when the database can run a query (for /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Hears the errors of idle pooled connections (PostgreSQL restarted, a backend terminated): the
   * pool drops such a connection and opens another when one is needed. Until called, they are
   * ignored; the pool must have a listener, or pg throws them and the process ends.
   */
  onIdleError(listener: (err: Error) => void): void;
  /** The embedded database only: its data directory at one instant, as a gzipped tarball (platform/backup.ts). */
  backup?(): Promise<Buffer>;
}

/**
 * PostgreSQL's default 128 MB of shared buffers is most of PGlite's memory. A classroom's data
 * fits in far less: with these settings PGlite holds about 160 MB instead of 300 MB
 * (measured in bench/README.md).
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB', 'work_mem=4MB', 'maintenance_work_mem=16MB', 'temp_buffers=2MB', 'wal_buffers=1MB'];

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL; without it, PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's directory; undefined keeps PGlite in memory (tests). */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** The migrations to run: the committed ones unless a test brings a database up to an older point. */
  migrationsFolder?: string;
}

/** The advisory lock nodes take in turn to migrate a PostgreSQL database. */
const MIGRATE_LOCK = 'kolikko:migrate';

/**
 * Runs the migrations on PostgreSQL holding a session advisory lock on a connection of its own:
 * nodes starting together on a new database would otherwise all find no migrations table and
 * race to create the same tables (one fails on a duplicate). One at a time, the later ones find the
 * work done. The lock goes with the connection if the process dies.
 */
async function migrateOneAtATime(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const holder = await pool.connect();
  try {
    await holder.query('select pg_advisory_lock(hashtext($1))', [MIGRATE_LOCK]);
    try {
      await migratePg(drizzlePg(holder, { schema }), { migrationsFolder });
    } finally {
      await holder.query('select pg_advisory_unlock(hashtext($1))', [MIGRATE_LOCK]);
    }
  } finally {
    holder.release();
  }
}

/**
 * The pool Drizzle is given. Drizzle's transaction sends `begin` before its try/finally, so a
 * connection whose `begin` fails (PostgreSQL restarting: the pool handed out a connection it had
 * just ended) was never released: the pool lost a connection for good at each such failure, and
 * after `max` of them every request waited forever. Here a checked-out connection whose first
 * statement fails is released (and, with the error, destroyed) at once. The pool's own use of
 * connect() (its query(), with a callback) is unchanged.
 */
class ReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then(releasedIfFirstFails);
  }
}

/**
 * The connection itself, its first statement of this checkout wrapped in place: the same object
 * every checkout, so what is kept per connection (prepared.ts's Drizzle object) is found again.
 * A Proxy made per checkout was a new object each time: every award built a Drizzle instance over
 * the whole schema, a fifth of the server's CPU (bench/README.md, "A reason award against the
 * batch award before it").
 */
function releasedIfFirstFails(client: pg.PoolClient): pg.PoolClient {
  const query = pg.Client.prototype.query as (this: pg.PoolClient, ...args: unknown[]) => unknown;
  function first(this: pg.PoolClient, ...args: unknown[]): unknown {
    // The prototype's query from the second statement on.
    delete (this as { query?: unknown }).query;
    const answer = query.apply(this, args);
    if (answer instanceof Promise) {
      return answer.catch((err: unknown) => {
        this.release(err instanceof Error ? err : true);
        throw err;
      });
    }
    return answer;
  }
  Object.defineProperty(client, 'query', { value: first, configurable: true, writable: true });
  return client;
}

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Pipelined: a query goes out without waiting for the answer to the one before it, so a
    // transaction's BEGIN travels with its first statement (prepared.ts). Code that awaits each
    // query, as all of ours does, behaves as without it.
    const pool = new ReleasingPool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, pipeline: true });
    let idleError: (err: Error) => void = () => undefined;
    pool.on('error', (err) => idleError(err));
    // A connection in use, between two statements of a transaction, when PostgreSQL ends it
    // (a restart): pg emits the error on the client, which throws it, ending the process, unless
    // the client has a listener. Its next statement then fails as not queryable, the request
    // answers 503 (db/unavailable.ts, logged there), and the pool drops the connection when it is
    // released. An idle one's error the pool reports itself (above), so this listener says nothing.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema });
    await migrateOneAtATime(pool, options.migrationsFolder ?? migrationsFolder);
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
      onIdleError: (listener) => {
        idleError = listener;
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir, { postgresqlconf: PGLITE_SETTINGS });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: options.migrationsFolder ?? migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    // PGlite runs in this process: it has no connections to lose.
    onIdleError: () => undefined,
    backup: () => dumpPglite(client),
  };
}
