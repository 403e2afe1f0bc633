import pg from 'pg';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { testWorker } from './worker.ts';

/**
 * The worker's database: PGlite in memory, or, when DATABASE_URL is set, a database of its own
 * on that PostgreSQL server (workers run in parallel and each empties its tables between tests).
 */
async function open(): Promise<Database> {
  const { databaseUrl } = loadConfig();
  if (!databaseUrl) return openDatabase({});
  const name = `kolikko_test_${testWorker()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
}

const holder = globalThis as { kolikkoTestDatabase?: Promise<Database> };

export function testDatabase(): Promise<Database> {
  holder.kolikkoTestDatabase ??= open();
  return holder.kolikkoTestDatabase;
}
