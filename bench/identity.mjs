#!/usr/bin/env node
// Identity at country scale (issue 31, "Scale"): signup by join code, login with and without a
// code, member search (a shared name without a code) and badge login on PostgreSQL with 25,000
// teachers, each with one group named "1A" … "9F", and 500,000 members with common Finnish first
// names, each as a ratio to a bare indexed SELECT on the same database in the same run (and the
// password operations also to that SELECT plus one argon2 hash or verify).
//
//   node bench/identity.mjs [--teachers 25000] [--members 20] [--unique-names 1000] [--sample 20000]
//                           [--connections 8] [--duration 10] [--warmup 2] [--rounds 3]
//                           [--time-limit 900] [--skip-load] [--keep-db] [--synchronous-commit off]
//
// 1. Drops and creates kolikko_bench_identity next to postgres://postgres@127.0.0.1:5432/test
//    (BENCH_PG_URL overrides it), starts the app from its sources on it (the migrations make the
//    schema), then seeds it with a few INSERT ... SELECT statements: the teachers, their groups
//    (join codes from the column's default, kolikko_new_join_code()), the members (20 a group,
//    names from FIRST_NAMES, a digit added where a name repeats inside a group; the last member of
//    the first --unique-names groups has a name nobody else has), one argon2 hash for everyone
//    (@node-rs/argon2, as platform/passwords.ts makes it) and a badge for every member. VACUUM
//    (ANALYZE). Member n's id is md5('kolikko-bench-member:n') and its badge's secret the base64url
//    of the first 18 bytes of sha256('kolikko-bench-badge:n'), so this script knows both.
// 2. Starts a bare Fastify + pg server (this file with --baseline-server, the app's pool size)
//    and, for --rounds rounds, alternates: bare SELECT, SELECT + argon2 hash, signup; bare SELECT,
//    SELECT + argon2 verify, login with a code, login by a unique name; bare SELECT, member search,
//    badge login. Each --warmup s (not reported), then --duration s (autocannon, --connections),
//    with the CPU per request of the server process and of the database's PostgreSQL backends.
//    Each request comes from its own made-up address (X-Forwarded-For, the app trusts 127.0.0.1),
//    so the per-address limits count each once, as 500,000 children at their schools would be.
// 3. After the load (its rows in the tables), runs each operation once inside a second copy of the
//    app (this file with --capture, under tsx: buildApp + inject), recording every statement the
//    server sends, then EXPLAIN (ANALYZE, BUFFERS) of each read (writes: EXPLAIN alone). A plan
//    with `Seq Scan on members` or `Seq Scan on groups` fails the run (exit code 1).
// 4. Prints per operation the median and spread over the rounds of its req/s, latency and CPU,
//    and of its ratios to the baselines run just before it (by req/s and by CPU per request);
//    stops every process it started by its PID and drops the database. --time-limit seconds stops
//    it regardless.
import { createHash } from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PG_ADMIN_URL, ROOT, cpuMs, fmt, freePort, keepStderr, serverEnv, spawnServer, stats, stopChild, waitForHealthy } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    teachers: { type: 'string', default: '25000' },
    members: { type: 'string', default: '20' },
    'unique-names': { type: 'string', default: '1000' },
    sample: { type: 'string', default: '20000' },
    connections: { type: 'string', default: '8' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    'time-limit': { type: 'string', default: '900' },
    'skip-load': { type: 'boolean', default: false },
    'keep-db': { type: 'boolean', default: false },
    'synchronous-commit': { type: 'string' },
    'baseline-server': { type: 'boolean', default: false },
    capture: { type: 'boolean', default: false },
  },
});

/** The app's pool size on PostgreSQL (apps/server/src/db/client.ts: `max: options.poolSize ?? 10`). */
const POOL_SIZE = 10;
const DB_NAME = 'kolikko_bench_identity';
const PASSWORD = 'bench-password-123';
const BARE_SQL = 'select id, username, coins from members where id = $1';
const BARE_WITH_HASH_SQL = 'select id, username, coins, password_hash from members where id = $1';

