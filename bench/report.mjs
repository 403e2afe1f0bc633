#!/usr/bin/env node
// The class report (issue 33): GET /api/group/{id}/report for a class of 40 with a year of daily
// activity, on PostgreSQL. Target: under 300 ms for the year.
//
//   node bench/report.mjs [--students 40] [--days 365] [--other-classes 4] [--runs 30] [--warmup 5] [--keep-db] [--db <kept database>]
//
// 1. Creates kolikko_bench_<random> next to postgres://postgres@127.0.0.1:5432/test (BENCH_PG_URL
//    overrides it) and starts the app from its sources on it (its migrations make the schema).
// 2. Seeds, with INSERT ... SELECT statements, the measured class and --other-classes more (each its
//    own teacher, so the ledger holds other classes' rows too), each of --students students, every
//    day of --days: a class award with a reason; two awards with reasons for each student; a "needs
//    work" award every tenth day and an undone award every seventh (award_undo rows); a task done
//    (member todo + todo_reward) and every fifth day a free answer sent back; a reward bought every
//    third day (given, returned or pending); a transfer to a classmate. Then ledger_first and
//    ledger_last of every award (as migration 0018 does) and VACUUM (ANALYZE).
// 3. Signs the measured class's teacher in and, in turns (so the machine's noise falls on all of
//    them alike), times: GET /readyz (the app's `select 1` round trip: the bare baseline), the
//    report for a week, a month, the year (JSON and CSV) and 400 days (the class's closed days read
//    from report_days, which the first report filled); --warmup turns not counted,
//    then --runs. Then the year as a first report, a few times: the class's report_days and
//    report_coverage rows deleted before each, so it sums its closed days from the ledger again.
//    Also, straight on the database, a plain count of the class's ledger rows in the
//    year (what reading them alone costs).
// 4. Prints median and p95 of each, and each median as a ratio to /readyz's; stops the server by
//    its PID and drops the database (unless --keep-db).
import { hash } from '@node-rs/argon2';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { PG_ADMIN_URL, createPgDatabase, fmt, freePort, serverEnv, spawnServer, stopChild, stopOnInterruptOrWatchdog, waitForHealthy } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    students: { type: 'string', default: '40' },
    days: { type: 'string', default: '365' },
    'other-classes': { type: 'string', default: '4' },
    runs: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    'keep-db': { type: 'boolean', default: false },
    /** A database an earlier --keep-db run seeded (its name): measured again without seeding. */
    db: { type: 'string' },
  },
});
const STUDENTS = Number(args.students);
const DAYS = Number(args.days);
const CLASSES = 1 + Number(args['other-classes']);
const RUNS = Number(args.runs);
const WARMUP = Number(args.warmup);
const PASSWORD = 'bench-password';
/** The year ends yesterday (UTC), as a teacher's report of the past year would. */
const LAST_DAY = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - 1));
const FIRST_DAY = new Date(LAST_DAY.getTime() - (DAYS - 1) * 86_400_000);
const dayText = (d) => d.toISOString().slice(0, 10);
const minusDays = (n) => dayText(new Date(LAST_DAY.getTime() - n * 86_400_000));

const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const median = (values) => percentile(values, 50);

const children = [];
let database;
let seedClient;
async function cleanup() {
  for (const child of children) await stopChild(child);
  if (seedClient) await seedClient.end().catch(() => undefined);
  if (database && !args['keep-db']) await database.drop().catch((err) => console.error('could not drop the database:', err.message));
  else if (database) console.log(`kept database ${database.name} (--keep-db); drop it with DROP DATABASE ${database.name} WITH (FORCE)`);
}
stopOnInterruptOrWatchdog(cleanup, 20 * 60_000);

