import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';

const PG_URL = loadConfig().databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/test';

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * An app on a PostgreSQL database of its own (DATABASE_URL's server, or the local one CI starts),
 * made before the file's tests and dropped after them: for what needs real PostgreSQL (two
 * connections waiting on each other, true concurrency) also when the suite runs on PGlite.
 * The getters answer once beforeAll has run.
 */
export function ownPostgresApp(name: string, opts: { poolSize?: number } = {}) {
  let database: Database | undefined;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    await admin(async (c) => {
      await c.query(`drop database if exists ${name} with (force)`);
      await c.query(`create database ${name}`);
    });
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), ...(opts.poolSize === undefined ? {} : { poolSize: opts.poolSize }) });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA: 'off', LIMITS_EXEMPT_ADDRESSES: '127.0.0.1', PUBLIC_URL: 'http://localhost:3000', WEB_DIST: '/nonexistent' });
    app = await buildApp({ config, database });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await admin(async (c) => {
      // The pool's end() answers before its connections have closed; a forced drop would then
      // terminate them and their clients, no longer listened to, would throw.
      for (let waited = 0; waited < 10_000; waited += 50) {
        const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.query(`drop database if exists ${name} with (force)`);
    });
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the PostgreSQL app is made in beforeAll');
    return value;
  };
  return {
    get app(): FastifyInstance {
      return ready(app);
    },
    get database(): Database {
      return ready(database);
    },
  };
}
