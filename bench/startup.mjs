#!/usr/bin/env node
// Start-up time and idle memory of the Kolikko server.
//
//   node bench/startup.mjs [--runs 5] [--idle 5000] [--no-npm | --only-npm] [--pg]
//
// 1. cold: N starts, each on a fresh, empty DATA_DIR (PGlite creates the cluster and migrates).
// 2. warm: N starts reusing one DATA_DIR that an earlier, unmeasured start initialised.
//    Each start is the compiled server `npm start` runs (`node --enable-source-maps
//    apps/server/dist/server.mjs`, compiled first if stale) spawned directly, so the child's PID is
//    the server process. A third series runs the TypeScript sources through tsx instead, as the
//    tests do (`node --import tsx apps/server/src/main.ts`), for comparison. Time = spawn() to the first 200 from GET /healthz (polled every
//    20 ms). After the last start of each series the server sits idle for 5 s, then VmRSS is
//    read from /proc/<pid>/status.
// 3. npm start: spawns `npm start` twice on the warm DATA_DIR (the first may build the web app),
//    finds the node server among npm's descendants and reads its VmRSS after 5 s idle. If
//    `npm start` fails (e.g. the web build fails), a stand-in with the same wrapper chain
//    (`npm run -w @kolikko/bench server`: npm -> sh -> node, no web build) is measured instead.
// 4. --pg: also a warm series with DATABASE_URL on a throw-away PostgreSQL database, to show
//    how much of the memory is PGlite's.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import {
  ROOT,
  cmdline,
  cpuMs,
  createPgDatabase,
  descendants,
  fmt,
  freePort,
  keepStderr,
  killPid,
  memoryMB,
  serverEnv,
  sleep,
  spawnServer,
  stats,
  stopChild,
  waitForHealthy,
} from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    idle: { type: 'string', default: '5000' },
    'no-npm': { type: 'boolean', default: false },
    'only-npm': { type: 'boolean', default: false },
    pg: { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const IDLE_MS = Number(args.idle);

const active = new Set();
const tempDirs = [];
let pgDatabase;
async function cleanup() {
  for (const child of active) await stopChild(child);
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  if (pgDatabase) await pgDatabase.drop();
  pgDatabase = undefined;
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kolikko-bench-'));
  tempDirs.push(dir);
  return dir;
};

/** One direct start; returns ms to first 200 and, if idleMs is set, memory after idling. */
async function startOnce(dataDir, { idleMs = 0, databaseUrl, source = false } = {}) {
  const port = await freePort();
  const env = serverEnv({ PORT: String(port), DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const t0 = performance.now();
  const child = spawnServer(env, [], { source });
  active.add(child);
  try {
    const t1 = await waitForHealthy(`http://127.0.0.1:${port}/healthz`, child);
    const cpu = cpuMs(child.pid);
    let mem;
    if (idleMs) {
      await sleep(idleMs);
      mem = memoryMB(child.pid);
      mem.cmd = cmdline(child.pid);
      mem.children = descendants(child.pid).length;
    }
    return { ms: t1 - t0, cpu, mem };
  } finally {
    await stopChild(child);
    active.delete(child);
  }
}

function printSeries(label, runs, mem) {
  const s = stats(runs.map((r) => r.ms));
  const c = stats(runs.map((r) => r.cpu));
  console.log(`${label}: ${runs.map((r) => fmt(r.ms)).join(', ')} ms`);
  console.log(`  median ${fmt(s.median)} ms, min ${fmt(s.min)} ms, max ${fmt(s.max)} ms`);
  console.log(`  server CPU time (user+sys) used by then: median ${fmt(c.median)} ms, min ${fmt(c.min)} ms, max ${fmt(c.max)} ms`);
  if (mem) {
    console.log(
      `  idle ${IDLE_MS / 1000} s after start: VmRSS ${fmt(mem.rss, 1)} MB (peak VmHWM ${fmt(mem.hwm, 1)} MB, ${mem.threads} threads, ${mem.children} child processes)`,
    );
  }
}

/**
 * Spawns `npm <npmArgs>` in the repository root, waits for /healthz, finds the node process that
 * runs the server (apps/server/dist/server.mjs, or the sources) among npm's descendants and reads
 * its memory after idling.
 */
async function npmOnce(npmArgs, dataDir) {
  const port = await freePort();
  const t0 = performance.now();
  const npm = spawn('npm', npmArgs, {
    cwd: ROOT,
    env: serverEnv({ PORT: String(port), DATA_DIR: dataDir }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  keepStderr(npm);
  let out = '';
  npm.stdout.setEncoding('utf8');
  npm.stdout.on('data', (chunk) => {
    out = (out + chunk).slice(-20_000);
  });
  active.add(npm);
  let serverPid;
  try {
    const t1 = await waitForHealthy(`http://127.0.0.1:${port}/healthz`, npm, { timeoutMs: 300_000 });
    const isServer = (pid) => {
      const argv = cmdline(pid).split(' ');
      return /(^|\/)node$/.test(argv[0]) && (argv.includes('apps/server/dist/server.mjs') || argv.includes('apps/server/src/main.ts'));
    };
    serverPid = descendants(npm.pid).find(isServer);
    if (!serverPid) throw new Error('no node server process found among the descendants of npm');
    await sleep(IDLE_MS);
    const mem = memoryMB(serverPid);
    const npmMem = memoryMB(npm.pid);
    return { ms: t1 - t0, mem, npmMem, built: /Building the web app|rebuilding|Compiling the server|compiling/.test(out) };
  } finally {
    // Stop the server by its PID; the shell and npm then exit by themselves.
    const tree = descendants(npm.pid);
    if (serverPid) await killPid(serverPid);
    await Promise.race([new Promise((r) => (npm.exitCode !== null ? r() : npm.once('exit', r))), sleep(5000)]);
    for (const pid of tree.reverse()) await killPid(pid, 2000);
    await stopChild(npm);
    active.delete(npm);
  }
}

try {
  console.log(`Node ${process.version}, ${availableParallelism()} cores, ${RUNS} runs per series`);
  console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  const warmDir = newDataDir();
  await startOnce(warmDir); // initialise the data directory the warm and npm runs reuse, unmeasured

  /** RUNS starts; the last one idles and has its memory read. */
  const series = async (label, dataDir, options = {}) => {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await startOnce(dataDir(), { ...options, idleMs: i === RUNS - 1 ? IDLE_MS : 0 }));
    const mem = runs.at(-1).mem;
    printSeries(label, runs, mem);
    return mem;
  };

  if (!args['only-npm']) {
    // 1. cold: a fresh, empty DATA_DIR each time
    await series('cold start (fresh DATA_DIR), direct node', newDataDir);
    // 2. warm: the initialised DATA_DIR
    const mem = await series('warm start (existing DATA_DIR), direct node', () => warmDir);
    console.log(`  measured process: ${mem.cmd}`);
    // 2b. the same from the TypeScript sources through tsx, as the tests run the server
    const sourceMem = await series('warm start from the sources through tsx, direct node', () => warmDir, { source: true });
    console.log(`  measured process: ${sourceMem.cmd}`);
  }

  // 3. npm start
  if (!args['no-npm']) {
    const report = (label, r) =>
      console.log(
        `${label}${r.built ? ' [the web app or the server was built during this start]' : ''}: ${fmt(r.ms)} ms to first 200; server VmRSS ${fmt(r.mem.rss, 1)} MB after ${IDLE_MS / 1000} s idle (npm process itself ${fmt(r.npmMem.rss, 1)} MB)`,
      );
    const failure = (label, err) => {
      const tail = String(err instanceof Error ? err.message : err)
        .split('\n')
        .filter((line) => /error|fail/i.test(line) && !/npm warn/i.test(line))
        .slice(0, 4);
      console.log(`${label}: FAILED before the first 200`);
      for (const line of tail) console.log(`  | ${line.trim()}`);
    };
    let npmStartWorked = false;
    if (!existsSync(join(ROOT, 'scripts/ensure-web-build.mjs'))) {
      console.log('npm start: not measured, scripts/ensure-web-build.mjs does not exist.');
    } else {
      for (let i = 1; i <= 2; i++) {
        const label = `npm start run ${i}`;
        try {
          report(label, await npmOnce(['start'], warmDir));
          npmStartWorked = true;
        } catch (err) {
          failure(label, err);
          break;
        }
      }
    }
    if (!npmStartWorked) {
      // Same wrapper chain as `npm start` (npm run-script -> sh -> node), without the web build step.
      for (let i = 1; i <= 2; i++) {
        const label = `stand-in \`npm run -w @kolikko/bench server\` run ${i}`;
        try {
          report(label, await npmOnce(['run', '-w', '@kolikko/bench', 'server'], warmDir));
        } catch (err) {
          failure(label, err);
          break;
        }
      }
    }
  }

  // 4. PostgreSQL instead of PGlite
  if (args.pg && !args['only-npm']) {
    pgDatabase = await createPgDatabase();
    const dir = newDataDir(); // unused by the server in this mode
    await startOnce(dir, { databaseUrl: pgDatabase.url }); // migrate, unmeasured
    await series('warm start on PostgreSQL (DATABASE_URL, migrated database), direct node', () => dir, { databaseUrl: pgDatabase.url });
  }

  console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log('targets: warm start < 5000 ms, idle RSS < 300 MB');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await cleanup();
}
