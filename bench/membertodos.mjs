#!/usr/bin/env node
// Member todos at scale (issue 4): throughput and latency of GET /api/membertodos and
// PUT /api/membertodo on PostgreSQL with 1,000 groups of 30 members and a 20-todo list each
// (600,000 member todos), next to a bare Fastify route doing one indexed SELECT on the same
// database in the same run.
//
//   node bench/membertodos.mjs [--connections 16,64] [--duration 15] [--warmup 3]
//                              [--teachers 50] [--groups-per-teacher 20] [--members 30] [--todos 20]
//                              [--put-pool 4000] [--rounds 1] [--time-limit 1200]
//                              [--scenarios baseline,get,put,baseline-tx,grid] [--cpu-prof DIR] [--keep-db] [--cold-sessions]
//                              [--app-env "K=V ..."] (the app server's environment too, e.g. LOG_LEVEL=info)
//                              [--grid-render] [--web-dist DIR] [--render-runs 7] [--source]
//
// Issue 14's class view: the scenario `grid` is GET /api/membertodos/grid (a teacher's small group,
// every member by every todo) under load; --grid-render opens /teacher/shared?view=class in Debian's
// Chromium (the web build in --web-dist, default apps/web/dist) --render-runs times and reports the
// grid request's time and the time from its answer to the table drawn with every cell. With either,
// the seeding also gives the cells a mix of states (answers awaiting, sent back, wrong strict
// answers, done). For 40 x 30: --members 40 --todos 30. --source runs the server from its
// TypeScript sources (tsx) instead of compiling apps/server/dist.
//
// 1. Creates kolikko_bench_mt_<random> next to postgres://postgres@127.0.0.1:5432/test
//    (BENCH_PG_URL overrides it) and drops it at the end WITH (FORCE).
// 2. Starts the server once on it (migrations run), signs up one member through the API to get a
//    real argon2 hash, then seeds everything else with SQL (INSERT ... SELECT, gen_random_uuid()),
//    with all member todos already made, sessions in the sessions table, VACUUM ANALYZE.
// 3. Starts a bare Fastify server (this same file with --baseline-server) with the app's pool
//    size (10), doing one indexed SELECT per request.
// 4. For each round and connection count: baseline, GET, PUT; each 'warmup' s not reported,
//    then 'duration' s reported (autocannon, programmatic API, a random member per request).
// 5. Checks the books (every balance equals its ledger rows), stops every process it started by
//    its PID, and drops the database. A time limit (--time-limit seconds) stops it regardless.
//
// The server's per-address rate limit (2000/minute by default) would stop a load test from one
// address: the server gets RATE_LIMIT_PER_MINUTE=1000000. Any 429 is reported loudly.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  PG_ADMIN_URL,
  ROOT,
  cpuMs,
  fmt,
  freePort,
  keepStderr,
  memoryMB,
  parseEnvPairs,
  serverEnv,
  spawnServer,
  stopChild,
  waitForHealthy,
} from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '16,64' },
    duration: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '3' },
    teachers: { type: 'string', default: '50' },
    'groups-per-teacher': { type: 'string', default: '20' },
    members: { type: 'string', default: '30' },
    todos: { type: 'string', default: '20' },
    'put-pool': { type: 'string', default: '4000' },
    rounds: { type: 'string', default: '1' },
    'time-limit': { type: 'string', default: '1200' },
    scenarios: { type: 'string', default: 'baseline,get,put,baseline-tx' },
    'keep-db': { type: 'boolean', default: false },
    'cold-sessions': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    'app-env': { type: 'string', default: '' },
    'baseline-server': { type: 'boolean', default: false },
    'grid-render': { type: 'boolean', default: false },
    'web-dist': { type: 'string' },
    'render-runs': { type: 'string', default: '7' },
    source: { type: 'boolean', default: false },
  },
});

/** The app's pool size on PostgreSQL (apps/server/src/db/client.ts: `max: options.poolSize ?? 10`). */
const POOL_SIZE = 10;
const BASELINE_SQL = 'select * from member_todos where member_id = $1 limit 20';
const BASELINE_TX_LOCK_SQL = 'select * from member_todos where id = $1 for no key update';
const BASELINE_TX_WRITE_SQL = 'update member_todos set updated_at = now() where id = $1';

if (args['baseline-server']) {
  await runBaselineServer();
} else {
  await main();
}

// ---------------------------------------------------------------------------------------------
// The baseline: a bare Fastify route, one indexed SELECT, the same pg Pool size as the app.

