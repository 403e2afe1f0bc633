// Operator commands: `npm run admin -- <command>`.
//
//   npm run admin -- premium <username>          make a teacher premium (it may publish to the community)
//   npm run admin -- premium <username> --off    take it back
//   npm run admin -- jobs                        the scheduled jobs' last runs (issue 18)
//   npm run admin -- delete-user <username>      delete a teacher or a student as its own button does (issue 18)
//   npm run admin -- export <username> <file>    write a teacher's or a student's data export (issue 18)
//   npm run admin -- backup <file>               a consistent snapshot of the database (issue 35)
//   npm run admin -- restore <file>              restore one into an empty data directory or database
//   npm run admin -- --help, <command> --help    what the commands do
//
// Reads the same configuration as the server (DATABASE_URL, DATA_DIR). On PostgreSQL it connects
// itself. On the embedded database it never opens DATA_DIR while a server holds it (two processes
// on one PGlite directory risk the data): when DATA_DIR/operator.json names a running server, the
// command asks that server (127.0.0.1, the file's secret), so the change shows at once; when no
// server runs, it opens the database itself.
import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@kolikko/core/errors';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Db } from './db/client.ts';
import { EXPORT_KIND_HEADER, EXPORT_USERNAME_HEADER, OPERATOR_SECRET_HEADER, processRuns, readOperatorFile, removeOperatorFile } from './modules/operator/operator.ts';
import { setPremium, type OperatorUserKind } from './modules/operator/operator.repo.ts';
import { createStandaloneOperatorService, type DeletedUser, type ExportedUser } from './modules/operator/operator.service.ts';
import { listJobRuns, type JobRunRow } from './platform/jobs.repo.ts';
import { BackupError, dumpPgliteDir, dumpPostgres, restorePglite, restorePostgres } from './platform/backup.ts';
import type { LiveRooms } from './modules/realtime/io.ts';
import type { ServerToClientEvents } from '@kolikko/core/events';

const USAGE = `usage: npm run admin -- premium <username> [--off]`;
const JOBS_USAGE = `usage: npm run admin -- jobs`;
const DELETE_USAGE = `usage: npm run admin -- delete-user <username> [--teacher|--student]`;
const EXPORT_USAGE = `usage: npm run admin -- export <username> <file> [--teacher|--student] [--force]`;
const BACKUP_USAGE = `usage: npm run admin -- backup <file> [--force]`;
const RESTORE_USAGE = `usage: npm run admin -- restore <file>`;
/** A backup is made whole before the server answers. */
const BACKUP_TIMEOUT_MS = 30 * 60_000;
/** An export is made whole before the server answers: a large class may take minutes. */
const EXPORT_TIMEOUT_MS = 30 * 60_000;
const HELP: Record<string, string> = {
  premium: `${USAGE}\n  Makes a teacher premium (it may publish lists to the community), or with --off takes it back.`,
  jobs: `${JOBS_USAGE}\n  Lists the scheduled jobs' last runs: when, whether it succeeded, how long, how many rows, runs and failures, the last error.`,
  'delete-user': `${DELETE_USAGE}
  Deletes a teacher or a student as its own delete button does. A teacher goes with its groups, students,
  lists, rewards, images and chat, and the coins it and its students held go to the sink through the ledger;
  a student's coins go back to its teacher through the ledger. --teacher or --student says which when the
  username is both a teacher's and a student's. A student's name is unique only in its class: where several
  classes have a student of that name, give it with the class's join code, as CODE/name (BCDFGH/emma).
  A demo classroom's users are refused (the demo sweep removes them).
  On PostgreSQL with REDIS_URL the running servers are told through Redis: the teacher's screen drops the student,
  and the deleted users' live connections end.`,
  export: `${EXPORT_USAGE}
  Writes everything Kolikko holds about a teacher and its classes, or about a student, to <file>: the same ZIP
  its profile page downloads (manifest.json, README.txt, JSON files, images/), for answering a request of access.
  An existing <file> is refused unless --force; a relative <file> is taken from the directory npm runs the command in
  (the repository's root). --teacher or --student, and CODE/name for a student, as for delete-user; demo users are refused.`,
  backup: `${BACKUP_USAGE}
  Writes a consistent snapshot of the whole database (images included) to <file>, while the app runs. The embedded
  database: its data directory at one instant, as a gzipped tarball, made by the running server (or by this command
  when none runs). PostgreSQL (DATABASE_URL): pg_dump --format=custom. An existing <file> is refused unless --force.`,
  restore: `${RESTORE_USAGE}
  Restores a backup into an empty place, never over data: the embedded database into DATA_DIR, which must be absent
  or empty and held by no server; PostgreSQL into the database DATABASE_URL names, which must have no tables
  (pg_restore). Start the app on it afterwards; it brings the schema up to date as at any start.`,
};
const ALL_HELP = `usage: npm run admin -- <command> [options]\n\n${Object.values(HELP).join('\n\n')}\n\nOn PostgreSQL (DATABASE_URL) a command connects itself; on the embedded database it goes through the running server, or opens DATA_DIR itself when none runs.`;