/** Common Finnish first names (3 to 16 letters), girls' then boys'. */
const FIRST_NAMES = [
  'Aino', 'Eevi', 'Emma', 'Sofia', 'Olivia', 'Aada', 'Helmi', 'Ella', 'Lilja', 'Isla', 'Venla', 'Elsa', 'Aurora', 'Enni',
  'Iida', 'Pihla', 'Hilla', 'Linnea', 'Siiri', 'Ellen', 'Vilja', 'Kerttu', 'Alisa', 'Saga', 'Nella', 'Selma', 'Lumi',
  'Minea', 'Oona', 'Sara', 'Emilia', 'Amanda', 'Viola', 'Elli', 'Mila', 'Lotta', 'Inka', 'Milla', 'Anni', 'Veera',
  'Ilona', 'Stella', 'Elina', 'Kaisla', 'Hertta', 'Jenna', 'Neea', 'Iris', 'Livia', 'Ronja',
  'Eino', 'Väinö', 'Onni', 'Leo', 'Elias', 'Oliver', 'Noel', 'Eeli', 'Leevi', 'Niilo', 'Toivo', 'Emil', 'Veeti', 'Aatos',
  'Vilho', 'Oiva', 'Hugo', 'Lenni', 'Aaro', 'Otto', 'Eetu', 'Luka', 'Valtteri', 'Joel', 'Daniel', 'Mikael', 'Matias',
  'Benjamin', 'Samuel', 'Aleksi', 'Juho', 'Rasmus', 'Lauri', 'Akseli', 'Aapo', 'Oskari', 'Ilmari', 'Urho', 'Kasper',
  'Nooa', 'Topias', 'Kalle', 'Jesse', 'Teemu', 'Lukas', 'Paavo', 'Arttu', 'Konsta', 'Sisu', 'Jimi',
];
/** The names of the --unique-names members nobody else shares: UNIQUE_PREFIX + group number. */
const UNIQUE_PREFIX = 'Uniikki';

