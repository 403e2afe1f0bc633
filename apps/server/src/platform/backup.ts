import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Backups of the database (issue 35), for `npm run admin -- backup|restore`.
 *
 * The embedded database (PGlite) is backed up as its data directory, a gzipped tarball PGlite
 * itself writes (`dumpDataDir`): it runs between queries, holding PGlite's query lock, so the
 * tarball is the directory at one instant, as a crash would leave it, and a restore replays its
 * write-ahead log to the last commit before that instant. A running server makes it (it holds the
 * directory); without one, the command opens the directory itself. Images are rows of the
 * database, so they come with it.
 *
 * PostgreSQL is backed up with its own tools: `pg_dump --format=custom`, one transaction's
 * snapshot, while the servers run; `pg_restore` into an empty database.
 */

/** A failure the command reports as it is (a tool missing or refusing, a directory not empty). */
export class BackupError extends Error {}

/** PGlite's data directory as a gzipped tarball. */
export async function dumpPglite(client: PGlite): Promise<Buffer> {
  const tarball = await client.dumpDataDir('gzip');
  return Buffer.from(await tarball.arrayBuffer());
}

/** Opens the directory (no server may hold it) and dumps it. */
export async function dumpPgliteDir(dataDir: string): Promise<Buffer> {
  if (!existsSync(dataDir)) throw new BackupError(`${dataDir} does not exist: there is no database to back up`);
  const client = await PGlite.create(dataDir);
  try {
    return await dumpPglite(client);
  } finally {
    await client.close();
  }
}

/** Whether a directory is absent or empty: the only places a restore writes to. */
function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Restores a PGlite backup into `dataDir`, which must be absent or empty (a restore never
 * overwrites a database). Opening it once replays the log, so the first start finds it ready.
 */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  if (!isEmptyDir(dataDir)) throw new BackupError(`${dataDir} is not empty: restore into an empty data directory (move the old one aside first)`);
  const tarball = new Blob([await readFile(file)]);
  const client = await PGlite.create(dataDir, { loadDataDir: tarball });
  try {
    await client.query('select 1');
  } finally {
    await client.close();
  }
}

/** Runs a PostgreSQL tool; its error output becomes the error. */
function runTool(tool: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (err) => reject(new BackupError(`${tool} could not run (${err.message}): install PostgreSQL's client tools (Debian: postgresql-client)`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** `pg_dump` of the database into `file` (custom format: compressed, restored with pg_restore). */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${databaseUrl}`]);
}

/** `pg_restore` of a pg_dump into the database, which must have no tables yet. */
export async function restorePostgres(file: string, databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if ((rows[0]?.n ?? 0) > 0) throw new BackupError('the database has tables: restore into an empty database (createdb a new one)');
  } finally {
    await client.end();
  }
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${databaseUrl}`, file]);
}