class CommandError extends Error {}

/**
 * An operator call to the server that holds DATA_DIR (127.0.0.1, the operator file's secret), or
 * 'no-server' when none runs. A server that runs but does not answer is an error: opening its
 * database now could harm it.
 */
async function askServer(dataDir: string, path: string, body?: unknown, timeoutMs = 10_000): Promise<Response | 'no-server'> {
  const server = readOperatorFile(dataDir);
  if (!server || !processRuns(server.pid)) return 'no-server';
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${server.port}/api/operator/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { [OPERATOR_SECRET_HEADER]: server.secret, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new CommandError(
      `a server (pid ${server.pid}) holds ${dataDir} but did not answer on port ${server.port} (${String(err)}); try again or stop it; ` +
        `if no Kolikko server runs, that pid belongs to another program: delete ${dataDir}/operator.json`,
    );
  }
  // A refusal (4xx) is the caller's to read: its errorCode and message say why.
  if (res.status < 500) return res;
  throw new CommandError(`the server (pid ${server.pid}) refused the command: HTTP ${res.status}`);
}

/** The JSON error of a refused operator call (an AppError's answer: plugins/errors.ts). */
async function readRefusal(res: Response): Promise<{ errorCode?: string; message?: string }> {
  return (await res.json().catch(() => ({}))) as { errorCode?: string; message?: string };
}

/** A refused operator call as the command's answer: the server's message (the same as without a server, see standalone). */
async function refusal(res: Response): Promise<CommandError> {
  const { message } = await readRefusal(res);
  return new CommandError(message ?? `the server refused the command: HTTP ${res.status}`);
}

/**
 * Runs `work` on the database this command opens itself: on PostgreSQL, or on the embedded
 * database when no server holds it. Says which, for the command's answer.
 */
async function standalone<T>(config: Config, work: (db: Db) => Promise<T>): Promise<{ result: T; how: string }> {
  const how = config.databaseUrl ? 'on PostgreSQL' : `on the embedded database in ${config.dataDir}`;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return { result: await work(database.db), how };
  } finally {
    await database.close();
  }
}

/**
 * On PostgreSQL with REDIS_URL (several servers: the live events cross between them through
 * Redis), `work` gets a Redis emitter that reaches every server's sockets, as the servers' own
 * events do (the adapter's channels under REDIS_KEY_PREFIX); `told` says so in the command's answer.
 * Without Redis, or when it cannot be reached (said on stderr), `live` is undefined: nothing can
 * reach the servers (see createStandaloneOperatorService).
 */