const md5Uuid = (s) => {
  const h = createHash('md5').update(s).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
/** Member n's id, as the seeding's md5('kolikko-bench-member:' || n)::uuid. */
const memberId = (n) => md5Uuid(`kolikko-bench-member:${n}`);
/** Member n's badge secret, as the seeding derives it (18 bytes, base64url, as newBadgeToken's). */
const badgeToken = (n) => createHash('sha256').update(`kolikko-bench-badge:${n}`).digest().subarray(0, 18).toString('base64url');

if (args['baseline-server']) await runBaselineServer();
else if (args.capture) await runCapture();
else await main();

// ---------------------------------------------------------------------------------------------
// The baselines: a bare Fastify server, the app's pool size. GET /bare/:id is one indexed SELECT;
// POST /bare-verify and /bare-hash do that SELECT and one argon2 verify (of the member's stored
// hash) or one argon2 hash (the library's defaults, as platform/passwords.ts), as a login or a
// signup needs at the least.

async function runBaselineServer() {
  const { default: Fastify } = await import('fastify');
  const { default: pg } = await import('pg');
  const { hash, verify } = await import('@node-rs/argon2');
  const pool = new pg.Pool({ connectionString: process.env.BASELINE_DATABASE_URL, max: POOL_SIZE });
  const app = Fastify({ logger: false });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/bare/:id', async (request) => {
    const { rows } = await pool.query(BARE_SQL, [request.params.id]);
    return rows[0];
  });
  app.post('/bare-verify', async (request) => {
    const { rows } = await pool.query(BARE_WITH_HASH_SQL, [request.body.id]);
    const ok = await verify(rows[0].password_hash, request.body.password);
    return { ok, id: rows[0].id, username: rows[0].username, coins: rows[0].coins };
  });
  app.post('/bare-hash', async (request) => {
    const { rows } = await pool.query(BARE_SQL, [request.body.id]);
    const made = await hash(request.body.password);
    return { ok: made.length > 0, ...rows[0] };
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
// --capture (under tsx): the app built in this process on the seeded database, each operation of
// CAPTURE_OPS injected once, and every query its pool sent meanwhile written to CAPTURE_OUT.

async function runCapture() {
  const { default: pg } = await import('pg');
  let log;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, callback) {
    if (log) {
      const text = typeof config === 'string' ? config : config?.text;
      const vals = typeof config === 'string' ? values : (config?.values ?? values);
      if (text) log.push({ text, values: Array.isArray(vals) ? vals : [] });
    }
    return query.call(this, config, values, callback);
  };
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'kolikko-bench-identity-capture-'));
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
    TRUST_PROXY: '127.0.0.1',
    PORT: '0',
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const app = await buildApp({ config, database });
  await app.ready();
  const out = [];
  try {
    for (const op of JSON.parse(process.env.CAPTURE_OPS)) {
      log = [];
      const res = await app.inject({ method: 'POST', url: op.url, payload: op.body, headers: { 'x-forwarded-for': op.address } });
      // Anything the request left to run after its answer.
      await new Promise((resolve) => setTimeout(resolve, 300));
      out.push({ key: op.key, status: res.statusCode, body: res.body.slice(0, 200), queries: log });
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
  const { hash } = await import('@node-rs/argon2');

  const TEACHERS = Number(args.teachers);
  const MEMBERS_PER_GROUP = Number(args.members);
  const MEMBERS = TEACHERS * MEMBERS_PER_GROUP;
  const UNIQUE = Math.min(Number(args['unique-names']), TEACHERS);
  const SAMPLE = Math.min(Number(args.sample), MEMBERS);
  const CONNECTIONS = Number(args.connections);
  const DURATION = Number(args.duration);
  const WARMUP = Number(args.warmup);
  const ROUNDS = Number(args.rounds);
  const TIME_LIMIT_S = Number(args['time-limit']);
  if (new Set(FIRST_NAMES.map((n) => n.toLowerCase())).size !== FIRST_NAMES.length) throw new Error('FIRST_NAMES has a name twice');

  const children = [];
  let seedClient;
  let dbCreated = false;
  let cleaned = false;
  async function cleanup() {
    if (cleaned) return;
    cleaned = true;
    for (const child of children) await stopChild(child);
    if (seedClient) await seedClient.end().catch(() => {});
    if (dbCreated && args['keep-db']) console.log(`kept database ${DB_NAME} (--keep-db); drop it with DROP DATABASE ${DB_NAME} WITH (FORCE)`);
    else if (dbCreated) {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
        console.log(`dropped database ${DB_NAME}`);
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
  const t0 = performance.now();
  const since = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  const timings = {};
  let failed = false;

  try {
    let commit = '?';
    try {
      commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    } catch {
      // not a git checkout
    }
    console.log(`Node ${process.version}, identity at country scale on PostgreSQL, commit ${commit} (plus the working tree), ${new Date().toISOString()}`);
    console.log(`${TEACHERS} teachers x 1 group, ${MEMBERS_PER_GROUP} members a group (${MEMBERS}), ${UNIQUE} unique names; ${CONNECTIONS} connections, ${WARMUP} s + ${DURATION} s per run, ${ROUNDS} rounds`);
    console.log(`load average before: ${load()}`);

    // --- database and server --------------------------------------------------------------
    {
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${DB_NAME}`);
        dbCreated = true;
        // --synchronous-commit off: what the commits' waits for the disk cost (a diagnosis, not a setting to run with).
        const sc = args['synchronous-commit'];
        if (sc !== undefined) {
          if (!['on', 'off', 'local'].includes(sc)) throw new Error('--synchronous-commit: on, off or local');
          await admin.query(`ALTER DATABASE ${DB_NAME} SET synchronous_commit = ${sc}`);
          console.log(`synchronous_commit = ${sc} for ${DB_NAME}`);
        }
      } finally {
        await admin.end();
      }
    }
    const dbUrl = new URL(PG_ADMIN_URL);
    dbUrl.pathname = `/${DB_NAME}`;
    const DATABASE_URL = dbUrl.toString();

    const appPort = await freePort();
    const appStarted = performance.now();
    const app = spawnServer(
      serverEnv({
        PORT: String(appPort),
        DATABASE_URL,
        NODE_ENV: 'production',
        // Production refuses to start without the operator's name (config.ts).
        COMPANY_NAME: 'Kolikko bench',
        LOG_LEVEL: 'warn',
        CAPTCHA: 'off',
        LIMITS_EXEMPT_ADDRESSES: '127.0.0.1,::1',
        JOBS: 'off',
        TRUST_PROXY: '127.0.0.1',
      }),
      [],
      { source: true },
    );
    children.push(app);
    const appBase = `http://127.0.0.1:${appPort}`;
    await waitForHealthy(`${appBase}/healthz`, app);
    timings.appStart = performance.now() - appStarted;
    console.log(`[${since()}] app up on ${appBase} from its sources (PID ${app.pid}, database ${DB_NAME}, migrations done) in ${fmt(timings.appStart)} ms`);

    seedClient = new pg.Client({ connectionString: DATABASE_URL });
    await seedClient.connect();
    const q = (text, params) => seedClient.query(text, params);

    // --- seeding --------------------------------------------------------------------------
    const step = async (what, text, params) => {
      const started = performance.now();
      const r = await q(text, params);
      const ms = performance.now() - started;
      console.log(`  ${what}: ${r.rowCount ?? '-'} rows, ${fmt(ms)} ms`);
      return ms;
    };
    const seedStarted = performance.now();
    let started = performance.now();
    const HASH = await hash(PASSWORD);
    console.log(`[${since()}] seeding; one argon2 hash (@node-rs/argon2 defaults) in ${fmt(performance.now() - started)} ms: ${HASH.slice(0, 31)}...`);
    await step(
      'teachers',
      `insert into teachers (id, username, email, password_hash, email_verified_at)
       select md5('kolikko-bench-teacher:' || n)::uuid, 'bt' || n, 'bt' || n || '@example.com', $1, now()
       from generate_series(1, $2::int) n`,
      [HASH, TEACHERS],
    );
    // 9 grades x A-F: teacher n's group is the ((n - 1) % 54)-th name; join_code from its default.
    timings.groups = await step(
      'groups (join_code from its default, kolikko_new_join_code())',
      `insert into groups (id, teacher_id, name)
       select md5('kolikko-bench-group:' || n)::uuid, md5('kolikko-bench-teacher:' || n)::uuid,
              ((n - 1) % 54 / 6 + 1)::text || substr('ABCDEF', (n - 1) % 6 + 1, 1)
       from generate_series(1, $1::int) n`,
      [TEACHERS],
    );
    // Member m = (g - 1) * per group + k: a name drawn from FIRST_NAMES by a hash of m, with its
    // rank among the group's holders of that name added from the second on ("Emma", "Emma2").
    timings.members = await step(
      'members (names, argon2 hash, badge hash)',
      `insert into members (id, username, group_id, password_hash, badge_hash)
       select md5('kolikko-bench-member:' || m)::uuid,
              case when rn = 1 then base else base || rn end,
              md5('kolikko-bench-group:' || g)::uuid,
              $1,
              encode(sha256(convert_to(translate(encode(substring(sha256(convert_to('kolikko-bench-badge:' || m, 'UTF8')) from 1 for 18), 'base64'), '+/', '-_'), 'UTF8')), 'hex')
       from (
         select g, m, base, row_number() over (partition by g, base order by m) as rn
         from (
           select g, (g - 1) * $2 + k as m,
                  case when k = $2 and g <= $3 then $4 || g
                       else ($5::text[])[(1 + abs(hashtext('kolikko-bench-name:' || ((g - 1) * $2 + k))::bigint) % cardinality($5::text[]))::int] end as base
           from generate_series(1, $6::int) g cross join generate_series(1, $2::int) k
         ) drawn
       ) ranked`,
      [HASH, MEMBERS_PER_GROUP, UNIQUE, UNIQUE_PREFIX, FIRST_NAMES, TEACHERS],
    );
    started = performance.now();
    await q('vacuum (analyze)');
    timings.vacuum = performance.now() - started;
    console.log(`  vacuum (analyze): ${fmt(timings.vacuum)} ms`);
    timings.seed = performance.now() - seedStarted;
    const counts = (
      await q(`select (select count(*) from teachers)::int as teachers, (select count(*) from groups)::int as groups,
                      (select count(distinct join_code) from groups)::int as join_codes,
                      (select count(distinct lower(name)) from groups)::int as group_names,
                      (select count(*) from members)::int as members, (select count(distinct lower(username)) from members)::int as member_names,
                      (select count(*) from members where badge_hash is not null)::int as badges,
                      pg_size_pretty(pg_database_size(current_database())) as size`)
    ).rows[0];
    console.log(`[${since()}] seeded in ${fmt(timings.seed / 1000, 1)} s: ${JSON.stringify(counts)}`);
    const shares = (
      await q(`select lower(username) as name, count(*)::int as n from members group by 1 order by 2 desc limit 3`)
    ).rows;
    console.log(`  most shared names: ${shares.map((r) => `${r.name} ${r.n}`).join(', ')}; each group name is shared by ${fmt(TEACHERS / 54)} groups on average`);

    // --- what the load uses ---------------------------------------------------------------
    const picked = new Set();
    while (picked.size < SAMPLE) picked.add(1 + Math.floor(Math.random() * MEMBERS));
    const byId = new Map([...picked].map((n) => [memberId(n), n]));
    const sample = (
      await q(`select m.id, m.username, g.join_code from members m join groups g on g.id = m.group_id where m.id = any($1::uuid[])`, [[...byId.keys()]])
    ).rows.map((r) => ({ id: r.id, username: r.username, code: r.join_code, token: badgeToken(byId.get(r.id)) }));
    if (sample.length !== SAMPLE) throw new Error(`sample: ${sample.length} of ${SAMPLE} members found by their ids`);
    const uniqueNames = Array.from({ length: UNIQUE }, (_, i) => `${UNIQUE_PREFIX}${i + 1}`);
    const [{ n: uniqueHolders }] = (await q('select count(*)::int as n from members where lower(username) = any($1::text[])', [uniqueNames.map((n) => n.toLowerCase())])).rows;
    if (uniqueHolders !== UNIQUE) throw new Error(`unique names: ${uniqueHolders} holders of ${UNIQUE} names`);
    const codes = (await q('select join_code from groups')).rows.map((r) => r.join_code);

    const pick = (xs) => xs[(Math.random() * xs.length) | 0];
    // A made-up client address per request (X-Forwarded-For): 10.0.0.0/8 for the load, 100.64/10 for the capture.
    let addressCounter = 1;
    const nextAddress = () => {
      const i = addressCounter++;
      return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    };
    let signupCounter = 1;
    const ops = {
      signup: () => ({ url: '/api/signup/member', body: { username: `Uusi${signupCounter++}`, group_name: pick(codes), password: PASSWORD }, expect: 201 }),
      'login-code': () => {
        const m = pick(sample);
        return { url: '/api/login/member', body: { loginName: m.username, password: PASSWORD, group_code: m.code }, expect: 200 };
      },
      'login-unique': () => ({ url: '/api/login/member', body: { loginName: pick(uniqueNames), password: PASSWORD }, expect: 200 }),
      search: () => ({ url: '/api/login/member', body: { loginName: pick(FIRST_NAMES), password: PASSWORD }, expect: 409 }),
      badge: () => ({ url: '/api/login/badge', body: { token: pick(sample).token }, expect: 200 }),
    };

    // The server's queries and their plans: after the load, with its rows in the tables.
    const explain = async () => {
      const started = performance.now();
      failed = (await captureAndExplain({ databaseUrl: DATABASE_URL, ops, children, q })) || failed;
      timings.explain = performance.now() - started;
      console.log(`[${since()}] queries captured and explained in ${fmt(timings.explain / 1000, 1)} s`);
    };
    if (args['skip-load']) {
      await explain();
      return;
    }

    // --- baseline server ------------------------------------------------------------------
    const basePort = await freePort();
    const baseline = spawn(process.execPath, [fileURLToPath(import.meta.url), '--baseline-server'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(basePort), BASELINE_DATABASE_URL: DATABASE_URL },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    keepStderr(baseline);
    children.push(baseline);
    const baseUrl = `http://127.0.0.1:${basePort}`;
    await waitForHealthy(`${baseUrl}/healthz`, baseline);
    console.log(`[${since()}] baseline server up on ${baseUrl} (PID ${baseline.pid}): GET /bare/:id -> ${BARE_SQL}; POST /bare-verify, /bare-hash: the same and one argon2 verify or hash`);

    const json = (body) => JSON.stringify(body);
    const scenarios = {
      bare: { label: 'bare SELECT (baseline)', url: baseUrl, pid: baseline.pid, expect: 200, make: () => ({ method: 'GET', path: `/bare/${pick(sample).id}` }) },
      'bare-hash': {
        label: 'SELECT + argon2 hash (baseline)',
        url: baseUrl,
        pid: baseline.pid,
        expect: 200,
        make: () => ({ method: 'POST', path: '/bare-hash', body: json({ id: pick(sample).id, password: PASSWORD }) }),
      },
      'bare-verify': {
        label: 'SELECT + argon2 verify (baseline)',
        url: baseUrl,
        pid: baseline.pid,
        expect: 200,
        make: () => ({ method: 'POST', path: '/bare-verify', body: json({ id: pick(sample).id, password: PASSWORD }) }),
      },
    };
    const labels = {
      signup: 'signup by code (POST /api/signup/member)',
      'login-code': 'login with a code (POST /api/login/member)',
      'login-unique': 'login by a unique name, no code',
      search: 'member search: shared name, no code (409)',
      badge: 'badge login (POST /api/login/badge)',
    };
    for (const [key, make] of Object.entries(ops)) {
      scenarios[key] = {
        label: labels[key],
        url: appBase,
        pid: app.pid,
        expect: make().expect,
        make: () => {
          const op = make();
          return { method: 'POST', path: op.url, body: json(op.body), address: nextAddress() };
        },
      };
    }
    // One request object; setupRequest fills in each request's path, body and address.
    const cannon = (s, duration) => {
      let unexpected = 0;
      let firstUnexpected;
      const statuses = {};
      return autocannon({
        url: s.url,
        connections: CONNECTIONS,
        duration,
        timeout: 30,
        requests: [
          {
            method: 'GET',
            setupRequest(req) {
              const r = s.make();
              req.method = r.method;
              req.path = r.path;
              req.headers = { ...req.headers, 'content-type': 'application/json', ...(r.address ? { 'x-forwarded-for': r.address } : {}) };
              if (r.body !== undefined) req.body = r.body;
              else delete req.body;
              return req;
            },
            onResponse(status, body) {
              statuses[status] = (statuses[status] ?? 0) + 1;
              if (status !== s.expect) {
                unexpected++;
                firstUnexpected ??= `${status} ${String(body).slice(0, 200)}`;
              }
            },
          },
        ],
      }).then((r) => ({ ...r, unexpected, firstUnexpected, statuses }));
    };

    // CPU time of this database's PostgreSQL backends (on this machine, from /proc), per PID: a run
    // is charged what each backend alive at its end used since its start (all of it for one opened
    // meanwhile). The pools close connections idle for 10 s: those that ended were the idle ones.
    const backendCpu = async () => {
      const { rows } = await q('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      const cpu = new Map();
      for (const { pid } of rows) {
        try {
          cpu.set(pid, cpuMs(pid));
        } catch {
          // ended, or PostgreSQL is on another machine
        }
      }
      return cpu;
    };
    const backendCpuSince = (before, after) => {
      let sum = 0;
      for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
      return after.size ? sum : NaN;
    };

    // The baseline server's code and the members' pages warm before the first run.
    await cannon(scenarios.bare, 5);

    // Per round: each app operation right after its baselines.
    const ORDER = ['bare', 'bare-hash', 'signup', 'bare', 'bare-verify', 'login-code', 'login-unique', 'bare', 'search', 'badge'];
    const results = [];
    console.log(`\n[${since()}] measuring: ${WARMUP} s warm-up (not reported), then ${DURATION} s, ${CONNECTIONS} connections`);
    console.log('round | run | req/s | requests | p50 ms | p99 ms | max ms | unexpected status | errors | server CPU ms/req | PG backends CPU ms/req | load gen CPU ms/req | load 1m');
    const loadStarted = performance.now();
    for (let round = 1; round <= ROUNDS; round++) {
      const last = {};
      for (const key of ORDER) {
        const s = scenarios[key];
        if (WARMUP > 0) await cannon(s, WARMUP);
        const cpu0 = cpuMs(s.pid);
        const pg0 = await backendCpu();
        const gen0 = process.cpuUsage();
        const r = await cannon(s, DURATION);
        const gen = process.cpuUsage(gen0);
        const pgCpu = backendCpuSince(pg0, await backendCpu()) / r.requests.total;
        const row = {
          round,
          key,
          rps: r.requests.average,
          total: r.requests.total,
          p50: r.latency.p50,
          p99: r.latency.p99,
          max: r.latency.max,
          unexpected: r.unexpected,
          errors: r.errors + r.timeouts,
          serverCpu: (cpuMs(s.pid) - cpu0) / r.requests.total,
          pgCpu,
          genCpu: (gen.user + gen.system) / 1000 / r.requests.total,
          load: loadavg()[0],
          bare: last.bare,
          password: key === 'signup' ? last['bare-hash'] : key.startsWith('login') ? last['bare-verify'] : undefined,
        };
        last[key] = row;
        results.push(row);
        console.log(
          [
            String(round).padStart(5),
            key.padEnd(12),
            fmt(row.rps, 1).padStart(8),
            String(row.total).padStart(8),
            fmt(row.p50).padStart(6),
            fmt(row.p99).padStart(6),
            fmt(row.max).padStart(6),
            String(row.unexpected).padStart(6),
            String(row.errors).padStart(6),
            fmt(row.serverCpu, 2).padStart(8),
            fmt(row.pgCpu, 2).padStart(8),
            fmt(row.genCpu, 2).padStart(8),
            fmt(row.load, 2).padStart(6),
          ].join(' | '),
        );
        if (r.unexpected) console.log(`  !!!!! ${r.unexpected} answers not ${s.expect} (${JSON.stringify(r.statuses)}); the first: ${r.firstUnexpected}`);
        if (r.unexpected || row.errors) failed = true;
      }
    }
    timings.load = performance.now() - loadStarted;
    await explain();

    // --- summary --------------------------------------------------------------------------
    const spread = (xs, digits) => {
      const st = stats(xs);
      return `${fmt(st.median, digits)} (${fmt(st.min, digits)}–${fmt(st.max, digits)})`;
    };
    console.log(`\nsummary over ${ROUNDS} rounds: median (min–max); ratio = the operation's req/s ÷ the baseline's run just before it, in the same round;`);
    console.log("CPU ratio = the baseline's CPU per request (server + PostgreSQL backends) ÷ the operation's, in the same pair of runs (steadier on a busy machine)");
    console.log('| Operation | req/s | p50 ms | p99 ms | CPU ms/req: server + PostgreSQL | ÷ bare SELECT: req/s, CPU | ÷ SELECT + argon2: req/s, CPU |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    const cpu = (r) => r.serverCpu + r.pgCpu;
    for (const key of ['bare', 'bare-hash', 'bare-verify', ...Object.keys(ops)]) {
      const rows = results.filter((r) => r.key === key);
      const ratio = (which) =>
        rows.every((r) => r[which])
          ? `${spread(rows.map((r) => r.rps / r[which].rps), 3)}; ${spread(rows.map((r) => cpu(r[which]) / cpu(r)), 3)}`
          : '–';
      const median = (f) => fmt(stats(rows.map(f)).median, 2);
      console.log(
        `| ${scenarios[key].label} | ${spread(rows.map((r) => r.rps), 1)} | ${spread(rows.map((r) => r.p50), 0)} | ${spread(rows.map((r) => r.p99), 0)} | ` +
          `${median((r) => r.serverCpu)} + ${median((r) => r.pgCpu)} | ${key === 'bare' ? '1' : ratio('bare')} | ${ratio('password')} |`,
      );
    }
    console.log(
      `\ntimes: app start ${fmt(timings.appStart / 1000, 1)} s; seeding ${fmt(timings.seed / 1000, 1)} s (groups with their join codes ${fmt(timings.groups / 1000, 1)} s, ` +
        `members ${fmt(timings.members / 1000, 1)} s, vacuum analyze ${fmt(timings.vacuum / 1000, 1)} s); plans ${fmt(timings.explain / 1000, 1)} s; load ${fmt(timings.load / 1000, 1)} s`,
    );
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

function isRead(text) {
  return /^\s*(select|with)\b/i.test(text) && !/^\s*with\b[\s\S]*\b(insert|update|delete)\b/i.test(text);
}

/**
 * Runs each operation once (and a join by a shared group name, for findGroupsByName's plan) in a
 * copy of the app (this file with --capture, under tsx), then explains every query they sent.
 * Answers true when a plan scans members or groups whole, or an operation answered unexpectedly.
 */
async function captureAndExplain({ databaseUrl, ops, children, q }) {
  const dir = mkdtempSync(join(tmpdir(), 'kolikko-bench-identity-'));
  const captureOut = join(dir, 'capture.json');
  const captureOps = [
    ...Object.entries(ops).map(([key, make]) => ({ key, ...make() })),
    // Not measured: a join by a group name that ~460 groups share (409 GROUP.AMBIGUOUS_NAME).
    { key: 'signup-by-name', url: '/api/signup/member', body: { username: 'Kaappaus', group_name: '3A', password: PASSWORD }, expect: 409 },
  ].map((op, i) => ({ ...op, address: `100.64.0.${i + 1}` }));
  try {
    await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--capture'], {
        cwd: ROOT,
        env: { ...process.env, CAPTURE_DATABASE_URL: databaseUrl, CAPTURE_OPS: JSON.stringify(captureOps), CAPTURE_OUT: captureOut },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      keepStderr(child);
      children.push(child);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`capture exited with ${code}\n${child.stderrTail}`))));
    });
    return await explainAll(q, JSON.parse(readFileSync(captureOut, 'utf8')), captureOps);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Prints the plan of every query the captured operations ran: EXPLAIN (ANALYZE, BUFFERS) of a read
 * (inside a transaction rolled back: a FOR UPDATE locks nothing for long), EXPLAIN of a write (it
 * would repeat a row the request made). Answers true when a plan scans members or groups whole.
 */
async function explainAll(q, captured, captureOps) {
  const seen = new Map();
  let scanned = false;
  console.log('\nthe server\'s queries per operation (captured from the app itself, one request each):');
  for (const op of captured) {
    const expected = captureOps.find((o) => o.key === op.key).expect;
    const numbers = [];
    for (const { text, values } of op.queries) {
      if (/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(text)) continue;
      // A read is explained with each operation's own parameters (a name that one member has,
      // one that thousands share); a write once.
      const key = isRead(text) ? `${op.key}\0${text}` : text;
      if (!seen.has(key)) seen.set(key, { n: seen.size + 1, text, values, ops: [] });
      const entry = seen.get(key);
      entry.ops.push(op.key);
      numbers.push(entry.n);
    }
    const ok = op.status === expected;
    console.log(`  ${op.key}: ${op.status}${ok ? '' : ` (expected ${expected}: ${op.body})`}, ${op.queries.length} statements (transaction control included); queries #${numbers.join(', #')}`);
    if (!ok) scanned = true;
  }
  for (const { n, text, values, ops } of seen.values()) {
    const read = isRead(text);
    await q('begin');
    let plan;
    try {
      plan = (await q(`explain (${read ? 'analyze, buffers' : 'costs'}) ${text}`, values)).rows.map((r) => r['QUERY PLAN']);
    } finally {
      await q('rollback');
    }
    const shown = JSON.stringify(values).slice(0, 160);
    console.log(`\n#${n} (${[...new Set(ops)].join(', ')})${read ? '' : ' [write: EXPLAIN without ANALYZE]'}\n  ${text}\n  params ${shown}`);
    for (const line of plan) console.log(`    ${line}`);
    const whole = plan.filter((l) => /Seq Scan on (members|groups)\b/.test(l));
    if (whole.length) {
      scanned = true;
      console.log(`  !!!!! #${n} scans a whole table: ${whole.map((l) => l.trim()).join('; ')}`);
    }
    const other = plan.filter((l) => /Seq Scan on /.test(l) && !/Seq Scan on (members|groups)\b/.test(l));
    if (other.length) console.log(`  note: #${n} has ${other.map((l) => l.trim()).join('; ')}`);
  }
  console.log(scanned ? '\n!!!!! a plan above scans members or groups whole (or an operation answered unexpectedly)' : '\nno plan scans members or groups whole');
  return scanned;
}
