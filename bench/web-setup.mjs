// Shared by bench/web-budgets.mjs and bench/lighthouse.mjs (issue 13): builds the web app when
// it is stale, starts the compiled server on a fresh data directory, and makes the users of the
// three measured page loads through the HTTP API. Talks only to 127.0.0.1.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ROOT, freePort, serverEnv, spawnServer, stopChild, waitForHealthy } from './lib.mjs';

/** Debian's Chromium. Never a downloaded browser. */
export const CHROMIUM = '/usr/bin/chromium';
/** The flags the browser tests use on this machine's closed network (e2e/playwright.config.ts). */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
/** A phone's viewport (CSS pixels). */
export const MOBILE_VIEWPORT = { width: 390, height: 844 };
/** Sizes are reported in KB of 1024 bytes. */
export const KB = 1024;

/**
 * The three page loads of issue 13. `ready`: what must be visible before the load counts as
 * settled (the page's main content, not a loader).
 */
export const PAGES = [
  { path: '/', as: 'visitor', ready: 'main h1' },
  { path: '/student/todos', as: 'student', ready: '[data-testid="student-todo-1"]' },
  { path: '/teacher/groups', as: 'teacher', ready: '[data-testid="member-grid"] [data-testid^="member-card-"]' },
];

/**
 * Lighthouse's pages: the three above, and issue 32's and 33's pages that run a lesson's and a
 * week's end (the class board on the projector, the class report), of the seeded group.
 * `:groupId` is the seeded group's id.
 */
export const LIGHTHOUSE_PAGES = [
  ...PAGES,
  { path: '/teacher/board/:groupId', as: 'teacher' },
  { path: '/teacher/report/:groupId', as: 'teacher' },
];

const PASSWORD = 'budget-secret-1';
const STUDENT_PASSWORD = 'carrot12';

function fail(what, res) {
  return new Error(`${what}: HTTP ${res.status} ${JSON.stringify(res.json)}`);
}

/** One call of the app's HTTP API: { status, json (or the text), cookie (the session's `name=value`), headers }. */
export async function api(base, method, path, { cookie, body, headers = {} } = {}) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...headers, ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
    redirect: 'manual',
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  const session = res.headers.getSetCookie().find((c) => c.startsWith('kolikko_session='));
  return { status: res.status, json, cookie: session?.split(';')[0], headers: res.headers };
}

export async function expectOk(promise, status, what) {
  const res = await promise;
  if (res.status !== status) throw fail(what, res);
  return res;
}

/**
 * Builds the web app when its sources are newer than apps/web/dist (scripts/ensure-web-build.mjs),
 * then starts the compiled server (bench/lib.mjs spawnServer) on a free port with a fresh DATA_DIR,
 * CAPTCHA off and a high rate limit, and `env`'s settings (DATABASE_URL, ...). Returns { base, child, stop() }.
 */
