import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';
import { rowsOf } from './raw.ts';

/** Raw SQL for tests that inspect stored state directly. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** Empties every table (tests only): faster than a fresh database per test. */
export async function resetDatabase(db: Db): Promise<void> {
  const tables = await queryRows<{ tablename: string }>(db, sql`select tablename from pg_tables where schemaname = 'public'`);
  const names = tables.map((r) => `"${r.tablename}"`).join(', ');
  if (names) await db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}
