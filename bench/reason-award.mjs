#!/usr/bin/env node
// A reason award to a class of 30 against the batch award as it was before award reasons (issue
// 32, "Bar": "a reason award to a class of 30 costs the server no more than today's batch award").
//
//   node bench/reason-award.mjs [--base b0eb945] [--rounds 6] [--duration 10] [--warmup 2]
//                               [--connections 4] [--class 30] [--replays 15] [--time-limit 840]
//                               [--variant-root <dir>]
//
// --cpu-prof <dir>: each server writes a V8 CPU profile into <dir>/<before|after|variant>/ when
// it stops (node --cpu-prof), to read in Chrome's DevTools or with bench/cpuprofile-summary.mjs.
// --variant-root <dir>: a third server from another copy of the repository (e.g. a worktree of
// HEAD with a change to try, node_modules linked as below), measured as variant-plain and
// variant-reason beside the others, in the same rounds.
// 1. "before": the app at --base (default b0eb945, the last commit before award reasons), checked
//    out with `git worktree add --detach <tmp> <base>`; its node_modules is a directory of links
//    to this checkout's node_modules entries, with @kolikko/* linked to the worktree's own
//    workspaces (so the old server runs with the old packages/core). "after": the app in this
//    checkout (working tree as it is). Each from its sources (`node --import tsx
//    apps/server/src/main.ts`, cwd its root) with NODE_ENV=production LOG_LEVEL=warn CAPTCHA=off
//    JOBS=off RATE_LIMIT_PER_MINUTE=1000000, a free port, a DATA_DIR of its own and a PostgreSQL
//    database of its own (kolikko_bench_<random> next to postgres://postgres@127.0.0.1:5432/test,
//    BENCH_PG_URL overrides it), which it migrates at start.
// 2. Seeds each with SQL: one teacher whose purse is --purse coins (teachers.coins AND one ledger
//    row mint -> teacher, 'starter_coins', so the books balance), a session for it (the cookie is
//    a random token, the table its SHA-256), one group, --class students. On "after", reads the
//    group's six default reasons through GET /api/group/{id}/reasons and takes the first.
// 3. Checks one award on each (200, every student +1, award_id on "after"), then for --rounds
//    rounds runs, in an order rotated each round: before: PUT /api/member/coins/batch {members,
//    coins: 1}; after-plain: the same; after-reason: {members, reason_id}. Each --warmup s (not
//    reported), then --duration s (autocannon, --connections, the same body every request). Per
//    run: req/s, p50/p99, and the CPU per award of the server process and of its database's
//    PostgreSQL backends (/proc/<pid>/stat, user + system).
// 4. Captures the statements each kind of award sends (this file with --capture, under tsx, in
//    each root: buildApp + inject, one award not captured first, then one captured), and replays
//    each award's statements --replays times with EXPLAIN ANALYZE inside a transaction that is
//    rolled back (the award id replaced by a fresh one each time): where the database's time goes.
// 5. Checks the books of each database (every balance equals its ledger rows, no coin made or
//    lost, what left the purse is what the students hold, one teacher_award row a coin, every
//    "after" award --class ledger rows), stops every process it started by its PID, drops the
//    databases, removes the worktree. --time-limit s stops it regardless.
//
// A run's awards are counted from the purse (each award gives 1 coin to each student), read
// 300 ms after autocannon stops (it leaves up to one request a connection in flight).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ROOT, cpuMs, createPgDatabase, fmt, freePort, keepStderr, serverEnv, sleep, stats, stopChild, waitForHealthy } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: 'b0eb945' },
    rounds: { type: 'string', default: '6' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '4' },
    class: { type: 'string', default: '30' },
    purse: { type: 'string', default: '1000000000' },
    replays: { type: 'string', default: '15' },
    'time-limit': { type: 'string', default: '840' },
    'variant-root': { type: 'string' },
    'cpu-prof': { type: 'string' },
    capture: { type: 'boolean', default: false },
  },
});