export async function startApp({ log = (line) => process.stderr.write(`${line}\n`), env = {} } = {}) {
  // BENCH_WEB_DIST: measure a build made elsewhere (`npx vite build --outDir <dir>`) as it is.
  const webDist = process.env.BENCH_WEB_DIST ? resolve(process.env.BENCH_WEB_DIST) : join(ROOT, 'apps/web/dist');
  // The build's output goes to stderr, so a script's stdout stays its report.
  if (!process.env.BENCH_WEB_DIST) execFileSync(process.execPath, ['scripts/ensure-web-build.mjs'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kolikko-web-budgets-'));
  const child = spawnServer(
    serverEnv({
      PORT: String(port),
      DATA_DIR: dataDir,
      CAPTCHA: 'off',
      LIMITS_EXEMPT_ADDRESSES: '127.0.0.1,::1',
      RATE_LIMIT_PER_MINUTE: '100000',
      WEB_DIST: webDist,
      ...env,
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealthy(`${base}/healthz`, child);
  } catch (err) {
    await stop();
    throw err;
  }
  log(`server pid ${child.pid} on ${base}, DATA_DIR ${dataDir}`);
  return { base, child, stop };
}

/** A verified teacher through the API (signup, the link from the dev outbox, login): { id, cookie }. */
export async function signUpTeacher(base, username) {
  const teacher = { username, email: `${username}@school.test`, password: PASSWORD };
  await expectOk(api(base, 'POST', '/signup/admin', { body: teacher }), 201, 'teacher signup');
  const outbox = (await api(base, 'GET', '/dev/outbox')).json;
  const token = outbox
    .filter((m) => m.to === teacher.email)
    .at(-1)
    ?.text.match(/verify-email\?token=([^\s&"'<>]+)/)?.[1];
  if (!token) throw new Error('no verification link in the dev outbox');
  const verified = await fetch(`${base}/api/verify-email?token=${token}`, { redirect: 'manual' });
  if (!verified.headers.get('location')?.includes('success=true')) throw new Error(`verification failed: ${verified.status} ${verified.headers.get('location')}`);
  const login = await expectOk(api(base, 'POST', '/login/admin', { body: { loginName: teacher.username, password: PASSWORD } }), 200, 'teacher login');
  if (!login.cookie) throw new Error('teacher login set no session cookie');
  return { id: login.json.id, cookie: login.cookie };
}

/**
 * Through the API: a verified teacher (signUpTeacher) with one
 * group; three students who joined it (member signup); one todo list of three todos shown to the
 * group's blue small group, where new students are. Logs in the first student. Returns the
 * teacher's and the student's session cookies ("kolikko_session=...").
 */
export async function seedUsers(base) {
  const { id: teacherId, cookie } = await signUpTeacher(base, 'budgetteacher');

  const groupName = 'Budget class';
  const group = (await expectOk(api(base, 'POST', '/group', { cookie, body: { id: teacherId, group_name: groupName } }), 201, 'create group')).json;
  const students = ['budgetkid1', 'budgetkid2', 'budgetkid3'];
  for (const username of students) {
    await expectOk(api(base, 'POST', '/signup/member', { body: { username, group_name: groupName, password: STUDENT_PASSWORD } }), 201, 'student signup');
  }

  const list = (await expectOk(api(base, 'POST', '/todolists', { cookie, body: { id: teacherId, name: 'Fractions' } }), 201, 'create list')).json;
  const todos = [
    ['Read chapter 3 of the maths book.', { reward: 2 }],
    ['Explain what one quarter means.', { reward: 5, answertype: 'free' }],
    ['What is 1/2 + 1/4?', { reward: 3, answertype: 'strict', answer: '3/4' }],
  ];
  for (const [text, updates] of todos) {
    const todo = (
      await expectOk(
        api(base, 'POST', '/todo', { cookie, body: { todolist_id: list.id, content_html: `<p>${text}</p>`, content_delta: { ops: [{ insert: `${text}\n` }] } } }),
        201,
        'create todo',
      )
    ).json;
    await expectOk(api(base, 'PUT', '/todo', { cookie, body: { todo_id: todo.id, updates } }), 200, 'update todo');
  }
  await expectOk(api(base, 'PUT', `/group/${group.id}/todolist/blue/${list.id}`, { cookie }), 200, 'share list to blue');

  const student = await expectOk(api(base, 'POST', '/login/member', { body: { loginName: students[0], password: STUDENT_PASSWORD } }), 200, 'student login');
  if (!student.cookie) throw new Error('student login set no session cookie');
  const own = await expectOk(api(base, 'GET', `/membertodos?group_id=${group.id}`, { cookie: student.cookie }), 200, 'student todos');
  if (!Array.isArray(own.json) || own.json.length < 2) throw new Error(`the student sees ${JSON.stringify(own.json)} instead of the shared todos`);

  return { teacher: cookie, student: student.cookie, visitor: undefined, groupId: group.id, todolistId: list.id };
}

/** The Chromium version line, e.g. "Chromium 156.0.8078.79 built on Debian GNU/Linux 12 (bookworm)". */
export function chromiumVersion() {
  try {
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/** What the numbers were measured on. */
export function environment() {
  let commit = null;
  let dirty = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    dirty = execFileSync('git', ['status', '--porcelain', '--', 'apps/web', 'apps/server/src', 'packages/core/src'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() !== '';
  } catch {
    // not a git checkout (an exported tree)
  }
  const webIndex = (() => {
    try {
      return readFileSync(join(ROOT, 'apps/web/dist/index.html'), 'utf8').match(/src="(\/assets\/[^"]+\.js)"/)?.[1] ?? null;
    } catch {
      return null;
    }
  })();
  return {
    date: new Date().toISOString(),
    node: process.version,
    chromium: chromiumVersion(),
    cores: availableParallelism(),
    loadavg: loadavg().map((l) => Number(l.toFixed(2))),
    commit,
    webSourcesChangedSinceCommit: dirty,
    webEntry: webIndex,
  };
}

/** "name=value" → a Playwright cookie for base. */
export function playwrightCookie(cookie, base) {
  const eq = cookie.indexOf('=');
  return { name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: base, httpOnly: true, sameSite: 'Lax' };
}

/** Writes a JSON report, making its folder (test-results/ by default). */
export function writeReport(path, data) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
}
