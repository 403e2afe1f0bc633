// Operator commands: `npm run admin -- <command>`.
//
//   npm run admin -- premium <username>          make a teacher premium (it may publish to the community)
//   npm run admin -- premium <username> --off    take it back
//   npm run admin -- jobs                        the scheduled jobs' last runs (issue 18)
//   npm run admin -- --help, <command> --help    what the commands do
//
// Reads the same configuration as the server (DATABASE_URL, DATA_DIR). On PostgreSQL it connects
// itself. On the embedded database it never opens DATA_DIR while a server holds it (two processes
// on one PGlite directory risk the data): when DATA_DIR/operator.json names a running server, the
// command asks that server (127.0.0.1, the file's secret), so the change shows at once; when no
// server runs, it opens the database itself.
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { OPERATOR_SECRET_HEADER, processRuns, readOperatorFile } from './modules/operator/operator.ts';
import { setPremium } from './modules/operator/operator.repo.ts';
import { listJobRuns, type JobRunRow } from './platform/jobs.repo.ts';

const USAGE = `usage: npm run admin -- premium <username> [--off]`;
const JOBS_USAGE = `usage: npm run admin -- jobs`;
const HELP: Record<string, string> = {
  premium: `${USAGE}\n  Makes a teacher premium (it may publish lists to the community), or with --off takes it back.`,
  jobs: `${JOBS_USAGE}\n  Lists the scheduled jobs' last runs: when, whether it succeeded, how long, how many rows, runs and failures, the last error.`,
};
const ALL_HELP = `usage: npm run admin -- <command> [options]\n\n${Object.values(HELP).join('\n\n')}\n\nOn PostgreSQL (DATABASE_URL) a command connects itself; on the embedded database it goes through the running server, or opens DATA_DIR itself when none runs.`;

class CommandError extends Error {}

/**
 * An operator call to the server that holds DATA_DIR (127.0.0.1, the operator file's secret), or
 * 'no-server' when none runs. A server that runs but does not answer is an error: opening its
 * database now could harm it.
 */
async function askServer(dataDir: string, path: string, body?: unknown): Promise<Response | 'no-server'> {
  const server = readOperatorFile(dataDir);
  if (!server || !processRuns(server.pid)) return 'no-server';
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${server.port}/api/operator/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { [OPERATOR_SECRET_HEADER]: server.secret, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    throw new CommandError(
      `a server (pid ${server.pid}) holds ${dataDir} but did not answer on port ${server.port} (${String(err)}); try again or stop it; ` +
        `if no Kolikko server runs, that pid belongs to another program: delete ${dataDir}/operator.json`,
    );
  }
  if (res.ok || res.status === 404) return res;
  throw new CommandError(`the server (pid ${server.pid}) refused the command: HTTP ${res.status}`);
}

async function throughServer(dataDir: string, username: string, premium: boolean): Promise<{ username: string; isPremium: boolean } | null | 'no-server'> {
  const res = await askServer(dataDir, 'premium', { username, premium });
  if (res === 'no-server') return res;
  if (res.status === 404) {
    if (((await res.json().catch(() => ({}))) as { errorCode?: string }).errorCode === 'USER.USER_NOT_FOUND') return null;
    throw new CommandError(`the server refused the command: HTTP ${res.status}`);
  }
  return (await res.json()) as { username: string; isPremium: boolean };
}

/** The running server's job runs (GET operator/jobs), or 'no-server'. */
async function jobsThroughServer(dataDir: string): Promise<JobRunRow[] | 'no-server'> {
  const res = await askServer(dataDir, 'jobs');
  if (res === 'no-server') return res;
  if (!res.ok) throw new CommandError(`the server refused the command: HTTP ${res.status}`);
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
  if (rows === 'no-server') {
    how = config.databaseUrl ? 'on PostgreSQL' : `on the embedded database in ${config.dataDir}`;
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      rows = await listJobRuns(database.db);
    } finally {
      await database.close();
    }
  }
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
  if (result === 'no-server') {
    how = config.databaseUrl ? 'on PostgreSQL' : `on the embedded database in ${config.dataDir}`;
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      result = await setPremium(database.db, username, !off);
    } finally {
      await database.close();
    }
  }
  if (result === null) throw new CommandError(`no teacher with the username "${username}"`);
  return `${result.username} is ${result.isPremium ? 'now premium' : 'no longer premium'} (${how})`;
}

try {
  const [command, ...rest] = process.argv.slice(2);
  const commands: Record<string, (args: string[]) => Promise<string>> = { premium, jobs };
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
  if (err instanceof CommandError || err instanceof ConfigError) {
    process.stderr.write(`admin: ${err.message}\n`);
    process.exit(2);
  }
  throw err;
}