async function main() {
  const { default: pg } = await import('pg');
  console.log(`Node ${process.version}, the class report on PostgreSQL, ${new Date().toISOString()}`);
  console.log(`${CLASSES} classes (1 measured) x ${STUDENTS} students x ${DAYS} days (${dayText(FIRST_DAY)} to ${dayText(LAST_DAY)}); ${WARMUP} + ${RUNS} turns`);
  console.log(`load average before: ${load()}`);
  if (args.db) {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${args.db}`;
    database = { name: args.db, url: url.toString(), drop: async () => undefined };
    args['keep-db'] = true;
  } else database = await createPgDatabase();
  const port = await freePort();
  // As in production: there the server does not check each response against its schema a second time.
  const app = spawnServer(
    serverEnv({ PORT: String(port), DATABASE_URL: database.url, NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1', COMPANY_NAME: 'Bench Oy', JOBS: 'off', LOG_LEVEL: 'warn' }),
    [],
    { source: true },
  );
  children.push(app);
  const base = `http://127.0.0.1:${port}`;
  await waitForHealthy(`${base}/healthz`, app);
  console.log(`app up on ${base} (PID ${app.pid}, database ${database.name}, migrations done)`);

  seedClient = new pg.Client({ connectionString: database.url });
  await seedClient.connect();
  const step = async (what, text, params = []) => {
    const started = performance.now();
    // Every seeding statement gets the same first four parameters, typed here whether it uses each or not.
    const typed = params.length > 0 ? `with params as (select $1::int, $2::int, $3::int, $4::timestamptz) ${text}` : text;
    const r = await seedClient.query(typed, params);
    console.log(`  ${what}: ${r.rowCount ?? '-'} rows, ${fmt(performance.now() - started)} ms`);
  };
  const seedStarted = performance.now();
  if (!args.db) await seed();
  async function seed() {
    const passwordHash = await hash(PASSWORD);
    // Ids the script can name again: an md5 made a version-4 UUID (the API checks ids are).
    await step('bench_id()', `create function bench_id(text) returns uuid language sql immutable as $$ select overlay(overlay(md5($1) placing '4' from 13) placing '8' from 17)::uuid $$`);
    // Class c (0 is measured): teacher bench_id('t:c'), group bench_id('g:c'), student k bench_id('m:c:k'); day d of the range.
    const p = [CLASSES, STUDENTS, DAYS, FIRST_DAY.toISOString()];
    const classes = `generate_series(0, $1::int - 1) c`;
    const students = `generate_series(1, $2::int) k`;
    const days = `generate_series(0, $3::int - 1) d`;
    const dayAt = (time) => `($4::timestamptz + d * interval '1 day' + interval '${time}')`;
    await step('teachers', `insert into teachers (id, username, email, password_hash, email_verified_at, coins) select bench_id('t:' || c)::uuid, 'bench_report' || c, 'bench_report' || c || '@example.com', $5, now(), 100000 from ${classes}`, [...p, passwordHash]);
    await step('groups', `insert into groups (id, teacher_id, name, reasons_seeded, trading_allowed) select bench_id('g:' || c)::uuid, bench_id('t:' || c)::uuid, '5B', true, true from ${classes}`, p);
    await step('members', `insert into members (id, username, group_id, password_hash) select bench_id('m:' || c || ':' || k)::uuid, 'oppilas' || k, bench_id('g:' || c)::uuid, $5 from ${classes}, ${students}`, [...p, passwordHash]);
    const reasons = `(array['Auttaminen', 'Ryhmätyö', 'Ahkeruus', 'Osallistuminen', 'Ystävällisyys', 'Sinnikkyys'])`;
    const icons = `(array['helping', 'teamwork', 'hard-work', 'participating', 'kindness', 'persistence'])`;
    // Awards: the class's one a day (j = 0, k = 0), each student's two (j = 1, 2), needs work every tenth day (j = 3).
    await step(
      'awards',
      `insert into awards (id, teacher_id, reason_name, reason_icon, coins, created_at, undone_at)
       select bench_id('a:' || c || ':' || d || ':' || k || ':' || j)::uuid, bench_id('t:' || c)::uuid,
              case when j = 3 then 'Harjoiteltavaa' else ${reasons}[1 + (d + k + j) % 6] end, case when j = 3 then 'focus' else ${icons}[1 + (d + k + j) % 6] end,
              case when j = 3 then -1 when j = 0 then 1 else 2 + j % 2 end, ${dayAt('9 hours')} + (k * 40 + j) * interval '10 seconds',
              case when j = 1 and (d + k) % 7 = 0 then ${dayAt('9 hours')} + (k * 40 + j) * interval '10 seconds' + interval '30 seconds' end
       from ${classes}, ${days}, generate_series(0, $2::int) k, generate_series(0, 3) j
       where (j = 0) = (k = 0) and (j <> 3 or (d + k) % 10 = 0)`,
      p,
    );
    await step(
      'ledger: awards (class award to each student, own awards, needs work)',
      `insert into coin_ledger (at, from_account, to_account, amount, reason, actor, group_id, reference)
       select a.created_at, case when a.coins > 0 then 'teacher:' || a.teacher_id else 'member:' || bench_id('m:' || c || ':' || k) end,
              case when a.coins > 0 then 'member:' || bench_id('m:' || c || ':' || k) else 'teacher:' || a.teacher_id end,
              abs(a.coins), case when a.coins > 0 then 'teacher_award' else 'teacher_deduction' end, 'teacher:' || a.teacher_id, bench_id('g:' || c)::uuid, a.id::text
       from ${classes}, ${days}, ${students}, generate_series(0, 3) j, awards a
       where a.id = bench_id('a:' || c || ':' || d || ':' || case when j = 0 then 0 else k end || ':' || j)::uuid`,
      p,
    );
    await step(
      'ledger: undone awards (award_undo)',
      `insert into coin_ledger (at, from_account, to_account, amount, reason, actor, group_id, reference)
       select a.undone_at, 'member:' || bench_id('m:' || c || ':' || k), 'teacher:' || a.teacher_id, a.coins, 'award_undo', 'teacher:' || a.teacher_id, bench_id('g:' || c)::uuid, a.id::text
       from ${classes}, ${days}, ${students}, awards a where a.id = bench_id('a:' || c || ':' || d || ':' || k || ':1')::uuid and a.undone_at is not null`,
      p,
    );
    await step(
      'awards: ledger_first, ledger_last',
      `update awards set ledger_first = r.first, ledger_last = r.last
       from (select reference, min(id) as first, max(id) as last from coin_ledger where reason in ('teacher_award', 'teacher_deduction') group by reference) r
       where r.reference = awards.id::text`,
    );
    await step('todolists', `insert into todolists (id, teacher_id, name) select bench_id('l:' || c)::uuid, bench_id('t:' || c)::uuid, 'Vuoden tehtävät' from ${classes}`, p);
    await step(
      'todos (a free answer every fifth day)',
      `insert into todos (id, todolist_id, position, content_html, reward, answertype)
       select bench_id('td:' || c || ':' || d)::uuid, bench_id('l:' || c)::uuid, d + 1, '<p>Tehtävä ' || (d + 1) || '</p>', 2, case when d % 5 = 0 then 'free' else 'none' end from ${classes}, ${days}`,
      p,
    );
    await step(
      'member todos (done, or sent back)',
      `insert into member_todos (id, todo_id, member_id, todolist_id, completed, reward_collected, member_answer, sent_back_comment, updated_at)
       select bench_id('mt:' || c || ':' || d || ':' || k)::uuid, bench_id('td:' || c || ':' || d)::uuid, bench_id('m:' || c || ':' || k)::uuid, bench_id('l:' || c)::uuid,
              d % 5 <> 0, case when d % 5 <> 0 then 2 else 0 end, case when d % 5 = 0 then 'En tiedä' else '' end, case when d % 5 = 0 then 'Kokeile uudelleen' end,
              ${dayAt('11 hours')} + k * interval '1 minute'
       from ${classes}, ${days}, ${students}`,
      p,
    );
    await step(
      'ledger: task rewards',
      `insert into coin_ledger (at, from_account, to_account, amount, reason, actor, group_id, reference)
       select ${dayAt('11 hours')} + k * interval '1 minute', 'teacher:' || bench_id('t:' || c), 'member:' || bench_id('m:' || c || ':' || k), 2, 'todo_reward',
              'member:' || bench_id('m:' || c || ':' || k), bench_id('g:' || c)::uuid, bench_id('mt:' || c || ':' || d || ':' || k)
       from ${classes}, ${days}, ${students} where d % 5 <> 0`,
      p,
    );
    await step(
      'reward purchases (every third day: given, returned or pending)',
      `insert into reward_purchases (id, member_id, reward_name, reward_description, price, group_id, purchased_at, active_until, state, settled_at)
       select bench_id('rp:' || c || ':' || d || ':' || k)::uuid, bench_id('m:' || c || ':' || k)::uuid, 'Musiikkia tunnilla', 'Oma kappale', 5, bench_id('g:' || c)::uuid,
              ${dayAt('12 hours')} + k * interval '1 minute', ${dayAt('13 hours')} + k * interval '1 minute',
              case when d >= $3::int - 3 then 'pending' when (d + k) % 9 = 0 then 'returned' else 'given' end,
              case when d < $3::int - 3 then ${dayAt('14 hours')} end
       from ${classes}, ${days}, ${students} where (d + k) % 3 = 0`,
      p,
    );
    await step(
      'ledger: reward purchases (and returns)',
      `insert into coin_ledger (at, from_account, to_account, amount, reason, actor, group_id, reference)
       select rp.purchased_at, 'member:' || rp.member_id, 'sink', rp.price, 'reward_purchase', 'member:' || rp.member_id, rp.group_id, rp.id::text from reward_purchases rp
       union all
       select rp.settled_at, 'sink', 'member:' || rp.member_id, rp.price, 'reward_return', 'teacher:' || bench_id('t:0'), rp.group_id, rp.id::text from reward_purchases rp where rp.state = 'returned'`,
    );
    await step(
      'ledger: transfers (each student to the next, daily)',
      `insert into coin_ledger (at, from_account, to_account, amount, reason, actor, group_id)
       select ${dayAt('13 hours')} + k * interval '1 minute', 'member:' || bench_id('m:' || c || ':' || k), 'member:' || bench_id('m:' || c || ':' || (k % $2::int + 1)), 1, 'transfer',
              'member:' || bench_id('m:' || c || ':' || k), bench_id('g:' || c)::uuid
       from ${classes}, ${days}, ${students}`,
      p,
    );
    await step('VACUUM (ANALYZE)', 'vacuum (analyze)');
    const counts = (await seedClient.query(`select (select count(*) from coin_ledger)::int as ledger, (select count(*) from awards)::int as awards, (select count(*) from member_todos)::int as member_todos, (select count(*) from reward_purchases)::int as purchases`)).rows[0];
    console.log(`seeded in ${fmt((performance.now() - seedStarted) / 1000, 1)} s: ${JSON.stringify(counts)}`);
  }

  // --- sign in ---------------------------------------------------------------------------
  const login = await fetch(`${base}/api/login/admin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginName: 'bench_report0', password: PASSWORD }) });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const groupId = (await seedClient.query(`select bench_id('g:0')::uuid as id`)).rows[0].id;
  const reportUrl = (from, to, extra = '') => `${base}/api/group/${groupId}/report?from=${from}&to=${to}${extra}`;

  // --- check the numbers once ---------------------------------------------------------------
  // The class's closed days are summed into report_days by the first report that needs them
  // (reports.service.ts): forgotten here before the first report, and before each "first report" turn.
  const forgetRolled = () =>
    seedClient.query(
      `with m as (select id from members where group_id = $1), d as (delete from report_days where member_id in (select id from m)) delete from report_coverage where member_id in (select id from m)`,
      [groupId],
    );
  await forgetRolled();
  const yearText = await (await fetch(reportUrl(dayText(FIRST_DAY), dayText(LAST_DAY)), { headers: { cookie } })).text();
  const year = JSON.parse(yearText);
  const again = await (await fetch(reportUrl(dayText(FIRST_DAY), dayText(LAST_DAY)), { headers: { cookie } })).text();
  if (again !== yearText) throw new Error('the year read from report_days is not the year summed from the ledger');
  if (!Array.isArray(year.students) || year.students.length !== STUDENTS) throw new Error(`the report answered ${JSON.stringify(year).slice(0, 300)}`);
  const expectedTasks = STUDENTS * (DAYS - Math.ceil(DAYS / 5));
  console.log(`year's report: ${year.students.length} students, ${year.reasons.length} kinds of award, class earned ${year.totals.coins_earned}, tasks done ${year.totals.tasks_done} (expected ${expectedTasks}), sent back ${year.totals.answers_sent_back}, rewards ${year.totals.rewards_bought} (given ${year.totals.rewards_given}, returned ${year.totals.rewards_returned}), transfers ${year.totals.coins_sent}/${year.totals.coins_received}`);
  if (year.totals.tasks_done !== expectedTasks || year.totals.coins_sent !== STUDENTS * DAYS) throw new Error('the year\'s numbers are not what was seeded');

  // --- measure, in turns ------------------------------------------------------------------
  const cases = [
    ['GET /readyz (select 1 through the app: the baseline)', `${base}/readyz`],
    ['report, last 7 days', reportUrl(minusDays(6), dayText(LAST_DAY))],
    ['report, last 31 days', reportUrl(minusDays(30), dayText(LAST_DAY))],
    [`report, the year (${DAYS} days)`, reportUrl(dayText(FIRST_DAY), dayText(LAST_DAY))],
    [`report, the year as CSV`, reportUrl(dayText(FIRST_DAY), dayText(LAST_DAY), '&format=csv&lang=fi')],
    ['report, 400 days', reportUrl(minusDays(399), dayText(LAST_DAY))],
  ];
  const times = cases.map(() => []);
  const bytes = cases.map(() => 0);
  for (let turn = 0; turn < WARMUP + RUNS; turn++) {
    for (const [i, [, url]] of cases.entries()) {
      const started = performance.now();
      const res = await fetch(url, { headers: { cookie } });
      const body = await res.arrayBuffer();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      bytes[i] = body.byteLength;
      if (turn >= WARMUP) times[i].push(ms);
    }
  }
  // The year as a first report: the class's report_days rows deleted (and vacuumed away, so the
  // deletions do not slow the reads) before each, so it sums its closed days from the ledger again.
  const firstTimes = [];
  for (let i = 0; i < Math.max(3, Math.ceil(RUNS / 6)); i++) {
    await forgetRolled();
    await seedClient.query('vacuum report_days, report_coverage');
    const started = performance.now();
    const res = await fetch(reportUrl(dayText(FIRST_DAY), dayText(LAST_DAY)), { headers: { cookie } });
    const text = await res.text();
    firstTimes.push(performance.now() - started);
    if (text !== yearText) throw new Error('a first report of the year answered otherwise than the first one');
  }
  // Straight on the database: reading the class's ledger rows of the year, counted.
  const accounts = year.students.map((s) => `member:${s.member_id}`);
  const countSql = `select count(*) from coin_ledger where (to_account = any($1::text[]) or from_account = any($1::text[])) and at >= $2 and at < $3::timestamptz + interval '1 day'`;
  const countTimes = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    await seedClient.query(countSql, [accounts, FIRST_DAY.toISOString(), LAST_DAY.toISOString()]);
    if (i >= WARMUP) countTimes.push(performance.now() - started);
  }
  const baseline = median(times[0]);
  console.log(`\nload average after: ${load()}`);
  console.log('| what | median ms | p95 ms | median / readyz | response bytes |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [i, [name]] of cases.entries()) console.log(`| ${name} | ${fmt(median(times[i]), 1)} | ${fmt(percentile(times[i], 95), 1)} | ${fmt(median(times[i]) / baseline, 1)} | ${bytes[i]} |`);
  console.log(`| report, the year, as a first report (its closed days summed into report_days first; ${firstTimes.length} runs, after the others) | ${fmt(median(firstTimes), 1)} | ${fmt(percentile(firstTimes, 95), 1)} | ${fmt(median(firstTimes) / baseline, 1)} | ${bytes[3]} |`);
  console.log(`| count(*) of the class's ledger rows in the year, on the database (pg client) | ${fmt(median(countTimes), 1)} | ${fmt(percentile(countTimes, 95), 1)} | ${fmt(median(countTimes) / baseline, 1)} | - |`);
  const rows = (await seedClient.query(countSql, [accounts, FIRST_DAY.toISOString(), LAST_DAY.toISOString()])).rows[0].count;
  console.log(`(${rows} ledger rows of the class in the year)`);
}

main()
  .then(cleanup)
  .catch(async (err) => {
    console.error(err);
    await cleanup();
    process.exit(1);
  });
