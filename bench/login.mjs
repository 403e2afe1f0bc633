#!/usr/bin/env node
// Teacher login throughput: POST /api/login/admin with valid credentials (argon2id verify).
//
//   node bench/login.mjs [--pg] [--connections 4,16] [--duration 10] [--warmup 1]
//
// Starts the server (PGlite on a temp DATA_DIR, or with --pg PostgreSQL on a throw-away
// database created next to postgres://postgres@127.0.0.1:5432/test and dropped at the end),
// creates one verified teacher (signup -> /api/dev/outbox -> verification link), then for each
// connection count restarts the server (so @fastify/rate-limit's 2000 requests/minute window
// starts empty), runs autocannon for --warmup seconds (not reported) and then --duration
// seconds, and prints requests/s, latency p50/p99 and the non-2xx count.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuMs, createPgDatabase, fmt, freePort, memoryMB, serverEnv, spawnServer, stopChild, waitForHealthy } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    connections: { type: 'string', default: '4,16' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '1' },
  },
});
const CONNECTIONS = args.connections.split(',').map(Number);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const RATE_LIMIT_PER_MINUTE = 2000;

const teacher = { username: 'benchteacher', email: 'bench.teacher@example.com', password: 'bench-password-123' };

let server;
let dataDir;
let pgDatabase;
async function cleanup() {
  await stopChild(server);
  server = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
  if (pgDatabase) await pgDatabase.drop();
  pgDatabase = undefined;
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

async function startServer() {
  const port = await freePort();
  const env = serverEnv({ PORT: String(port), DATA_DIR: dataDir, ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}) });
  server = spawnServer(env);
  await waitForHealthy(`http://127.0.0.1:${port}/healthz`, server);
  return `http://127.0.0.1:${port}`;
}

async function expectStatus(res, status, what) {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${await res.text()}`);
}

/** Signup, read the verification mail from the dev outbox, follow its link (on 127.0.0.1). */
async function createVerifiedTeacher(base) {
  const json = { 'content-type': 'application/json' };
  await expectStatus(await fetch(`${base}/api/signup/admin`, { method: 'POST', headers: json, body: JSON.stringify(teacher) }), 201, 'signup');
  const outbox = await (await fetch(`${base}/api/dev/outbox`)).json();
  const mail = outbox.filter((m) => m.to.includes(teacher.email)).at(-1);
  const token = mail?.text.match(/verify-email\?token=([^\s&"'<>]+)/)?.[1];
  if (!token) throw new Error('no verification link in the outbox');
  const verify = await fetch(`${base}/api/verify-email?token=${token}`, { redirect: 'manual' });
  await expectStatus(verify, 302, 'verify-email');
  if (!verify.headers.get('location')?.includes('success=true')) throw new Error(`verification failed: ${verify.headers.get('location')}`);
  const login = await fetch(`${base}/api/login/admin`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ loginName: teacher.username, password: teacher.password }),
  });
  await expectStatus(login, 200, 'first login');
  if (!login.headers.get('set-cookie')) throw new Error('login answered 200 without Set-Cookie');
}

function cannon(base, connections, duration) {
  return autocannon({
    url: `${base}/api/login/admin`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName: teacher.username, password: teacher.password }),
    connections,
    duration,
    timeout: 30,
  });
}

try {
  const backend = args.pg ? 'PostgreSQL' : 'PGlite';
  console.log(`Node ${process.version}, login throughput on ${backend}, ${DURATION} s per run after ${WARMUP} s warm-up`);
  console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  dataDir = mkdtempSync(join(tmpdir(), 'kolikko-bench-'));
  if (args.pg) pgDatabase = await createPgDatabase();

  await createVerifiedTeacher(await startServer());
  await stopChild(server);

  console.log('connections | req/s (mean) | requests | p50 ms | p99 ms | max ms | non-2xx | 429 | errors | server CPU ms/login | server RSS after / peak MB');
  for (const connections of CONNECTIONS) {
    const base = await startServer(); // a fresh rate-limit window for each run
    let sent = 1; // the health check
    if (WARMUP > 0) {
      const w = await cannon(base, connections, WARMUP);
      sent += w.requests.sent ?? w.requests.total;
    }
    const cpuBefore = cpuMs(server.pid);
    const r = await cannon(base, connections, DURATION);
    const cpuPerLogin = (cpuMs(server.pid) - cpuBefore) / r.requests.total;
    sent += r.requests.sent ?? r.requests.total;
    const mem = memoryMB(server.pid);
    const tooMany = r.statusCodeStats?.['429']?.count ?? 0;
    console.log(
      [
        String(connections).padStart(11),
        fmt(r.requests.average, 1).padStart(12),
        String(r.requests.total).padStart(8),
        fmt(r.latency.p50).padStart(6),
        fmt(r.latency.p99).padStart(6),
        fmt(r.latency.max).padStart(6),
        String(r.non2xx).padStart(7),
        String(tooMany).padStart(3),
        String(r.errors + r.timeouts).padStart(6),
        fmt(cpuPerLogin, 1).padStart(19),
        `${fmt(mem.rss, 0)} / ${fmt(mem.hwm, 0)}`.padStart(26),
      ].join(' | '),
    );
    console.log(
      `  ${sent} requests reached this server in this run (health check + warm-up + run; limit ${RATE_LIMIT_PER_MINUTE}/minute per address)` +
        (sent > RATE_LIMIT_PER_MINUTE ? ' - ABOVE THE LIMIT, expect 429s' : ''),
    );
    await stopChild(server);
  }
  console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await cleanup();
}