const SCENARIOS = {
  before: { label: `before: batch award (${args.base})`, server: 'before', reason: false },
  'after-plain': { label: 'after: batch award, no reason', server: 'after', reason: false },
  'after-reason': { label: 'after: reason award', server: 'after', reason: true },
  ...(args['variant-root']
    ? {
        'variant-plain': { label: 'variant: batch award, no reason', server: 'variant', reason: false },
        'variant-reason': { label: 'variant: reason award', server: 'variant', reason: true },
      }
    : {}),
};
const ORDER = Object.keys(SCENARIOS);

if (args.capture) {
  await runCapture();
} else {
  await main();
}

// ---------------------------------------------------------------------------------------------
// --capture (under tsx, cwd the server's root): that root's app built in this process on its
// database; each of CAPTURE_OPS injected twice, every query its pool sent during the second
// written to CAPTURE_OUT.

async function runCapture() {
  const root = process.env.CAPTURE_ROOT;
  const { default: pg } = await import('pg');
  let log;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, callback) {
    if (log) {
      const text = typeof config === 'string' ? config : config?.text;
      const vals = typeof config === 'string' ? values : (config?.values ?? values);
      if (text) log.push({ text, values: Array.isArray(vals) ? vals : [], name: typeof config === 'object' ? config?.name : undefined });
    }
    return query.call(this, config, values, callback);
  };
  const from = (p) => import(pathToFileURL(join(root, p)).href);
  const { loadConfig } = await from('apps/server/src/config.ts');
  const { openDatabase } = await from('apps/server/src/db/client.ts');
  const { buildApp } = await from('apps/server/src/app.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'kolikko-bench-reason-capture-'));
  const config = loadConfig({
    DATABASE_URL: process.env.CAPTURE_DATABASE_URL,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    // Production refuses to start without the operator's name (config.ts).
    COMPANY_NAME: 'Kolikko bench',
    LOG_LEVEL: 'silent',
    CAPTCHA: 'off',
    LIMITS_EXEMPT_ADDRESSES: '127.0.0.1,::1',
    JOBS: 'off',
    PORT: '0',
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const app = await buildApp({ config, database });
  await app.ready();
  const out = [];
  try {
    for (const op of JSON.parse(process.env.CAPTURE_OPS)) {
      const inject = () => app.inject({ method: 'PUT', url: op.url, payload: op.body, headers: { cookie: process.env.CAPTURE_COOKIE } });
      // The first one fills the session cache and prepares the statements on a connection.
      const first = await inject();
      log = [];
      const res = await inject();
      await new Promise((resolve) => setTimeout(resolve, 200));
      out.push({ key: op.key, warmStatus: first.statusCode, status: res.statusCode, body: res.body.slice(0, 4000), queries: log });
      log = undefined;
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  writeFileSync(process.env.CAPTURE_OUT, JSON.stringify(out));
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const { default: pg } = await import('pg');
  const { default: autocannon } = await import('autocannon');

  const ROUNDS = Number(args.rounds);
  const DURATION = Number(args.duration);
  const WARMUP = Number(args.warmup);
  const CONNECTIONS = Number(args.connections);
  const CLASS = Number(args.class);
  const PURSE = Number(args.purse);
  const REPLAYS = Number(args.replays);
  const TIME_LIMIT_S = Number(args['time-limit']);

  const children = [];
  const dirs = [];
  const clients = [];
  const databases = [];
  let worktree;
  let cleaned = false;
  async function cleanup() {
    if (cleaned) return;
    cleaned = true;
    for (const child of children) await stopChild(child);
    for (const c of clients) await c.end().catch(() => {});
    for (const d of databases) {
      try {
        await d.drop();
        console.log(`dropped database ${d.name}`);
      } catch (err) {
        console.error(`!!!!! could not drop ${d.name}: ${err.message}`);
      }
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    if (worktree) {
      try {
        execFileSync('git', ['worktree', 'remove', '--force', worktree], { cwd: ROOT, stdio: 'pipe' });
      } catch (err) {
        console.error(`git worktree remove: ${String(err.stderr ?? err.message).trim()}`);
      }
      rmSync(worktree, { recursive: true, force: true });
      execFileSync('git', ['worktree', 'prune'], { cwd: ROOT, stdio: 'pipe' });
      console.log(`removed worktree ${worktree}`);
    }
  }
  const bail = (why, code) => {
    console.error(why);
    void cleanup().finally(() => process.exit(code));
  };
  process.on('SIGINT', () => bail('interrupted', 130));
  process.on('SIGTERM', () => bail('terminated', 143));
  setTimeout(() => bail(`time limit of ${TIME_LIMIT_S} s reached, stopping`, 1), TIME_LIMIT_S * 1000).unref();

  const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
  const t0 = performance.now();
  const since = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  const git = (...a) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8' }).trim();
  let failed = false;
  const loads = [];

  try {
    const head = git('rev-parse', '--short', 'HEAD');
    const base = git('rev-parse', '--short', args.base);
    const dirty = git('status', '--porcelain', '--', 'apps/server', 'packages/core').split('\n').filter(Boolean);
    console.log(`Node ${process.version}, reason award vs batch award, ${new Date().toISOString()}`);
    console.log(`before = ${base} (${git('log', '-1', '--format=%s', args.base).slice(0, 80)}); after = ${head} plus the working tree (${dirty.length} changed files under apps/server and packages/core${dirty.length ? `: ${dirty.join(', ')}` : ''})`);
    console.log(`class of ${CLASS}, ${CONNECTIONS} connections, ${WARMUP} s + ${DURATION} s per run, ${ROUNDS} rounds`);
    console.log(`load average before: ${load()}`);

    // --- the old code in a worktree ---------------------------------------------------------
    worktree = join(tmpdir(), `kolikko-bench-before-${randomBytes(4).toString('hex')}`);
    execFileSync('git', ['worktree', 'add', '--detach', worktree, args.base], { cwd: ROOT, stdio: 'pipe' });
    linkNodeModules(worktree);
    console.log(`[${since()}] worktree ${worktree} at ${base}, node_modules linked to ${ROOT}/node_modules (@kolikko/* to the worktree's own)`);

    // --- databases and servers ----------------------------------------------------------------
    const servers = {};
    for (const [name, root] of [
      ['before', worktree],
      ['after', ROOT],
      ...(args['variant-root'] ? [['variant', args['variant-root']]] : []),
    ]) {
      const database = await createPgDatabase();
      databases.push(database);
      const dataDir = mkdtempSync(join(tmpdir(), `kolikko-bench-reason-${name}-`));
      dirs.push(dataDir);
      const port = await freePort();
      const started = performance.now();
      const profile = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', join(args['cpu-prof'], name)] : [];
      const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: serverEnv({
          PORT: String(port),
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          NODE_ENV: 'production',
          // Production refuses to start without the operator's name (config.ts).
          COMPANY_NAME: 'Kolikko bench',
          LOG_LEVEL: 'warn',
          CAPTCHA: 'off',
          LIMITS_EXEMPT_ADDRESSES: '127.0.0.1,::1',
          JOBS: 'off',
          RATE_LIMIT_PER_MINUTE: '1000000',
        }),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      keepStderr(child);
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      await waitForHealthy(`${url}/healthz`, child);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      clients.push(client);
      const q = (text, params) => client.query(text, params);
      const [{ n: migrations }] = (await q('select count(*)::int as n from drizzle.__drizzle_migrations')).rows;
      servers[name] = { name, root, database, url, child, q, migrations };
      console.log(`[${since()}] ${name}: PID ${child.pid} on ${url}, cwd ${root}, database ${database.name} (${migrations} migrations), up in ${fmt(performance.now() - started)} ms`);
    }

    // --- seeding --------------------------------------------------------------------------
    for (const s of Object.values(servers)) {
      const { q } = s;
      const [{ id: teacherId }] = (
        await q(
          `insert into teachers (username, email, password_hash, email_verified_at, coins)
           values ('bench_reason_t', 'bench.reason.t@example.com', 'x', now(), $1) returning id`,
          [PURSE],
        )
      ).rows;
      await q(`insert into coin_ledger (from_account, to_account, amount, reason, actor) values ('mint', $1, $2, 'starter_coins', 'system')`, [`teacher:${teacherId}`, PURSE]);
      const [{ id: groupId }] = (await q(`insert into groups (teacher_id, name) values ($1, '5A') returning id`, [teacherId])).rows;
      const memberIds = (
        await q(`insert into members (username, group_id, password_hash) select 'Oppilas' || k, $1, 'x' from generate_series(1, $2::int) k returning id`, [groupId, CLASS])
      ).rows.map((r) => r.id);
      const token = randomBytes(32).toString('base64url');
      await q(`insert into sessions (token_hash, teacher_id, expires_at) values ($1, $2, now() + interval '1 day')`, [createHash('sha256').update(token).digest('hex'), teacherId]);
      await q('vacuum (analyze)');
      Object.assign(s, { teacherId, groupId, memberIds, cookie: `kolikko_session=${token}` });
    }
    console.log(`[${since()}] seeded each: 1 teacher (purse ${PURSE} coins: teachers.coins and a ledger row mint -> teacher), a session, 1 group, ${CLASS} students`);

    const call = async (s, method, path, body) => {
      const r = await fetch(`${s.url}${path}`, {
        method,
        headers: { cookie: s.cookie, ...(body ? { 'content-type': 'application/json' } : {}), 'accept-language': 'en' },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await r.text();
      return { status: r.status, body: text ? JSON.parse(text) : undefined };
    };
    for (const s of Object.values(servers)) {
      if (s.name === 'before') continue;
      const reasons = await call(s, 'GET', `/api/group/${s.groupId}/reasons`);
      if (reasons.status !== 200 || reasons.body.length !== 6) throw new Error(`GET reasons: ${reasons.status} ${JSON.stringify(reasons.body).slice(0, 300)}`);
      s.reason = reasons.body[0];
      console.log(`${s.name}: GET /api/group/{id}/reasons -> ${reasons.body.length} reasons (${reasons.body.map((r) => `${r.name} ${r.coins}`).join(', ')}); using "${s.reason.name}" (${s.reason.coins} coin)`);
      if (s.reason.coins !== 1) throw new Error(`the first default reason gives ${s.reason.coins} coins, not 1: the purse counts the awards`);
    }
    const scenarioBody = Object.fromEntries(
      ORDER.map((key) => {
        const s = servers[SCENARIOS[key].server];
        return [key, SCENARIOS[key].reason ? { members: s.memberIds, reason_id: s.reason.id } : { members: s.memberIds, coins: 1 }];
      }),
    );
    // Every award gives each student 1 coin, so a run's awards are its purse's drop ÷ the class.
    const purse = async (s) => Number((await s.q('select coins from teachers where id = $1', [s.teacherId])).rows[0].coins);

    // --- sanity: one award each ------------------------------------------------------------------
    for (const key of ORDER) {
      const s = servers[SCENARIOS[key].server];
      const r = await call(s, 'PUT', '/api/member/coins/batch', scenarioBody[key]);
      const ok = r.status === 200 && r.body.members.length === CLASS && r.body.members.every((m) => m.coins >= 1) && (s.name === 'before' ? !('award_id' in r.body) : typeof r.body.award_id === 'string');
      console.log(`sanity ${key}: ${r.status}, ${r.body?.members?.length} members, teacher_coins ${r.body?.teacher_coins}, award_id ${r.body?.award_id ?? '(none)'}${ok ? '' : `  !!!!! ${JSON.stringify(r.body).slice(0, 300)}`}`);
      if (!ok) throw new Error(`sanity award ${key} failed`);
    }

    // --- load ---------------------------------------------------------------------------------
    const cannon = (key, duration) => {
      const s = servers[SCENARIOS[key].server];
      const statuses = {};
      let firstOther;
      return autocannon({
        url: s.url,
        connections: CONNECTIONS,
        duration,
        timeout: 30,
        requests: [
          {
            method: 'PUT',
            path: '/api/member/coins/batch',
            headers: { 'content-type': 'application/json', cookie: s.cookie },
            body: JSON.stringify(scenarioBody[key]),
            onResponse(status, body) {
              statuses[status] = (statuses[status] ?? 0) + 1;
              if (status !== 200) firstOther ??= `${status} ${String(body).slice(0, 200)}`;
            },
          },
        ],
      }).then(async (r) => {
        // autocannon stops with up to one request a connection in flight: the server finishes them.
        await sleep(300);
        return { ...r, statuses, firstOther };
      });
    };

    // CPU time of a database's PostgreSQL client backends (same machine, /proc), per PID: a run is
    // charged what each backend alive at its end used since its start (all of it for one opened
    // meanwhile). Autovacuum workers are left out: when one runs is not the run's doing.
    const backendCpu = async (s) => {
      const { rows } = await s.q(
        "select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()",
      );
      const cpu = new Map();
      for (const { pid } of rows) {
        try {
          cpu.set(pid, cpuMs(pid));
        } catch {
          // ended meanwhile
        }
      }
      return cpu;
    };
    const backendCpuSince = (before, now) => {
      let sum = 0;
      for (const [pid, ms] of now) sum += ms - (before.get(pid) ?? 0);
      return sum;
    };

    // The code paths warm on both servers before the first measured run.
    for (const key of ORDER) await cannon(key, 3);

    console.log(`\n[${since()}] measuring: ${WARMUP} s warm-up (not reported), then ${DURATION} s, ${CONNECTIONS} connections; the order rotates each round`);
    console.log('round | run          |  req/s | awards | p50 ms | p99 ms | non-200 | errors | server CPU ms/award | PG CPU ms/award | total CPU ms/award | load 1m');
    const results = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const order = ORDER.map((_, i) => ORDER[(i + round - 1) % ORDER.length]);
      for (const key of order) {
        const s = servers[SCENARIOS[key].server];
        if (WARMUP > 0) await cannon(key, WARMUP);
        const purse0 = await purse(s);
        const cpu0 = cpuMs(s.child.pid);
        const pg0 = await backendCpu(s);
        const r = await cannon(key, DURATION);
        const serverMs = cpuMs(s.child.pid) - cpu0;
        const pgMs = backendCpuSince(pg0, await backendCpu(s));
        const awards = (purse0 - (await purse(s))) / CLASS;
        const nonOk = r.requests.total - (r.statuses[200] ?? 0);
        const row = {
          round,
          key,
          rps: r.requests.average,
          awards,
          p50: r.latency.p50,
          p99: r.latency.p99,
          nonOk,
          errors: r.errors + r.timeouts,
          serverCpu: serverMs / awards,
          pgCpu: pgMs / awards,
          load: loadavg()[0],
        };
        row.cpu = row.serverCpu + row.pgCpu;
        loads.push(row.load);
        results.push(row);
        console.log(
          [
            String(round).padStart(5),
            key.padEnd(12),
            fmt(row.rps, 1).padStart(6),
            String(awards).padStart(6),
            fmt(row.p50).padStart(6),
            fmt(row.p99).padStart(6),
            String(nonOk).padStart(7),
            String(row.errors).padStart(6),
            fmt(row.serverCpu, 3).padStart(19),
            fmt(row.pgCpu, 3).padStart(15),
            fmt(row.cpu, 3).padStart(18),
            fmt(row.load, 2).padStart(7),
          ].join(' | '),
        );
        if (nonOk || row.errors) {
          failed = true;
          console.log(`  !!!!! ${nonOk} answers not 200 (${JSON.stringify(r.statuses)}), ${row.errors} errors; the first: ${r.firstOther}`);
        }
      }
    }

    // --- summary ------------------------------------------------------------------------------
    const spread = (xs, digits) => {
      const st = stats(xs);
      return `${fmt(st.median, digits)} (${fmt(st.min, digits)}–${fmt(st.max, digits)})`;
    };
    console.log(`\nsummary over ${ROUNDS} rounds: median (min–max)`);
    console.log('| Run | req/s | p50 ms | p99 ms | server CPU ms/award | PostgreSQL CPU ms/award | total CPU ms/award |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const key of ORDER) {
      const rows = results.filter((r) => r.key === key);
      console.log(
        `| ${SCENARIOS[key].label} | ${spread(rows.map((r) => r.rps), 1)} | ${spread(rows.map((r) => r.p50), 0)} | ${spread(rows.map((r) => r.p99), 0)} | ` +
          `${spread(rows.map((r) => r.serverCpu), 3)} | ${spread(rows.map((r) => r.pgCpu), 3)} | ${spread(rows.map((r) => r.cpu), 3)} |`,
      );
    }
    const ratio = (key, field) => {
      const xs = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const a = results.find((r) => r.round === round && r.key === key);
        const b = results.find((r) => r.round === round && r.key === 'before');
        xs.push(a[field] / b[field]);
      }
      return xs;
    };
    console.log(`\nratios to "before" in the same round, median (min–max) over ${ROUNDS} rounds`);
    console.log('| Ratio | CPU per award (server + PostgreSQL) | server CPU per award | PostgreSQL CPU per award | req/s |');
    console.log('| --- | --- | --- | --- | --- |');
    const ratios = {};
    for (const key of ORDER.filter((k) => k !== 'before')) {
      ratios[key] = ratio(key, 'cpu');
      console.log(`| ${key} ÷ before | ${spread(ratios[key], 3)} | ${spread(ratio(key, 'serverCpu'), 3)} | ${spread(ratio(key, 'pgCpu'), 3)} | ${spread(ratio(key, 'rps'), 3)} |`);
    }
    for (const key of ORDER.filter((k) => k !== 'before')) console.log(`per round, ${key} ÷ before (CPU): ${ratios[key].map((x) => fmt(x, 3)).join(', ')}`);
    const pairRatio = (a, b) => {
      const xs = [];
      for (let round = 1; round <= ROUNDS; round++) {
        xs.push(results.find((r) => r.round === round && r.key === a).cpu / results.find((r) => r.round === round && r.key === b).cpu);
      }
      return spread(xs, 3);
    };
    console.log(`after-reason ÷ after-plain (CPU): ${pairRatio('after-reason', 'after-plain')}`);
    if (args['variant-root']) {
      console.log(`variant-reason ÷ after-reason (CPU): ${pairRatio('variant-reason', 'after-reason')}`);
      console.log(`variant-plain ÷ after-plain (CPU): ${pairRatio('variant-plain', 'after-plain')}`);
      console.log(`variant-reason ÷ variant-plain (CPU): ${pairRatio('variant-reason', 'variant-plain')}`);
    }
    // Issue 32's target is the server's: "costs the server no more than today's batch award".
    // Its PostgreSQL backends' share is printed beside it (the award's own row is in the database).
    const median = stats(ratio('after-reason', 'serverCpu')).median;
    const withDatabase = stats(ratios['after-reason']).median;
    console.log(
      median <= 1
        ? `target met: a reason award costs the server ${fmt(median, 3)} × the batch award before (server CPU per award, median); with PostgreSQL's ${fmt(withDatabase, 3)}`
        : `!!!!! target missed: a reason award costs the server ${fmt(median, 3)} × the batch award before (server CPU per award, median), ${fmt((median - 1) * 100, 1)} % more; with PostgreSQL's ${fmt(withDatabase, 3)}`,
    );
    const ls = stats(loads);
    console.log(`load average (1 min) at the ends of the runs: median ${fmt(ls.median, 2)}, min ${fmt(ls.min, 2)}, max ${fmt(ls.max, 2)}`);

    // --- the statements and where the database's time goes --------------------------------------
    await captureAndReplay({ servers, scenarioBody, children, dirs, replays: REPLAYS });

    // --- the books ------------------------------------------------------------------------------
    for (const s of Object.values(servers)) {
      const b = (
        await s.q(`
        with moves as (select to_account as acct, amount as delta from coin_ledger
                       union all select from_account, -amount from coin_ledger),
             ledger as (select acct, sum(delta) as bal from moves group by acct),
             stored as (select 'teacher:' || id as acct, coins from teachers union all select 'member:' || id, coins from members)
        select (select count(*) from stored left join ledger using (acct) where stored.coins <> coalesce(ledger.bal, 0))::int as mismatched,
               (select sum(coins) from stored)::bigint as total,
               (select sum(coins) from members)::bigint as members_total,
               (select count(*) from coin_ledger where reason = 'teacher_award')::int as award_rows,
               (select count(*) from (select 1 from members group by coins) c)::int as balances`)
      ).rows[0];
      const given = PURSE - (await purse(s));
      // 1 coin a student an award: the students hold what left the purse, one ledger row a coin, all alike.
      let line = `books ${s.name}: ${b.mismatched} accounts off their ledger; coins ${b.total} (minted ${PURSE}); ${given} left the purse, students hold ${b.members_total}; ${b.award_rows} teacher_award rows; ${b.balances} distinct student balance(s)`;
      let ok = b.mismatched === 0 && Number(b.total) === PURSE && Number(b.members_total) === given && b.award_rows === given && b.balances === 1;
      if (s.name !== 'before') {
        const a = (await s.q('select count(*)::int as n, count(reason_id)::int as with_reason from awards')).rows[0];
        line += `; awards ${a.n} (${a.with_reason} with a reason) = ${a.n * CLASS} ledger rows`;
        ok = ok && a.n * CLASS === b.award_rows;
      }
      console.log(ok ? line : `!!!!! ${line}`);
      if (!ok) failed = true;
    }
  } catch (err) {
    console.error(err instanceof Error ? err.stack : err);
    for (const child of children) if (child.stderrTail) console.error(`stderr of PID ${child.pid}:\n${child.stderrTail}`);
    failed = true;
  } finally {
    await cleanup();
    console.log(`load average after: ${load()}; total ${since()}`);
    if (failed) {
      console.log('\n!!!!! FAILED: see the lines marked !!!!! above');
      process.exitCode = 1;
    }
  }
}

/**
 * The worktree's node_modules: a link to each entry of this checkout's, except @kolikko, whose
 * workspaces link to the worktree's own (so the old server imports the old packages/core).
 */
function linkNodeModules(worktree) {
  const target = join(worktree, 'node_modules');
  mkdirSync(target);
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry === '@kolikko') continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(target, entry));
  }
  mkdirSync(join(target, '@kolikko'));
  for (const entry of readdirSync(join(ROOT, 'node_modules', '@kolikko'))) {
    const workspace = execFileSync('readlink', [join(ROOT, 'node_modules', '@kolikko', entry)], { encoding: 'utf8' }).trim();
    if (existsSync(join(target, '@kolikko', workspace))) symlinkSync(workspace, join(target, '@kolikko', entry));
  }
}

function isControl(text) {
  return /^\s*(begin|commit|rollback|savepoint|release|set)\b/i.test(text);
}

function shortText(text) {
  return text.replace(/\s+/g, ' ').trim().slice(0, 150);
}

/**
 * Captures the statements of each kind of award in each root's app, prints them, then replays
 * them with EXPLAIN ANALYZE (rolled back) to see what each costs the database.
 */
async function captureAndReplay({ servers, scenarioBody, children, dirs, replays }) {
  const captured = {};
  for (const s of Object.values(servers)) {
    const keys = ORDER.filter((k) => SCENARIOS[k].server === s.name);
    const dir = mkdtempSync(join(tmpdir(), 'kolikko-bench-reason-'));
    dirs.push(dir);
    const out = join(dir, 'capture.json');
    await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--capture'], {
        cwd: s.root,
        env: {
          ...process.env,
          CAPTURE_ROOT: s.root,
          CAPTURE_DATABASE_URL: s.database.url,
          CAPTURE_COOKIE: s.cookie,
          CAPTURE_OUT: out,
          CAPTURE_OPS: JSON.stringify(keys.map((key) => ({ key, url: '/api/member/coins/batch', body: scenarioBody[key] }))),
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      keepStderr(child);
      children.push(child);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`capture in ${s.root} exited with ${code}\n${child.stderrTail}`))));
    });
    for (const op of JSON.parse(readFileSync(out, 'utf8'))) {
      if (op.status !== 200 || op.warmStatus !== 200) throw new Error(`capture ${op.key}: ${op.warmStatus}, ${op.status} ${op.body}`);
      captured[op.key] = { ...op, server: s };
    }
  }

  console.log(`\nthe statements one award sends (captured in each root's app, after one award not captured):`);
  for (const key of ORDER) {
    const op = captured[key];
    const control = op.queries.filter((x) => isControl(x.text)).length;
    console.log(`  ${key}: ${op.queries.length} statements, ${op.queries.length - control} besides transaction control`);
    for (const [i, x] of op.queries.entries()) console.log(`    ${i + 1}. ${x.name ? `[prepared ${x.name}] ` : ''}${shortText(x.text)}`);
  }

  // The replay: each award's statements in one transaction, each under EXPLAIN ANALYZE (planning
  // and execution time, triggers included), rolled back; the award id fresh each time.
  console.log(`\nwhat each statement costs the database: EXPLAIN (ANALYZE) of each award's statements in a rolled-back transaction, ${replays} times (median ms, planning + execution):`);
  for (const key of ORDER) {
    const op = captured[key];
    const awardId = JSON.parse(op.body).award_id;
    const statements = op.queries.filter((x) => !isControl(x.text));
    const times = statements.map(() => []);
    const triggers = new Map();
    const { q } = op.server;
    // One replay more than asked, the first not counted (its plans and pages cold).
    for (let i = -1; i < replays; i++) {
      const fresh = randomUUID();
      await q('begin');
      try {
        await q('set local plan_cache_mode = force_generic_plan');
        for (const [j, x] of statements.entries()) {
          const values = awardId ? JSON.parse(JSON.stringify(x.values).replaceAll(awardId, fresh)) : x.values;
          const plan = (await q(`explain (analyze) ${x.text}`, values)).rows.map((r) => r['QUERY PLAN']);
          const ms = (label) => Number(plan.find((l) => l.startsWith(label))?.match(/([\d.]+) ms/)?.[1] ?? 0);
          const total = ms('Planning Time') + ms('Execution Time');
          for (const l of plan.filter((l) => l.startsWith('Trigger '))) {
            const name = `#${j + 1} ${l.slice(0, l.indexOf(':'))}`;
            if (!triggers.has(name)) triggers.set(name, []);
            if (i >= 0) triggers.get(name).push(Number(l.match(/time=([\d.]+)/)?.[1] ?? NaN));
          }
          if (i >= 0) times[j].push(total);
        }
      } finally {
        await q('rollback');
      }
    }
    const med = times.map((t) => stats(t).median);
    console.log(`  ${key}: ${fmt(med.reduce((a, b) => a + b, 0), 3)} ms in all`);
    for (const [j, x] of statements.entries()) console.log(`    ${fmt(med[j], 3).padStart(7)} ms  #${j + 1} ${shortText(x.text)}`);
    for (const [name, t] of triggers) console.log(`             of which ${name}: ${fmt(stats(t).median, 3)} ms`);
  }
}