async function runBaselineServer() {
  const { default: Fastify } = await import('fastify');
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.BASELINE_DATABASE_URL, max: POOL_SIZE });
  const app = Fastify({ logger: false });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/baseline/:memberId', async (request) => {
    const { rows } = await pool.query(BASELINE_SQL, [request.params.memberId]);
    return rows;
  });
  // The floor of a write: the smallest transaction a PUT needs (BEGIN, a locking read, a write,
  // COMMIT), each statement prepared by name, nothing else.
  app.put('/baseline-tx/:memberTodoId', async (request) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query({ name: 'bare_lock', text: BASELINE_TX_LOCK_SQL, values: [request.params.memberTodoId] });
      await client.query({ name: 'bare_write', text: BASELINE_TX_WRITE_SQL, values: [request.params.memberTodoId] });
      await client.query('commit');
      return rows;
    } catch (err) {
      await client.query('rollback');
      throw err;
    } finally {
      client.release();
    }
  });
  const stop = async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const { default: pg } = await import('pg');
  const { default: autocannon } = await import('autocannon');

  const CONNECTIONS = args.connections.split(',').map(Number);
  const DURATION = Number(args.duration);
  const WARMUP = Number(args.warmup);
  const TEACHERS = Number(args.teachers);
  const GROUPS_PER_TEACHER = Number(args['groups-per-teacher']);
  const GROUPS = TEACHERS * GROUPS_PER_TEACHER;
  const MEMBERS_PER_GROUP = Number(args.members);
  const TODOS_PER_LIST = Number(args.todos);
  const PUT_POOL = Number(args['put-pool']);
  const ROUNDS = Number(args.rounds);
  const TIME_LIMIT_S = Number(args['time-limit']);
  const SCENARIOS = args.scenarios.split(',');
  // --cpu-prof DIR: the app server writes a V8 CPU profile there when it stops (open it in
  // Chrome's DevTools); the profiler's own cost lowers the numbers of that run.
  const CPU_PROF_DIR = args['cpu-prof'];
  const TEACHER_COINS = 1_000_000;
  const PASSWORD = 'bench-password-123';

  const children = [];
  let dataDir;
  let dbName;
  let seedClient;
  let cleaned = false;

  async function cleanup() {
    if (cleaned) return;
    cleaned = true;
    for (const child of children) await stopChild(child);
    if (seedClient) await seedClient.end().catch(() => {});
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (dbName && args['keep-db']) console.log(`kept database ${dbName} (--keep-db); drop it with DROP DATABASE ${dbName} WITH (FORCE)`);
    else if (dbName) {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        console.log(`dropped database ${dbName}`);
      } finally {
        await c.end();
      }
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
  const procLoad = () => readFileSync('/proc/loadavg', 'utf8').trim();
  const t0 = performance.now();
  const since = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

  try {
    console.log(`Node ${process.version}, member todos at scale on PostgreSQL`);
    console.log(`load average before: ${load()}   (/proc/loadavg: ${procLoad()})`);

    // --- database and server --------------------------------------------------------------
    dbName = `kolikko_bench_mt_${Math.random().toString(36).slice(2, 10)}`;
    {
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${dbName}`);
      } finally {
        await admin.end();
      }
    }
    const dbUrl = new URL(PG_ADMIN_URL);
    dbUrl.pathname = `/${dbName}`;
    const DATABASE_URL = dbUrl.toString();
    dataDir = mkdtempSync(join(tmpdir(), 'kolikko-bench-mt-'));

    const appPort = await freePort();
    const app = spawnServer(
      serverEnv({
        PORT: String(appPort),
        DATABASE_URL,
        DATA_DIR: dataDir,
        RATE_LIMIT_PER_MINUTE: '1000000',
        // As an operator runs it: responses are not checked against their schemas a second time.
        NODE_ENV: 'production',
        // Production refuses to start without the operator's name (config.ts).
        COMPANY_NAME: 'Kolikko bench',
        ...(args['grid-render'] ? { WEB_DIST: args['web-dist'] ?? join(ROOT, 'apps/web/dist') } : {}),
        ...parseEnvPairs(args['app-env']),
      }),
      CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [],
      { source: args.source },
    );
    children.push(app);
    const appBase = `http://127.0.0.1:${appPort}`;
    await waitForHealthy(`${appBase}/healthz`, app);
    console.log(`[${since()}] server up on ${appBase} (PID ${app.pid}, database ${dbName}, migrations done)`);

    seedClient = new pg.Client({ connectionString: DATABASE_URL });
    await seedClient.connect();
    const q = (text, params) => seedClient.query(text, params);

    // --- one real argon2 hash, from a member signed up through the API ----------------------
    const [{ id: srcTeacher }] = (
      await q(`insert into teachers (username, email, password_hash, email_verified_at) values ('bench_hashsrc', 'bench.hashsrc@example.com', 'x', now()) returning id`)
    ).rows;
    await q(`insert into groups (teacher_id, name) values ($1, 'bench hash source')`, [srcTeacher]);
    const signup = await fetch(`${appBase}/api/signup/member`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench_hashsrc', group_name: 'bench hash source', password: PASSWORD }),
    });
    if (signup.status !== 201) throw new Error(`member signup: ${signup.status} ${await signup.text()}`);
    const [{ password_hash: HASH }] = (await q(`select password_hash from members where lower(username) = 'bench_hashsrc'`)).rows;
    await q('delete from teachers where id = $1', [srcTeacher]); // its group and member go with it
    console.log(`[${since()}] argon2 hash taken from a member signed up through the API: ${HASH.slice(0, 30)}...`);

    // --- seeding --------------------------------------------------------------------------
    const step = async (what, text, params) => {
      const started = performance.now();
      const r = await q(text, params);
      console.log(`  ${what}: ${r.rowCount ?? '-'} rows, ${fmt(performance.now() - started)} ms`);
      return r;
    };
    const seedStarted = performance.now();
    console.log(`[${since()}] seeding ${TEACHERS} teachers x ${GROUPS_PER_TEACHER} groups x ${MEMBERS_PER_GROUP} members, ${TODOS_PER_LIST} todos per list`);
    await step('temp teachers', `create temp table s_teachers as select n, gen_random_uuid() as id from generate_series(1, $1::int) n`, [TEACHERS]);
    await step(
      'teachers',
      `insert into teachers (id, username, email, password_hash, email_verified_at, coins)
       select id, 'bench_t' || n, 'bench.t' || n || '@example.com', $1, now(), $2 from s_teachers`,
      [HASH, TEACHER_COINS],
    );
    await step(
      'coin_ledger (mint -> teacher)',
      `insert into coin_ledger (from_account, to_account, amount, reason, actor)
       select 'mint', 'teacher:' || id, $1, 'starter_coins', 'system' from s_teachers`,
      [TEACHER_COINS],
    );
    await step(
      'temp groups',
      `create temp table s_groups as
       select g.n, gen_random_uuid() as id, gen_random_uuid() as list_id, t.id as teacher_id
       from generate_series(1, $1::int) g(n) join s_teachers t on t.n = (g.n - 1) / $2::int + 1`,
      [GROUPS, GROUPS_PER_TEACHER],
    );
    await step('groups', `insert into groups (id, teacher_id, name) select id, teacher_id, 'Bench group ' || n from s_groups`);
    await step('todolists', `insert into todolists (id, teacher_id, name, language) select list_id, teacher_id, 'Bench list ' || n, 'FI' from s_groups`);
    // Positions ending in 8 are free-answer todos, in 9 strict ones, the rest none-type.
    await step(
      'todos',
      `insert into todos (todolist_id, position, content_html, content_delta, reward, answertype, answer)
       select g.list_id, p, '<p>Tehtävä ' || p || ': lue sivut ' || p || '-' || (p + 2) || '.</p>',
              jsonb_build_object('ops', jsonb_build_array(jsonb_build_object('insert', 'Tehtävä ' || p || E'\\n'))),
              p % 5 + 1,
              case p % 10 when 8 then 'free' when 9 then 'strict' else 'none' end,
              case p % 10 when 9 then 'vastaus' else '' end
       from s_groups g cross join generate_series(1, $1::int) p`,
      [TODOS_PER_LIST],
    );
    await step('groups.blue_shared_id', `update groups set blue_shared_id = s.list_id from s_groups s where groups.id = s.id`);
    await step(
      'members',
      `insert into members (username, group_id, password_hash, small_group)
       select 'bm' || ((g.n - 1) * $1::int + k), g.id, $2, 'blue' from s_groups g cross join generate_series(1, $1::int) k`,
      [MEMBERS_PER_GROUP, HASH],
    );
    await step(
      'member_todos',
      `insert into member_todos (todo_id, member_id, todolist_id)
       select t.id, m.id, t.todolist_id
       from members m join groups g on g.id = m.group_id join todos t on t.todolist_id = g.blue_shared_id`,
    );

    const GRID = SCENARIOS.includes('grid') || args['grid-render'];
    if (GRID) {
      // The class view draws every state: of the free todos' member todos 60 % answered (a fifth of
      // those sent back), half the strict ones answered wrong, 40 % of the none-type ones done
      // (without a reward: the books stay as they are).
      await step(
        'member_todos: free answers, some sent back',
        `update member_todos mt set member_answer = 'vastaus', sent_back_comment = case when random() < 0.2 then 'Kerro lisää' end
         from todos t where t.id = mt.todo_id and t.answertype = 'free' and random() < 0.6`,
      );
      await step('member_todos: wrong strict answers', `update member_todos mt set member_answer = 'väärin' from todos t where t.id = mt.todo_id and t.answertype = 'strict' and random() < 0.5`);
      await step('member_todos: done', `update member_todos mt set completed = true from todos t where t.id = mt.todo_id and t.answertype = 'none' and random() < 0.4`);
    }

    // Sessions for every member and teacher: the cookie is a random token, the table its SHA-256.
    const memberRows = (await q('select id, group_id from members')).rows;
    const teacherRows = (await q('select t.id, (select g.id from groups g where g.teacher_id = t.id limit 1) as group_id from teachers t')).rows;
    const newToken = () => randomBytes(32).toString('base64url');
    const sha = (t) => createHash('sha256').update(t).digest('hex');
    const memberSessions = memberRows.map((m) => ({ memberId: m.id, groupId: m.group_id, token: newToken() }));
    const teacherSessions = teacherRows.map((t) => ({ teacherId: t.id, groupId: t.group_id, token: newToken() }));
    await step(
      'sessions (members)',
      `insert into sessions (token_hash, member_id, expires_at) select h, m, now() + interval '1 day' from unnest($1::text[], $2::uuid[]) as u(h, m)`,
      [memberSessions.map((s) => sha(s.token)), memberSessions.map((s) => s.memberId)],
    );
    await step(
      'sessions (teachers)',
      `insert into sessions (token_hash, teacher_id, expires_at) select h, t, now() + interval '1 day' from unnest($1::text[], $2::uuid[]) as u(h, t)`,
      [teacherSessions.map((s) => sha(s.token)), teacherSessions.map((s) => s.teacherId)],
    );
    {
      const started = performance.now();
      await q('vacuum (analyze)');
      console.log(`  vacuum (analyze): ${fmt(performance.now() - started)} ms`);
    }
    const counts = (
      await q(`select (select count(*) from teachers)::int as teachers, (select count(*) from groups)::int as groups,
                      (select count(*) from members)::int as members, (select count(*) from todos)::int as todos,
                      (select count(*) from member_todos)::int as member_todos, (select count(*) from sessions)::int as sessions,
                      pg_size_pretty(pg_database_size(current_database())) as size`)
    ).rows[0];
    console.log(`[${since()}] seeded in ${fmt((performance.now() - seedStarted) / 1000, 1)} s: ${JSON.stringify(counts)}`);

    // The PUT pool: one none-type member todo each of PUT_POOL random members. Request i takes
    // pool[i % N] and asks completed = (floor(i / N) even): every pass over the pool flips each
    // one, so coins move teacher -> member, then back. The same member todo comes round again
    // only after N requests, so two requests in flight never touch the same one.
    const putPool = (
      await q(
        `select mt.id, mt.member_id from (select id from members order by random() limit $1) m
         cross join lateral (select mt.id, mt.member_id from member_todos mt join todos t on t.id = mt.todo_id
                             where mt.member_id = m.id and t.answertype = 'none' order by random() limit 1) mt`,
        [PUT_POOL],
      )
    ).rows;
    const tokenOfMember = new Map(memberSessions.map((s) => [s.memberId, s.token]));
    const putItems = putPool.map((r) => ({ body0: `{"mtodo_id":"${r.id}","updates":{"completed":`, cookie: `kolikko_session=${tokenOfMember.get(r.member_id)}` }));

    // --- baseline server ------------------------------------------------------------------
    const basePort = await freePort();
    const baseline = spawn(process.execPath, [fileURLToPath(import.meta.url), '--baseline-server'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(basePort), BASELINE_DATABASE_URL: DATABASE_URL },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    keepStderr(baseline);
    children.push(baseline);
    const baselineBase = `http://127.0.0.1:${basePort}`;
    await waitForHealthy(`${baselineBase}/healthz`, baseline);
    console.log(`[${since()}] baseline server up on ${baselineBase} (PID ${baseline.pid}): GET /baseline/:memberId -> ${BASELINE_SQL}`);

    // --- sanity checks: each route answers what it should before it is measured --------------
    const sample = memberSessions[0];
    const cookieOf = (s) => ({ cookie: `kolikko_session=${s.token}` });
    {
      const r = await fetch(`${appBase}/api/membertodos?group_id=${sample.groupId}`, { headers: cookieOf(sample) });
      const body = await r.json();
      if (r.status !== 200 || body.length !== TODOS_PER_LIST) throw new Error(`GET membertodos: ${r.status}, ${JSON.stringify(body).slice(0, 300)}`);
      const t = teacherSessions[0];
      const rt = await fetch(`${appBase}/api/membertodos?group_id=${t.groupId}&color=blue`, { headers: cookieOf(t) });
      const bt = await rt.json();
      if (rt.status !== 200 || bt.length !== TODOS_PER_LIST * MEMBERS_PER_GROUP) throw new Error(`teacher GET membertodos: ${rt.status}, ${bt.length}`);
      const rb = await fetch(`${baselineBase}/baseline/${sample.memberId}`);
      const bb = await rb.json();
      if (rb.status !== 200 || bb.length !== Math.min(20, TODOS_PER_LIST)) throw new Error(`baseline: ${rb.status}, ${JSON.stringify(bb).slice(0, 300)}`);
      console.log(`sanity: member GET -> ${body.length} todos, teacher GET (small group) -> ${bt.length}, baseline -> ${bb.length} rows`);
      if (GRID) {
        const rg = await fetch(`${appBase}/api/membertodos/grid?group_id=${t.groupId}&color=blue`, { headers: cookieOf(t) });
        const text = await rg.text();
        const g = JSON.parse(text);
        const cells = g.members?.reduce((n, m) => n + m.statuses.length, 0);
        if (rg.status !== 200 || g.members.length !== MEMBERS_PER_GROUP || g.todos.length !== TODOS_PER_LIST) throw new Error(`GET grid: ${rg.status}, ${text.slice(0, 300)}`);
        const by = {};
        for (const m of g.members) for (const st of m.statuses) by[st] = (by[st] ?? 0) + 1;
        console.log(`sanity: teacher GET grid -> ${g.members.length} x ${g.todos.length} = ${cells} cells, ${text.length} bytes: ${JSON.stringify(by)}`);
      }
    }

    // --- load -----------------------------------------------------------------------------
    const pickMember = () => memberSessions[(Math.random() * memberSessions.length) | 0];
    let putCounter = 0;
    const appOrigin = `http://127.0.0.1:${appPort}`;
    const scenarios = {
      baseline: {
        label: 'baseline: bare Fastify, 1 indexed SELECT',
        url: baselineBase,
        pid: baseline.pid,
        requests: [
          {
            method: 'GET',
            setupRequest(req) {
              req.path = `/baseline/${pickMember().memberId}`;
              return req;
            },
          },
        ],
      },
      'baseline-tx': {
        label: 'baseline-tx: bare Fastify, BEGIN, lock, write, COMMIT',
        url: baselineBase,
        pid: baseline.pid,
        requests: [
          {
            method: 'PUT',
            setupRequest(req) {
              req.path = `/baseline-tx/${putPool[(Math.random() * putPool.length) | 0].id}`;
              return req;
            },
          },
        ],
      },
      get: {
        label: 'GET /api/membertodos (member, own list)',
        url: appBase,
        pid: app.pid,
        requests: [
          {
            method: 'GET',
            setupRequest(req) {
              const m = pickMember();
              req.path = `/api/membertodos?group_id=${m.groupId}`;
              req.headers.cookie = `kolikko_session=${m.token}`;
              return req;
            },
          },
        ],
      },
      grid: {
        label: 'GET /api/membertodos/grid (teacher, class view)',
        url: appBase,
        pid: app.pid,
        requests: [
          {
            method: 'GET',
            setupRequest(req) {
              const t = teacherSessions[(Math.random() * teacherSessions.length) | 0];
              req.path = `/api/membertodos/grid?group_id=${t.groupId}&color=blue`;
              req.headers.cookie = `kolikko_session=${t.token}`;
              return req;
            },
          },
        ],
      },
      put: {
        label: 'PUT /api/membertodo (member toggles a none-type todo)',
        url: appBase,
        pid: app.pid,
        requests: [
          {
            method: 'PUT',
            path: '/api/membertodo',
            setupRequest(req) {
              const i = putCounter++;
              const item = putItems[i % putItems.length];
              const completed = Math.floor(i / putItems.length) % 2 === 0;
              req.headers['content-type'] = 'application/json';
              req.headers.origin = appOrigin;
              req.headers.cookie = item.cookie;
              req.body = `${item.body0}${completed}}}`;
              return req;
            },
          },
        ],
      },
    };

    // Keep the first answer that was not 2xx of each scenario, to print it.
    for (const s of Object.values(scenarios)) {
      s.requests[0].onResponse = (status, body) => {
        if ((status < 200 || status > 299) && !s.firstError) s.firstError = `${status} ${String(body).slice(0, 300)}`;
      };
    }

    // CPU time of this database's PostgreSQL backends, per PID. The pools close connections that
    // sat idle for 10 s, so a run is charged per PID: what each backend alive at the end used
    // since the start (all of it for one opened during the run). Backends that ended during the
    // run are left out; those are the other server's idle ones.
    const pgBackendCpu = async () => {
      const pids = (await q('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map((r) => r.pid);
      const cpu = new Map();
      for (const pid of pids) {
        try {
          cpu.set(pid, cpuMs(pid));
        } catch {
          // ended, or not readable (PostgreSQL on another machine)
        }
      }
      return cpu;
    };
    const pgCpuSince = (before, after) => {
      let sum = 0;
      for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
      return after.size ? sum : NaN;
    };
    // WAL written by the whole cluster (pg_stat_wal): what durable writes cost, full-page images
    // (FPI, a whole 8 KB page on its first change after a checkpoint) included.
    const walStats = async () => {
      const { rows } = await q('select wal_bytes::float8 as bytes, wal_fpi::float8 as fpi from pg_stat_wal');
      return rows[0];
    };
    const cannon = (scenario, connections, duration) =>
      autocannon({ url: scenario.url, connections, duration, timeout: 30, requests: scenario.requests });

    const results = [];
    let total429 = 0;
    console.log(`\n[${since()}] measuring: ${WARMUP} s warm-up (not reported), then ${DURATION} s, per scenario and connection count`);
    console.log(
      'round | scenario | conns | req/s (mean) | requests | p50 ms | p99 ms | max ms | non-2xx | 429 | errors | server CPU ms/req | PG backends CPU ms/req | WAL KB/req | FPI/req | load gen CPU ms/req | RSS MB | load 1m',
    );
    for (let round = 1; round <= ROUNDS; round++) for (const connections of CONNECTIONS) {
      for (const key of SCENARIOS) {
        const s = scenarios[key];
        if (key === 'get' && !args['cold-sessions']) {
          // Steady state of a lesson: every student's page has asked within the last minute, so
          // the server's session cache (one minute) knows every session. One GET per member, in
          // order, right before the measurement. --cold-sessions skips it.
          const started = performance.now();
          let next = 0;
          const w = await autocannon({
            url: s.url,
            connections,
            amount: memberSessions.length,
            timeout: 30,
            requests: [
              {
                method: 'GET',
                setupRequest(req) {
                  const m = memberSessions[next++ % memberSessions.length];
                  req.path = `/api/membertodos?group_id=${m.groupId}`;
                  req.headers.cookie = `kolikko_session=${m.token}`;
                  return req;
                },
              },
            ],
          });
          total429 += w.statusCodeStats?.['429']?.count ?? 0;
          console.log(`  (sessions warmed: ${w.requests.total} GETs, one per member, in ${fmt((performance.now() - started) / 1000, 1)} s, ${w.non2xx} non-2xx)`);
        }
        if (WARMUP > 0) {
          const w = await cannon(s, connections, WARMUP);
          const w429 = w.statusCodeStats?.['429']?.count ?? 0;
          total429 += w429;
        }
        const cpu0 = cpuMs(s.pid);
        const pg0 = await pgBackendCpu();
        const wal0 = await walStats();
        const gen0 = process.cpuUsage();
        const r = await cannon(s, connections, DURATION);
        const gen = process.cpuUsage(gen0);
        const serverCpu = (cpuMs(s.pid) - cpu0) / r.requests.total;
        const pgCpu = pgCpuSince(pg0, await pgBackendCpu()) / r.requests.total;
        const wal1 = await walStats();
        const walKB = (wal1.bytes - wal0.bytes) / 1024 / r.requests.total;
        const fpi = (wal1.fpi - wal0.fpi) / r.requests.total;
        const genCpu = (gen.user + gen.system) / 1000 / r.requests.total;
        const tooMany = r.statusCodeStats?.['429']?.count ?? 0;
        total429 += tooMany;
        const row = {
          round,
          key,
          connections,
          rps: r.requests.average,
          total: r.requests.total,
          p50: r.latency.p50,
          p99: r.latency.p99,
          max: r.latency.max,
          non2xx: r.non2xx,
          tooMany,
          errors: r.errors + r.timeouts,
          serverCpu,
          pgCpu,
          walKB,
          fpi,
          genCpu,
          rss: memoryMB(s.pid).rss,
          load: loadavg()[0],
        };
        results.push(row);
        console.log(
          [
            String(round).padStart(5),
            key.padEnd(11),
            String(connections).padStart(5),
            fmt(row.rps, 1).padStart(12),
            String(row.total).padStart(8),
            fmt(row.p50).padStart(6),
            fmt(row.p99).padStart(6),
            fmt(row.max).padStart(6),
            String(row.non2xx).padStart(7),
            String(row.tooMany).padStart(3),
            String(row.errors).padStart(6),
            fmt(row.serverCpu, 2).padStart(17),
            fmt(row.pgCpu, 2).padStart(22),
            fmt(row.walKB, 1).padStart(10),
            fmt(row.fpi, 1).padStart(7),
            fmt(row.genCpu, 2).padStart(20),
            fmt(row.rss).padStart(6),
            fmt(row.load, 2).padStart(7),
          ].join(' | '),
        );
        if (s.firstError) {
          console.log(`  first non-2xx answer of ${key}: ${s.firstError}`);
          s.firstError = undefined;
        }
        if (tooMany > 0) {
          console.log(`\n!!!!! ${tooMany} responses were 429 Too Many Requests: the server's rate limit cut this run short.`);
          console.log('!!!!! These numbers are NOT the server\'s throughput. Does apps/server/src/config.ts still read RATE_LIMIT_PER_MINUTE?\n');
        }
      }
    }

    if (args['grid-render']) await measureGridRender({ appBase, teacher: teacherSessions[0], q, runs: Number(args['render-runs']), members: MEMBERS_PER_GROUP, todos: TODOS_PER_LIST });

    // --- the books -----------------------------------------------------------------------
    const books = (
      await q(`
      with moves as (select to_account as acct, amount as delta from coin_ledger
                     union all select from_account, -amount from coin_ledger),
           ledger as (select acct, sum(delta) as bal from moves group by acct),
           stored as (select 'teacher:' || id as acct, coins from teachers union all select 'member:' || id, coins from members)
      select (select count(*) from stored left join ledger using (acct) where stored.coins <> coalesce(ledger.bal, 0))::int as mismatched,
             (select sum(coins) from stored)::bigint as coins_total,
             (select count(*) from coin_ledger where reason = 'todo_reward')::int as paid,
             (select count(*) from coin_ledger where reason = 'todo_reward_revoked')::int as taken_back,
             (select count(*) from member_todos)::int as member_todos,
             (select count(*) from member_todos where completed)::int as completed,
             (select count(*) from members m where m.coins <> (select coalesce(sum(reward_collected), 0) from member_todos mt where mt.member_id = m.id))::int as members_off`)
    ).rows[0];
    console.log(
      `\nbooks: ${books.mismatched} accounts whose balance differs from their ledger rows; coins in purses ${books.coins_total} (minted ${TEACHERS * TEACHER_COINS}); ` +
        `${books.paid} todo_reward and ${books.taken_back} todo_reward_revoked movements; ${books.completed} of ${books.member_todos} member todos completed; ` +
        `${books.members_off} members whose coins differ from the sum of their reward_collected`,
    );
    if (books.member_todos !== counts.member_todos) console.log(`!!!!! member_todos changed from ${counts.member_todos} to ${books.member_todos}: the GET runs were not steady state`);

    // --- summary -------------------------------------------------------------------------
    console.log('\nsummary (app / baseline at the same round and connection count; target: GET and PUT >= 0.5)');
    for (let round = 1; round <= ROUNDS; round++) for (const connections of CONNECTIONS) {
      const by = (key) => results.find((r) => r.round === round && r.key === key && r.connections === connections);
      const base = by('baseline');
      if (!base) continue;
      const cpu = (r) => r.serverCpu + r.pgCpu;
      for (const key of ['get', 'put'].filter((k) => SCENARIOS.includes(k))) {
        const r = by(key);
        const ratio = r.rps / base.rps;
        const clean = r.non2xx + r.errors + base.non2xx + base.errors === 0;
        console.log(
          `  round ${round}, ${String(connections).padStart(3)} connections  ${scenarios[key].label.padEnd(55)} ${fmt(r.rps, 1).padStart(8)} req/s, p99 ${fmt(r.p99).padStart(4)} ms` +
            `  vs baseline ${fmt(base.rps, 1)} req/s: ratio ${fmt(ratio, 2)} ${ratio >= 0.5 ? 'MET' : 'NOT MET'}` +
            `; CPU ms/req (server + PG backends) ${fmt(cpu(r), 2)} vs ${fmt(cpu(base), 2)}` +
            (clean ? '' : '  (INVALID: non-2xx answers or errors in this run)'),
        );
        const floor = by('baseline-tx');
        if (key === 'put' && floor) {
          console.log(
            `    and vs baseline-tx (the bare transaction a write needs) ${fmt(floor.rps, 1)} req/s: ratio ${fmt(r.rps / floor.rps, 2)}; CPU ms/req ${fmt(cpu(r), 2)} vs ${fmt(cpu(floor), 2)}`,
          );
        }
      }
    }
    if (total429 > 0) console.log(`\n!!!!! ${total429} responses were 429 in all (warm-ups included): see above.`);
    console.log(`load average after: ${load()}   (/proc/loadavg: ${procLoad()})   total ${since()}`);
  } catch (err) {
    console.error(err instanceof Error ? err.stack : err);
    for (const child of children) if (child.stderrTail) console.error(`stderr of PID ${child.pid}:\n${child.stderrTail}`);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

// ---------------------------------------------------------------------------------------------
// The class view in a browser: Debian's Chromium (never a downloaded one), one teacher signed in
// with its session cookie, /teacher/shared?view=class loaded `runs` times (the first is reported
// apart: nothing cached). For each: the grid request's time (request start to response end, from
// the page's resource timing) and the time from its answer to the table drawn with every cell
// button, polled on each animation frame.
async function measureGridRender({ appBase, teacher, q, runs, members, todos }) {
  /* global document, requestAnimationFrame -- the page.evaluate callback below runs in the browser */
  const { chromium } = await import('@playwright/test');
  await q('update teachers set active_group_id = $2 where id = $1', [teacher.teacherId, teacher.groupId]);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'kolikko_session', value: teacher.token, url: appBase }]);
    const page = await context.newPage();
    const cells = members * todos;
    const rows = [];
    for (let i = 0; i < runs + 1; i++) {
      await page.goto(`${appBase}/teacher/shared?view=class`);
      const result = await page.evaluate(
        (expected) =>
          new Promise((resolve, reject) => {
            const started = performance.now();
            const poll = () => {
              const n = document.querySelectorAll('[data-testid="class-grid"] button[data-cell]').length;
              if (n >= expected) {
                const drawn = performance.now();
                const grid = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/membertodos/grid')).at(-1);
                resolve({ drawn, request: grid ? grid.responseEnd - grid.requestStart : NaN, answered: grid ? grid.responseEnd : NaN, size: grid?.encodedBodySize ?? NaN });
              } else if (performance.now() - started > 60_000) reject(new Error(`only ${n} of ${expected} cells after 60 s`));
              else requestAnimationFrame(poll);
            };
            poll();
          }),
        cells,
      );
      rows.push({ ...result, render: result.drawn - result.answered });
    }
    const [first, ...rest] = rows;
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(`\nclass view in Chromium (${members} x ${todos} = ${cells} cells, 1280 px):`);
    console.log(`  first load: grid request ${fmt(first.request, 1)} ms, its answer to the table drawn ${fmt(first.render, 1)} ms, page start to drawn ${fmt(first.drawn, 1)} ms`);
    console.log(
      `  ${rest.length} loads after: median grid request ${fmt(median(rest.map((r) => r.request)), 1)} ms, median answer to drawn ${fmt(median(rest.map((r) => r.render)), 1)} ms ` +
        `(max ${fmt(Math.max(...rest.map((r) => r.render)), 1)}), median page start to drawn ${fmt(median(rest.map((r) => r.drawn)), 1)} ms; grid answer ${first.size} bytes on the wire`,
    );
    console.log(`  load average now: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    await browser.close();
  }
}
