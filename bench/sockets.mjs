#!/usr/bin/env node
// Live-update latency and memory per socket.
//
//   node bench/sockets.mjs [--groups 100] [--size 30] [--duration 30] [--mode both|one|two]
//                          [--warmup 3] [--rate-limit 12000] [--redis redis://127.0.0.1:6379]
//
// On a throw-away PostgreSQL database (next to postgres://postgres@127.0.0.1:5432/test, override
// with BENCH_PG_URL; dropped at the end):
//  1. Setup through the API of one server: groups/2 teachers sign up, verify their e-mail (dev
//     outbox) and log in; each creates 2 groups; one student per group signs up through the API.
//     The other students of each group are inserted straight into the database with that
//     student's argon2 hash, and every student gets a session row (a random token, stored as its
//     SHA-256 as the server does): 3,000 API signups and logins would take minutes of argon2.
//  2. "one": one fresh server process. Memory idle, then 3,000 member sockets (100 groups of 30)
//     and one socket per teacher connect, memory again: RSS (median of 5 readings) and the V8 heap
//     in use from the server's /metrics (smallest of 5), each difference divided by the sockets.
//     Then the online count: in 20 groups one student's socket leaves and comes back; the time
//     until the group's teacher socket hears 29, then 30. Then, after --warmup seconds that are
//     not counted (a fresh process opens its database connections and compiles its hot code), for
//     --duration seconds every group gets one award a second (PUT /api/member/coins/batch for its
//     30 members, +1 and -1 in turn, so the purse never runs dry), spread evenly over the second.
//     Latency = from just before the request to the moment the last of the 30 members' sockets
//     has received its teacher-gave-coins (all in this process, one clock). An award is not sent
//     while the group's previous one is still incomplete (counted as "skipped").
//  3. "two": the same with two server processes sharing the database and a Redis
//     (REDIS_URL, a random REDIS_KEY_PREFIX). Every group's sockets are split between the two
//     processes and its awards alternate between them, so every award crosses processes.
//
// The servers run with RATE_LIMIT_PER_MINUTE=--rate-limit (default 12000): all awards come
// from 127.0.0.1, 6,000 a minute, above the product's default of 2,000 per address. The knob is
// printed; nothing else is relaxed (the auth failure limits do not come into play: no login
// fails). Talks only to 127.0.0.1, stops by itself (a watchdog ends it after 15 minutes), and
// stops the servers it started by their PIDs.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { cpuMs, createPgDatabase, fmt, freePort, memoryMB, serverEnv, sleep, spawnServer, stopChild, waitForHealthy } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    groups: { type: 'string', default: '100' },
    size: { type: 'string', default: '30' },
    duration: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    mode: { type: 'string', default: 'both' },
    'rate-limit': { type: 'string', default: '12000' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});
const GROUPS = Number(args.groups);
const SIZE = Number(args.size);
const DURATION_S = Number(args.duration);
const WARMUP_S = Number(args.warmup);
const RATE_LIMIT = Number(args['rate-limit']);
const REDIS_URL = args.redis;
const PASSWORD = 'bench-secret-1';
const WATCHDOG_MS = 15 * 60 * 1000;

const servers = [];
let sockets = [];
let database;

async function cleanup() {
  for (const s of sockets) s.disconnect();
  sockets = [];
  for (const child of servers.splice(0)) await stopChild(child);
  if (database) await database.drop().catch((err) => console.error(`could not drop ${database.name}: ${err.message}`));
  database = undefined;
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
const watchdog = setTimeout(() => {
  console.error(`watchdog: still running after ${WATCHDOG_MS / 60000} minutes, stopping`);
  void cleanup().then(() => process.exit(2));
}, WATCHDOG_MS);
watchdog.unref();

function openFilesLimit() {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
  return Number(line?.split(/\s+/)[3]);
}

async function startServer(extraEnv) {
  const port = await freePort();
  const env = serverEnv({ PORT: String(port), DATABASE_URL: database.url, RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), ...extraEnv });
  const child = spawnServer(env);
  servers.push(child);
  await waitForHealthy(`http://127.0.0.1:${port}/healthz`, child);
  return { child, base: `http://127.0.0.1:${port}` };
}

