// Shared helpers for the bench scripts: free ports, spawning the server, waiting for /healthz,
// reading a process's memory, and stopping processes by PID.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/..). */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port that was free on 127.0.0.1 a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** `--app-env "K=V K2=V2"`: environment pairs for the app's servers only (not a baseline's). */
export function parseEnvPairs(text = '') {
  return Object.fromEntries(
    text
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        if (at < 1) throw new Error(`--app-env takes K=V pairs, not ${pair}`);
        return [pair.slice(0, at), pair.slice(at + 1)];
      }),
  );
}

/** The environment for a server child: the caller's, plus the given overrides. */
export function serverEnv(overrides) {
  const env = { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', CAPTCHA: 'off', LIMITS_EXEMPT_ADDRESSES: '127.0.0.1,::1', NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  delete env.PUBLIC_URL;
  return { ...env, ...overrides };
}

let serverCompiled = false;

/**
 * Spawns the server directly (no npm, no shell), so the child's PID is the server process itself:
 * by default the compiled bundle `npm start` runs (`node --enable-source-maps
 * apps/server/dist/server.mjs`, compiled first if it is missing or stale); with `{ source: true }`
 * the TypeScript sources through tsx (`node --import tsx apps/server/src/main.ts`), as the tests
 * run them.
 */
export function spawnServer(env, nodeArgs = [], { source = false } = {}) {
  if (!source && !serverCompiled) {
    execFileSync(process.execPath, ['scripts/ensure-server-build.mjs'], { cwd: ROOT, stdio: 'inherit' });
    serverCompiled = true;
  }
  const entry = source ? ['--import', 'tsx', 'apps/server/src/main.ts'] : ['--enable-source-maps', 'apps/server/dist/server.mjs'];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  keepStderr(child);
  return child;
}

/** Keeps the last few KiB of a child's stderr, for error messages. */
export function keepStderr(child) {
  child.stderrTail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk) => {
    child.stderrTail = (child.stderrTail + chunk).slice(-4000);
  });
}

/** One GET; resolves with the status code, or null when the connection fails or times out. */
export function getStatus(url, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
      res.on('error', () => resolve(null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

/**
 * Polls url every intervalMs until it answers 200. Resolves with performance.now() at that
 * moment; rejects if the child exits first or timeoutMs passes.
 */
export async function waitForHealthy(url, child, { intervalMs = 20, timeoutMs = 120_000 } = {}) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`process exited (code ${child.exitCode}, signal ${child.signalCode}) before ${url} answered 200\n${child.stderrTail ?? ''}`);
    }
    const started = performance.now();
    const status = await getStatus(url, 1000);
    if (status === 200) return performance.now();
    if (performance.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    const wait = intervalMs - (performance.now() - started);
    if (wait > 0) await sleep(wait);
  }
}

/** A process's /proc/<pid>/status fields in MB (VmRSS, VmHWM). */
export function memoryMB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => {
    const m = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return m ? Number(m[1]) / 1024 : NaN;
  };
  return { rss: kb('VmRSS'), hwm: kb('VmHWM'), threads: Number(status.match(/^Threads:\s+(\d+)/m)?.[1]) };
}

/** The command line of a process, as one string. */
export function cmdline(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
}

/** All descendants of pid (children, grandchildren, ...), read from /proc. */
export function descendants(pid) {
  const parentOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the ")" that closes the command name: state, ppid, ...
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // the process ended while we looked
    }
  }
  const found = [];
  let frontier = [pid];
  while (frontier.length) {
    const next = [];
    for (const [child, parent] of parentOf) if (frontier.includes(parent)) next.push(child);
    found.push(...next);
    frontier = next;
  }
  return found;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends SIGTERM to one PID, then SIGKILL after graceMs if it is still there. */
export async function killPid(pid, graceMs = 5000) {
  if (!pid || !isAlive(pid)) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(20);
  if (isAlive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Stops a spawned child by its PID and waits for its exit event. */
export async function stopChild(child, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await killPid(child.pid, graceMs);
  await Promise.race([exited, sleep(graceMs)]);
}

export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
}

export const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));

export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Creates a throw-away database next to PG_ADMIN_URL's; returns its URL and a drop(). */
export async function createPgDatabase() {
  const { default: pg } = await import('pg');
  const name = `kolikko_bench_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** CPU time (user + system, all threads) a process has used so far, in ms. */
export function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state); utime and stime are fields 14 and 15, in clock ticks.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS;
}
// USER_HZ is 100 on every mainstream Linux build.
const CLOCK_TICKS = 100;

/**
 * Runs `cleanup` (stop the servers and browsers this script started) and exits on Ctrl-C, or when
 * the script is still running after `ms`: a benchmark never outlives its run.
 */
export function stopOnInterruptOrWatchdog(cleanup, ms) {
  process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
  const watchdog = setTimeout(() => {
    console.error(`watchdog: still running after ${ms / 60000} minutes, stopping`);
    void cleanup().then(() => process.exit(2));
  }, ms);
  watchdog.unref();
}

/** In parallel, at most `limit` at a time. */
export async function inBatches(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i], i);
      }
    }),
  );
  return results;
}
