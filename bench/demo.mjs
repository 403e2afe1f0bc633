#!/usr/bin/env node
// The demo at /proto (issue 19): how long a visitor waits, and what demos cost the server.
//
//   BENCH_WEB_DIST=/tmp/x node bench/demo.mjs [--runs 5] [--demos 200] [--seconds 60] [--pg] [--skip-browser] [--skip-load]
//
// Starts the compiled server (bench/lib.mjs spawnServer) on a fresh DATA_DIR (PGlite), or with
// --pg on a throw-away PostgreSQL database next to postgres://postgres@127.0.0.1:5432/test.
//  1. Browser: Debian's Chromium opens /proto at 1280 x 800 in a fresh context (so each run starts
//     a new demo: POST /api/demo seeds a classroom) --runs times; a run ends when both views are
//     ready: the teacher's frame shows the sample students' progress cards and the student's frame
//     its first task. Prints each run and the median.
//  2. Load: --demos demo starts spread evenly over --seconds (200 within a minute by default),
//     from 127.0.0.1 (not rate limited, as the server's own machine). Prints the time per start
//     (median, p95, max), the server's RSS before, at the end and its peak (sampled every 200 ms),
//     its CPU time, and with --pg the rows per table before and after (and per demo).
// The load average is printed before and after. Talks only to 127.0.0.1.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, cpuMs, createPgDatabase, fmt, freePort, memoryMB, serverEnv, sleep, spawnServer, stats, stopChild, stopOnInterruptOrWatchdog, waitForHealthy } from './lib.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from './web-setup.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    demos: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    pg: { type: 'boolean', default: false },
    'skip-browser': { type: 'boolean', default: false },
    'skip-load': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const DEMOS = Number(args.demos);
const SECONDS = Number(args.seconds);

let server;
let dataDir;
let pgDatabase;
let browser;
async function cleanup() {
  await browser?.close().catch(() => undefined);
  browser = undefined;
  await stopChild(server);
  server = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
  if (pgDatabase) await pgDatabase.drop();
  pgDatabase = undefined;
}
stopOnInterruptOrWatchdog(cleanup, 20 * 60_000);

const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const loadBefore = load();

async function startServer() {
  dataDir = mkdtempSync(join(tmpdir(), 'kolikko-bench-demo-'));
  if (args.pg) pgDatabase = await createPgDatabase();
  const port = await freePort();
  const webDist = process.env.BENCH_WEB_DIST ? resolve(process.env.BENCH_WEB_DIST) : join(ROOT, 'apps/web/dist');
  const env = serverEnv({ PORT: String(port), DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '100000', WEB_DIST: webDist, ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}) });
  server = spawnServer(env);
  await waitForHealthy(`http://127.0.0.1:${port}/healthz`, server);
  return `http://127.0.0.1:${port}`;
}

async function browserRuns(base) {
  const { chromium } = await import('@playwright/test');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const times = [];
  // One run first that is not counted: the server's first demo and the browser's first page warm up.
  for (let run = 0; run <= RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${base}/proto`);
    const teacher = page.frameLocator('[data-testid="demo-teacher"]');
    const student = page.frameLocator('[data-testid="demo-student"]');
    await Promise.all([
      teacher.locator('[data-testid^="shared-member-"]').first().waitFor({ timeout: 60_000 }),
      student.locator('[data-testid="student-todo-1"]').waitFor({ timeout: 60_000 }),
    ]);
    const ms = performance.now() - started;
    if (run > 0) {
      times.push(ms);
      console.log(`  run ${run}: ${fmt(ms)} ms`);
    }
    await context.close();
  }
  await browser.close();
  browser = undefined;
  const s = stats(times);
  console.log(`opening /proto to both views ready: median ${fmt(s.median)} ms (min ${fmt(s.min)}, max ${fmt(s.max)}) over ${RUNS} runs`);
}

async function rowCounts() {
  if (!pgDatabase) return null;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: pgDatabase.url });
  await client.connect();
  try {
    const tables = (await client.query(`select tablename from pg_tables where schemaname = 'public' and tablename <> '__drizzle_migrations' order by tablename`)).rows;
    const counts = {};
    for (const { tablename } of tables) counts[tablename] = Number((await client.query(`select count(*) as n from "${tablename}"`)).rows[0].n);
    return counts;
  } finally {
    await client.end();
  }
}

async function loadRun(base) {
  const rowsBefore = await rowCounts();
  // The memory a fresh server holds settles a few seconds after its start (PGlite's first queries).
  await sleep(5000);
  const memBefore = memoryMB(server.pid);
  const cpuBefore = cpuMs(server.pid);
  let peak = memBefore.rss;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, memoryMB(server.pid).rss);
    } catch {
      // The server ended; the run fails below.
    }
  }, 200);
  const gap = (SECONDS * 1000) / DEMOS;
  const times = [];
  let failed = 0;
  const started = performance.now();
  const starts = [];
  for (let i = 0; i < DEMOS; i += 1) {
    const due = started + i * gap;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    starts.push(
      (async () => {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/demo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ language: i % 2 ? 'fi' : 'en' }) });
        await res.arrayBuffer();
        if (res.status === 201) times.push(performance.now() - t0);
        else failed += 1;
      })(),
    );
  }
  await Promise.all(starts);
  const wall = performance.now() - started;
  clearInterval(sampler);
  const memAfter = memoryMB(server.pid);
  const cpu = cpuMs(server.pid) - cpuBefore;
  const s = stats(times);
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
  console.log(`${DEMOS} demos started over ${fmt(wall / 1000, 1)} s (${args.pg ? 'PostgreSQL' : 'PGlite'}): ${times.length} ok, ${failed} failed`);
  console.log(`  time per start: median ${fmt(s.median)} ms, p95 ${fmt(p95)} ms, max ${fmt(s.max)} ms`);
  console.log(`  server RSS: ${fmt(memBefore.rss)} MB before, ${fmt(memAfter.rss)} MB after, peak ${fmt(peak)} MB (+${fmt(memAfter.rss - memBefore.rss)} MB held); CPU ${fmt(cpu)} ms (${fmt(cpu / DEMOS, 1)} ms a demo)`);
  const rowsAfter = await rowCounts();
  if (rowsBefore && rowsAfter) {
    console.log('  rows per table (before -> after, per demo):');
    let total = 0;
    for (const [table, after] of Object.entries(rowsAfter)) {
      const added = after - (rowsBefore[table] ?? 0);
      total += added;
      if (added !== 0 || after !== 0) console.log(`    ${table.padEnd(20)} ${String(rowsBefore[table] ?? 0).padStart(6)} -> ${String(after).padStart(6)}  (${fmt(added / DEMOS, 1)})`);
    }
    console.log(`    all tables: +${total} rows (${fmt(total / DEMOS, 1)} a demo)`);
  }
}

try {
  console.log(`load average before: ${loadBefore}`);
  const base = await startServer();
  console.log(`server pid ${server.pid} on ${base} (${args.pg ? 'PostgreSQL' : 'PGlite'})`);
  if (!args['skip-browser']) await browserRuns(base);
  if (!args['skip-load']) await loadRun(base);
  console.log(`load average after: ${load()}`);
} finally {
  await cleanup();
}