async function stopServers() {
  for (const child of servers.splice(0)) await stopChild(child);
}

async function api(base, method, path, { cookie, body } = {}) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, cookie: res.headers.get('set-cookie')?.split(';')[0] };
}

function expectStatus(res, status, what) {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.json)}`);
}

/** In parallel, at most `limit` at a time. */
async function inBatches(items, limit, fn) {
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

/** Teachers, groups and one API-made student per group; the rest of the students and all sessions in the database. */
async function setUp(base) {
  const teacherCount = Math.ceil(GROUPS / 2);
  const teachers = await inBatches(Array.from({ length: teacherCount }, (_, i) => i), 4, async (i) => {
    const username = `bt${i}`;
    const email = `bt${i}@bench.test`;
    expectStatus(await api(base, 'POST', '/signup/admin', { body: { username, email, password: PASSWORD } }), 201, 'teacher signup');
    return { username, email };
  });
  const outbox = (await api(base, 'GET', '/dev/outbox')).json;
  await inBatches(teachers, 4, async (t) => {
    const token = outbox.filter((m) => m.to === t.email).at(-1)?.text.match(/verify-email\?token=([^\s&"'<>]+)/)?.[1];
    const res = await fetch(`${base}/api/verify-email?token=${token}`, { redirect: 'manual' });
    if (!res.headers.get('location')?.includes('success=true')) throw new Error(`verification failed for ${t.username}`);
    const login = await api(base, 'POST', '/login/admin', { body: { loginName: t.username, password: PASSWORD } });
    expectStatus(login, 200, 'teacher login');
    t.id = login.json.id;
    t.cookie = login.cookie;
  });

  const groups = [];
  for (let g = 0; g < GROUPS; g++) {
    const teacher = teachers[Math.floor(g / 2)];
    const res = await api(base, 'POST', '/group', { cookie: teacher.cookie, body: { id: teacher.id, group_name: `Bench ${g}` } });
    expectStatus(res, 201, 'create group');
    groups.push({ index: g, id: res.json.id, teacher, members: [] });
  }
  await inBatches(groups, 4, async (group) => {
    const res = await api(base, 'POST', '/signup/member', { body: { username: `b${group.index}_0`, group_name: `Bench ${group.index}`, password: PASSWORD } });
    expectStatus(res, 201, 'member signup');
  });

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query('select password_hash from members limit 1');
    const hash = rows[0].password_hash;
    for (const group of groups) {
      const names = Array.from({ length: SIZE - 1 }, (_, i) => `b${group.index}_${i + 1}`);
      await client.query('insert into members (username, group_id, password_hash) select unnest($1::text[]), $2, $3', [names, group.id, hash]);
      const members = await client.query('select id, username from members where group_id = $1 order by username', [group.id]);
      const tokens = members.rows.map(() => randomBytes(32).toString('base64url'));
      await client.query(
        `insert into sessions (token_hash, member_id, expires_at) select unnest($1::text[]), unnest($2::uuid[]), now() + interval '1 day'`,
        [tokens.map((t) => createHash('sha256').update(t).digest('hex')), members.rows.map((m) => m.id)],
      );
      group.members = members.rows.map((m, i) => ({ id: m.id, cookie: `kolikko_session=${tokens[i]}` }));
    }
  } finally {
    await client.end();
  }
  return { teachers, groups };
}

function openSocket(base, cookie, onAward) {
  return new Promise((resolve, reject) => {
    const socket = connect(base, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, timeout: 20_000 });
    sockets.push(socket);
    if (onAward) socket.on('teacher-gave-coins', onAward);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The V8 heap in use, from the server's own /metrics (prom-client's default metrics), in MB. */
async function heapUsedMB(base) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('nodejs_heap_size_used_bytes '));
  return Number(line?.split(' ')[1]) / (1024 * 1024);
}

/**
 * Memory of each server from five readings a second apart (GC makes single readings jumpy): the
 * median RSS, and the smallest heap in use (the reading with the least garbage).
 */
async function memoryOf(nodes) {
  const rss = [];
  const heap = [];
  for (let i = 0; i < 5; i++) {
    rss.push(nodes.map((n) => memoryMB(n.child.pid).rss));
    heap.push(await Promise.all(nodes.map((n) => heapUsedMB(n.base))));
    await sleep(1000);
  }
  return nodes.map((_, k) => ({ rss: rss.map((r) => r[k]).sort((a, b) => a - b)[2], heap: Math.min(...heap.map((h) => h[k])) }));
}

async function scenario(name, nodes, setup) {
  const children = nodes.map((n) => n.child);
  console.log(`\n== ${name}: ${nodes.length} server process${nodes.length > 1 ? 'es' : ''}${nodes.length > 1 ? ' + Redis' : ''} (load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}) ==`);
  // Every student starts at 0 coins (an earlier scenario may have left 1): the awards below
  // expect 1 after each +1 and 0 after each -1.
  await inBatches(setup.groups, 4, async (g) => {
    const res = await api(nodes[0].base, 'PUT', '/member/coins/batch', { cookie: g.teacher.cookie, body: { members: g.members.map((m) => m.id), coins: -999 } });
    expectStatus(res, 200, 'reset coins');
  });
  await sleep(3000);
  const idle = await memoryOf(nodes);

  // Connect: member sockets alternate between the nodes (so each group spans them), then teachers.
  const trackers = setup.groups.map((g) => ({ group: g, pending: null, k: 0, latencies: [], http: [], skipped: 0, timeouts: 0, errors: 0 }));
  const connectStarted = performance.now();
  const cpuBeforeConnect = children.map((c) => cpuMs(c.pid));
  const joins = [];
  let n = 0;
  for (const tracker of trackers) {
    for (const member of tracker.group.members) {
      const node = nodes[n++ % nodes.length];
      joins.push({ node, cookie: member.cookie, onAward: (p) => received(tracker, member.id, p) });
    }
  }
  for (const [i, t] of setup.teachers.entries()) joins.push({ node: nodes[i % nodes.length], cookie: t.cookie, onAward: null });
  const opened = await inBatches(joins, 200, (j) => openSocket(j.node.base, j.cookie, j.onAward));
  const connectMs = performance.now() - connectStarted;
  const connectCpu = children.map((c, i) => cpuMs(c.pid) - cpuBeforeConnect[i]);
  console.log(`${joins.length} sockets (${setup.groups.length * SIZE} members, ${setup.teachers.length} teachers) connected in ${fmt(connectMs)} ms; server CPU for it ${connectCpu.map((c) => fmt(c)).join(' + ')} ms`);
  await sleep(5000);
  const loaded = await memoryOf(nodes);
  const perSocketKB = (key) => ((loaded.reduce((a, m) => a + m[key], 0) - idle.reduce((a, m) => a + m[key], 0)) * 1024) / joins.length;
  const show = (key) => `${idle.map((m) => fmt(m[key], 1)).join(' + ')} MB -> ${loaded.map((m) => fmt(m[key], 1)).join(' + ')} MB with sockets`;
  console.log(`RSS ${show('rss')}: ${fmt(perSocketKB('rss'), 1)} KB per socket`);
  console.log(`V8 heap in use ${show('heap')}: ${fmt(perSocketKB('heap'), 1)} KB per socket`);

  // The online count: a student of a group disconnects, then connects again; how long until the
  // group's teacher socket hears 29, then 30 (counted with fetchSockets over every process; the
  // server lets 50 ms of changes settle first).
  const countWaiters = new Map();
  const teacherSockets = opened.slice(setup.groups.length * SIZE);
  for (const socket of teacherSockets) {
    socket.on('online-member-count-update', (p) => {
      const waiter = countWaiters.get(p.group_id);
      if (waiter && p.count === waiter.want) {
        countWaiters.delete(p.group_id);
        waiter.resolve(performance.now());
      }
    });
  }
  const heardCount = (groupId, want) => new Promise((resolve) => countWaiters.set(groupId, { want, resolve }));
  const countTimes = [];
  for (const [i, tracker] of trackers.slice(0, 20).entries()) {
    const index = i * SIZE;
    const member = tracker.group.members[0];
    const down = heardCount(tracker.group.id, SIZE - 1);
    const t0 = performance.now();
    opened[index].disconnect();
    countTimes.push((await down) - t0);
    const up = heardCount(tracker.group.id, SIZE);
    const t1 = performance.now();
    opened[index] = await openSocket(joins[index].node.base, member.cookie, joins[index].onAward);
    countTimes.push((await up) - t1);
  }
  countTimes.sort((a, b) => a - b);
  console.log(`online count heard by the teacher after a student's socket leaves or joins (${countTimes.length} changes): p50 ${fmt(percentile(countTimes, 50), 1)} ms, max ${fmt(countTimes.at(-1), 1)} ms (50 ms of it is the settle delay)`);

  function received(tracker, memberId, payload) {
    const p = tracker.pending;
    if (!p || payload.member_id !== memberId || payload.coins !== p.expected || !p.waiting.delete(memberId)) return;
    if (p.waiting.size === 0) {
      tracker.latencies.push(performance.now() - p.started);
      tracker.pending = null;
    }
  }

  async function award(tracker, node) {
    if (tracker.pending) {
      tracker.skipped++;
      return;
    }
    const give = tracker.k % 2 === 0;
    tracker.k++;
    const started = performance.now();
    tracker.pending = { started, expected: give ? 1 : 0, waiting: new Set(tracker.group.members.map((m) => m.id)) };
    const pending = tracker.pending;
    try {
      const res = await api(node.base, 'PUT', '/member/coins/batch', {
        cookie: tracker.group.teacher.cookie,
        body: { members: tracker.group.members.map((m) => m.id), coins: give ? 1 : -1 },
      });
      tracker.http.push(performance.now() - started);
      if (res.status !== 200) {
        tracker.errors++;
        if (tracker.pending === pending) tracker.pending = null;
        console.error(`award answered ${res.status} ${JSON.stringify(res.json)}`);
      }
    } catch (err) {
      tracker.errors++;
      if (tracker.pending === pending) tracker.pending = null;
      console.error(`award failed: ${err.message}`);
    }
    setTimeout(() => {
      if (tracker.pending === pending) {
        tracker.timeouts++;
        tracker.pending = null;
      }
    }, 5000).unref();
  }

  /** One award per group per second for `seconds`, spread evenly over each second. */
  async function awards(seconds) {
    const started = performance.now();
    const slot = 1000 / trackers.length;
    const inFlight = [];
    for (let second = 0; second < seconds; second++) {
      for (const [i, tracker] of trackers.entries()) {
        const wait = started + second * 1000 + i * slot - performance.now();
        if (wait > 0) await sleep(wait);
        inFlight.push(award(tracker, nodes[(second + i) % nodes.length]));
      }
    }
    await Promise.all(inFlight);
    const deadline = performance.now() + 5000;
    while (trackers.some((t) => t.pending) && performance.now() < deadline) await sleep(50);
  }

  if (WARMUP_S > 0) {
    await awards(WARMUP_S);
    for (const t of trackers) Object.assign(t, { latencies: [], http: [], skipped: 0, timeouts: 0, errors: 0 });
  }
  const cpuBefore = children.map((c) => cpuMs(c.pid));
  const started = performance.now();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  await awards(DURATION_S);
  lag.disable();
  const elapsedS = (performance.now() - started) / 1000;
  const cpu = children.map((c, i) => cpuMs(c.pid) - cpuBefore[i]);
  const after = children.map((c) => memoryMB(c.pid));

  const latencies = trackers.flatMap((t) => t.latencies).sort((a, b) => a - b);
  const http = trackers.flatMap((t) => t.http).sort((a, b) => a - b);
  const sum = (f) => trackers.reduce((a, t) => a + f(t), 0);
  console.log(
    `${latencies.length} awards delivered to all ${SIZE} members in ${fmt(elapsedS, 1)} s (${fmt(latencies.length / elapsedS, 1)}/s); ` +
      `skipped ${sum((t) => t.skipped)}, timed out ${sum((t) => t.timeouts)}, failed ${sum((t) => t.errors)}`,
  );
  console.log(
    `API call -> all ${SIZE} received: p50 ${fmt(percentile(latencies, 50), 1)} ms, p90 ${fmt(percentile(latencies, 90), 1)} ms, ` +
      `p99 ${fmt(percentile(latencies, 99), 1)} ms, max ${fmt(latencies.at(-1), 1)} ms`,
  );
  console.log(`API response time: p50 ${fmt(percentile(http, 50), 1)} ms, p99 ${fmt(percentile(http, 99), 1)} ms`);
  // The histogram holds the time between its 10 ms ticks: the delay is what exceeds 10 ms.
  const late = (p) => Math.max(0, lag.percentile(p) / 1e6 - 10);
  console.log(`this process's event loop delay (it holds all ${joins.length} client sockets): p50 ${fmt(late(50), 1)} ms, p99 ${fmt(late(99), 1)} ms`);
  console.log(
    `server CPU ${cpu.map((c) => `${fmt((c / (elapsedS * 1000)) * 100)} %`).join(' + ')} of one core; ` +
      `RSS after ${after.map((m) => fmt(m.rss, 1)).join(' + ')} MB (peak ${after.map((m) => fmt(m.hwm, 1)).join(' + ')} MB); ` +
      `load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );

  for (const s of sockets) s.disconnect();
  sockets = [];
}

try {
  const limit = openFilesLimit();
  const needed = GROUPS * SIZE + GROUPS / 2 + 200;
  console.log(`Node ${process.version}, ${availableParallelism()} cores, open files limit ${limit}; ${GROUPS} groups of ${SIZE}, ${DURATION_S} s of awards after ${WARMUP_S} s of warm-up`);
  if (limit < needed) throw new Error(`the open files limit (${limit}) is below the ${needed} sockets this needs: raise it (ulimit -n) first`);
  console.log(`servers run with RATE_LIMIT_PER_MINUTE=${RATE_LIMIT} (default 2000): every award comes from 127.0.0.1`);
  console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  database = await createPgDatabase();
  const first = await startServer({});
  const setupStarted = performance.now();
  const setup = await setUp(first.base);
  console.log(`set up ${setup.teachers.length} teachers, ${setup.groups.length} groups, ${setup.groups.length * SIZE} members in ${fmt(performance.now() - setupStarted)} ms`);

  await stopServers();

  // Each scenario starts on fresh processes, so the setup's garbage does not blur the memory readings.
  if (args.mode === 'both' || args.mode === 'one') {
    await scenario('one process', [await startServer({})], setup);
    await stopServers();
  }

  if (args.mode === 'both' || args.mode === 'two') {
    const redisEnv = { REDIS_URL, REDIS_KEY_PREFIX: `bench-${randomBytes(4).toString('hex')}` };
    const nodes = await Promise.all([startServer(redisEnv), startServer(redisEnv)]);
    await scenario('two processes', nodes, setup);
    await stopServers();
  }
  console.log(`\nload average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} catch (err) {
  console.error(err instanceof Error ? err.stack : err);
  process.exitCode = 1;
} finally {
  await cleanup();
  clearTimeout(watchdog);
}
