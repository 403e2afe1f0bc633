import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from './client.ts';
import { testWorker } from '../test/worker.ts';

const migrations = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * For a test of a migration on a database holding the data of the schema before it: a database
 * of the test's own (a PGlite data directory, or with DATABASE_URL a PostgreSQL database named
 * after the test), brought up to just before a migration, then opened again to migrate to the end.
 */
export function migrationTestKit(name: string) {
  const workdir = mkdtempSync(join(tmpdir(), `kolikko-${name}-`));
  const databaseUrl = loadConfig().databaseUrl;
  const pgName = `kolikko_${name}_${testWorker()}`;

  async function adminQuery(query: string): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  }

  /** The committed migrations before (not including) `tag`, in a folder of their own. */
  function migrationsBefore(tag: string): string {
    const folder = join(workdir, 'migrations');
    cpSync(migrations, folder, { recursive: true });
    rmSync(join(folder, `${tag}.sql`));
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < tag);
    writeFileSync(journalPath, JSON.stringify(journal));
    return folder;
  }

  async function open(migrationsFolder?: string): Promise<Database> {
    if (!databaseUrl) return openDatabase({ dataDir: join(workdir, 'data'), ...(migrationsFolder ? { migrationsFolder } : {}) });
    const url = new URL(databaseUrl);
    url.pathname = `/${pgName}`;
    return openDatabase({ databaseUrl: url.toString(), poolSize: 4, ...(migrationsFolder ? { migrationsFolder } : {}) });
  }

  return {
    /** An empty database at the schema before `tag`. */
    async openBefore(tag: string): Promise<Database> {
      if (databaseUrl) {
        await adminQuery(`drop database if exists ${pgName} with (force)`);
        await adminQuery(`create database ${pgName}`);
      }
      return open(migrationsBefore(tag));
    },
    /** The same database migrated to the end. */
    openMigrated: () => open(),
    /** The app on a database, as a test builds it. */
    async app(database: Database) {
      const app = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA: 'off', JOBS: 'off', PUBLIC_URL: 'http://localhost:3000', WEB_DIST: '/nonexistent' }),
        database,
      });
      await app.ready();
      return app;
    },
    async cleanup(): Promise<void> {
      if (databaseUrl) await adminQuery(`drop database if exists ${pgName} with (force)`);
      rmSync(workdir, { recursive: true, force: true });
    },
  };
}