async function withServersTold<T>(config: Config, work: (live: LiveRooms | undefined) => Promise<T>): Promise<{ result: T; told: string }> {
  const untold = async () => ({ result: await work(undefined), told: '' });
  if (!config.databaseUrl || !config.redisUrl) return untold();
  const [{ createClient }, { Emitter }] = await Promise.all([import('redis'), import('@socket.io/redis-emitter')]);
  const client = createClient({ url: config.redisUrl, socket: { connectTimeout: 5000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    process.stderr.write(`admin: Redis at ${config.redisUrl} cannot be reached (${String(err)}): the running servers are not told; the users' open live connections end when they drop\n`);
    return untold();
  }
  try {
    return { result: await work(new Emitter<ServerToClientEvents>(client, { key: `${config.redisKeyPrefix}:socket.io` })), told: ', the servers told through Redis' };
  } finally {
    // Waits for the emitter's messages to be sent.
    await client.close();
  }
}

/** Errors the owed-rewards settlement after a student's deletion logs (it never throws): to stderr. */
const stderrLog = {
  error: (obj: unknown, msg?: string) => {
    process.stderr.write(`admin: ${msg ?? ''} ${obj instanceof Object && 'err' in obj ? String(obj.err) : String(obj)}\n`);
  },
};

async function throughServer(dataDir: string, username: string, premium: boolean): Promise<{ username: string; isPremium: boolean } | null | 'no-server'> {
  const res = await askServer(dataDir, 'premium', { username, premium });
  if (res === 'no-server') return res;
  if (!res.ok) {
    const { errorCode, message } = await readRefusal(res);
    if (errorCode === 'USER.USER_NOT_FOUND') return null;
    throw new CommandError(message ?? `the server refused the command: HTTP ${res.status}`);
  }
  return (await res.json()) as { username: string; isPremium: boolean };
}

/** The running server's job runs (GET operator/jobs), or 'no-server'. */
async function jobsThroughServer(dataDir: string): Promise<JobRunRow[] | 'no-server'> {
  const res = await askServer(dataDir, 'jobs');
  if (res === 'no-server') return res;
  if (!res.ok) throw await refusal(res);
  return ((await res.json()) as { jobs: JobRunRow[] }).jobs;
}

/** One line a job: `name  last run …  ok|FAILED  duration  rows  runs  failures  (last error)`. */
function formatJobRuns(rows: Pick<JobRunRow, 'name' | 'lastRunAt' | 'lastSuccessAt' | 'lastDurationMs' | 'lastRows' | 'runs' | 'failures' | 'lastError'>[]): string {
  if (rows.length === 0) return 'no job has run yet';
  return rows
    .map((r) => {
      const at = new Date(r.lastRunAt).toISOString();
      const state = r.lastError === null ? 'ok' : `FAILED: ${r.lastError}`;
      return `${r.name}  last run ${at}  ${r.lastDurationMs} ms  ${r.lastRows} rows  runs ${r.runs}  failures ${r.failures}  ${state}`;
    })
    .join('\n');
}

async function jobs(args: string[]): Promise<string> {
  if (args.length > 0) throw new CommandError(JOBS_USAGE);
  const config = loadConfig();
  let rows: JobRunRow[] | 'no-server' = 'no-server';
  let how = 'through the running server';
  if (!config.databaseUrl) rows = await jobsThroughServer(config.dataDir);
  if (rows === 'no-server') ({ result: rows, how } = await standalone(config, listJobRuns));
  return `${formatJobRuns(rows)}\n(${how})`;
}

async function premium(args: string[]): Promise<string> {
  const off = args.includes('--off');
  const names = args.filter((a) => a !== '--off');
  if (names.length !== 1 || names[0]?.startsWith('-')) throw new CommandError(USAGE);
  const username = names[0] ?? '';
  const config = loadConfig();
  let result: { username: string; isPremium: boolean } | null | 'no-server' = 'no-server';
  let how = 'through the running server';
  if (!config.databaseUrl) result = await throughServer(config.dataDir, username, !off);
  if (result === 'no-server') ({ result, how } = await standalone(config, (db) => setPremium(db, username, !off)));
  if (result === null) throw new CommandError(`no teacher with the username "${username}"`);
  return `${result.username} is ${result.isPremium ? 'now premium' : 'no longer premium'} (${how})`;
}

/**
 * A command's arguments: one username, --teacher or --student (the kind of user it names), and the
 * flags the command allows; anything else is the usage.
 */
function userArgs(args: string[], usage: string, positional: number, flags: string[] = []) {
  const names = args.filter((a) => !a.startsWith('-'));
  const options = args.filter((a) => a.startsWith('-'));
  const unknown = options.filter((o) => o !== '--teacher' && o !== '--student' && !flags.includes(o));
  const teacher = options.includes('--teacher');
  const student = options.includes('--student');
  if (names.length !== positional || unknown.length > 0 || (teacher && student)) throw new CommandError(usage);
  const kind: OperatorUserKind | undefined = teacher ? 'teacher' : student ? 'member' : undefined;
  return { names, kind, has: (flag: string) => options.includes(flag) };
}

/** `username` and `kind` for an operator route, as ZUserRequest (operator.routes.ts) reads them. */
const userRequest = (username: string, kind: OperatorUserKind | undefined) => ({ username, ...(kind ? { kind } : {}) });

async function deleteUser(args: string[]): Promise<string> {
  const { names, kind } = userArgs(args, DELETE_USAGE, 1);
  const username = names[0] ?? '';
  const config = loadConfig();
  let deleted: DeletedUser | 'no-server' = 'no-server';
  let how = 'through the running server';
  if (!config.databaseUrl) {
    const res = await askServer(config.dataDir, 'delete-user', userRequest(username, kind));
    if (res !== 'no-server' && !res.ok) throw await refusal(res);
    if (res !== 'no-server') deleted = (await res.json()) as DeletedUser;
  }
  if (deleted === 'no-server') {
    const { result, told } = await withServersTold(config, (live) => standalone(config, (db) => createStandaloneOperatorService(db, stderrLog, live).deleteUser(username, kind)));
    deleted = result.result;
    how = `${result.how}${told}`;
  }
  const what =
    deleted.kind === 'teacher'
      ? `deleted teacher ${deleted.username} with ${deleted.groups} group(s) and ${deleted.students} student(s)`
      : `deleted student ${deleted.username}; its ${deleted.coinsReturned} coin(s) went back to its teacher ${deleted.teacherUsername}`;
  return `${what} (${how})`;
}

/** What the command says of an export it wrote. */
type Exported = Pick<ExportedUser, 'kind' | 'username' | 'bytes'>;

/**
 * The running server's export of a user, streamed into `path` as it arrives ('no-server' when no
 * server runs). The length is checked against the server's: a cut download is an error.
 */
async function exportThroughServer(dataDir: string, username: string, kind: OperatorUserKind | undefined, path: string): Promise<Exported | 'no-server'> {
  const res = await askServer(dataDir, 'export', userRequest(username, kind), EXPORT_TIMEOUT_MS);
  if (res === 'no-server') return res;
  if (!res.ok || !res.body) throw await refusal(res);
  try {
    await pipeline(Readable.fromWeb(res.body), createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } catch (err) {
    throw new CommandError(`the download from the server failed: ${String(err)}`);
  }
  const bytes = statSync(path).size;
  const expected = Number(res.headers.get('content-length'));
  if (bytes !== expected) throw new CommandError(`the download ended early: ${bytes} of ${expected} bytes`);
  const exportedKind: OperatorUserKind = res.headers.get(EXPORT_KIND_HEADER) === 'member' ? 'member' : 'teacher';
  const exportedName = decodeURIComponent(res.headers.get(EXPORT_USERNAME_HEADER) ?? username);
  return { kind: exportedKind, username: exportedName, bytes };
}

async function exportUser(args: string[]): Promise<string> {
  const { names, kind, has } = userArgs(args, EXPORT_USAGE, 2, ['--force']);
  const username = names[0] ?? '';
  const file = resolve(names[1] ?? '');
  if (existsSync(file) && !has('--force')) throw new CommandError(`${file} exists: add --force to overwrite it`);
  const config = loadConfig();
  // Written beside <file> under a name of its own, and renamed at the end: <file> never holds half an export.
  const partial = join(dirname(file), `.${basename(file)}.${randomUUID()}.part`);
  let exported: Exported | 'no-server' = 'no-server';
  let how = 'through the running server';
  try {
    if (!config.databaseUrl) exported = await exportThroughServer(config.dataDir, username, kind, partial);
    if (exported === 'no-server') ({ result: exported, how } = await standalone(config, (db) => createStandaloneOperatorService(db, stderrLog).exportUser(username, kind, partial)));
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  const who = exported.kind === 'teacher' ? 'teacher' : 'student';
  return `wrote the data of ${who} ${exported.username} to ${file} (${exported.bytes} bytes) (${how})`;
}

/** The running server's backup of the embedded database, streamed into `path` ('no-server' when none runs). */
async function backupThroughServer(dataDir: string, path: string): Promise<'no-server' | number> {
  const res = await askServer(dataDir, 'backup', {}, BACKUP_TIMEOUT_MS);
  if (res === 'no-server') return res;
  if (!res.ok || !res.body) throw await refusal(res);
  await pipeline(Readable.fromWeb(res.body), createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  const bytes = statSync(path).size;
  const expected = Number(res.headers.get('content-length'));
  if (bytes !== expected) throw new CommandError(`the download ended early: ${bytes} of ${expected} bytes`);
  return bytes;
}

async function backup(args: string[]): Promise<string> {
  const names = args.filter((a) => !a.startsWith('-'));
  const options = args.filter((a) => a.startsWith('-'));
  if (names.length !== 1 || options.some((o) => o !== '--force')) throw new CommandError(BACKUP_USAGE);
  const file = resolve(names[0] ?? '');
  if (existsSync(file) && !options.includes('--force')) throw new CommandError(`${file} exists: add --force to overwrite it`);
  const config = loadConfig();
  // As an export: written beside <file> under a name of its own and renamed at the end.
  const partial = join(dirname(file), `.${basename(file)}.${randomUUID()}.part`);
  let how = 'pg_dump of PostgreSQL';
  try {
    if (config.databaseUrl) {
      await dumpPostgres(config.databaseUrl, partial);
    } else if ((await backupThroughServer(config.dataDir, partial)) === 'no-server') {
      how = `the embedded database in ${config.dataDir}, no server running`;
      writeFileSync(partial, await dumpPgliteDir(config.dataDir), { mode: 0o600 });
    } else {
      how = 'the embedded database, through the running server';
    }
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return `wrote a backup to ${file} (${statSync(file).size} bytes) (${how})`;
}

async function restore(args: string[]): Promise<string> {
  if (args.length !== 1 || args[0]?.startsWith('-')) throw new CommandError(RESTORE_USAGE);
  const file = resolve(args[0] ?? '');
  if (!existsSync(file)) throw new CommandError(`${file} does not exist`);
  const config = loadConfig();
  if (config.databaseUrl) {
    await restorePostgres(file, config.databaseUrl);
    return `restored ${file} into PostgreSQL (pg_restore)`;
  }
  const server = readOperatorFile(config.dataDir);
  if (server && processRuns(server.pid)) throw new CommandError(`a server (pid ${server.pid}) holds ${config.dataDir}: stop it, and restore into an empty data directory`);
  await restorePglite(file, config.dataDir);
  // The backup holds the directory as the server left it, its operator file too: that names the
  // server the backup was made on, not one that holds this directory.
  removeOperatorFile(config.dataDir);
  return `restored ${file} into the embedded database in ${config.dataDir}`;
}

try {
  const [command, ...rest] = process.argv.slice(2);
  const commands: Record<string, (args: string[]) => Promise<string>> = { premium, jobs, 'delete-user': deleteUser, export: exportUser, backup, restore };
  if (command === undefined || command === '--help' || command === 'help') {
    process.stdout.write(`${ALL_HELP}\n`);
    process.exit(command === undefined ? 2 : 0);
  }
  const run = commands[command];
  if (!run) throw new CommandError(`unknown command "${command}"\n${ALL_HELP}`);
  if (rest.includes('--help')) {
    process.stdout.write(`${HELP[command]}\n`);
    process.exit(0);
  }
  process.stdout.write(`${await run(rest)}\n`);
  process.exit(0);
} catch (err) {
  // A refusal of the operator service (no such user, a demo's...) said to the operator, as the server would.
  if (err instanceof CommandError || err instanceof ConfigError || err instanceof BackupError || (err instanceof AppError && err.status < 500)) {
    process.stderr.write(`admin: ${err.message}\n`);
    process.exit(2);
  }
  throw err;
}
