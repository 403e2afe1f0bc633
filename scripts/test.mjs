// `npm test`: every check in one command: types, lint, unit and API tests (Vitest), then the
// browser journeys (Playwright in Debian's Chromium). Prints one closing tally.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2ePort } from './free-port.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const CHROMIUM = '/usr/bin/chromium';
/**
 * Lighthouse performance below this fails npm test (best of up to three runs). The target is
 * 0.95: the three pages score 0.95 to 0.98 on a quiet machine and kept 0.94 and more in a clean
 * clone at a load average of 15 (bench/README.md, issue 13). The floor sits that much under the
 * target so a busy machine does not fail it, while a page that lost its splitting and
 * compression (0.41 to 0.56 before them) does.
 */
const LIGHTHOUSE_PERFORMANCE_FLOOR = '0.8';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    process.stderr.write(
      `Chromium is missing at ${CHROMIUM}; the browser tests need Debian's package.\n` +
        'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        '(Playwright must not download a browser of its own.)\n',
    );
    process.exit(1);
  }
  process.stdout.write('Installing Debian chromium for the browser tests...\n');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
}

function step(title, command, args, env = {}) {
  process.stdout.write(`\n=== ${title} ===\n`);
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  process.stdout.write(`=== ${title}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===\n`);
  return r.status === 0;
}

/**
 * As step(), without holding the event loop, so two can run at once; each says when it is done.
 * With `{ held: true }` its output is kept and printed whole when it ends, not mixed into another's.
 */
function stepAsync(title, command, args, { held = false } = {}) {
  process.stdout.write(`\n=== ${title} (started) ===\n`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    const output = [];
    if (held) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      if (held) process.stdout.write(`\n=== ${title}: its output ===\n${Buffer.concat(output).toString()}`);
      process.stdout.write(`=== ${title}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===\n`);
      resolve(status === 0);
    });
  });
}

function tally(file, read) {
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 0, skipped: 0, failures: [] };
  }
}

/** Titles of Playwright's failed or flaky tests, from its JSON report's nested suites. */
/**
 * The first lines of a failure's message, colours removed, indented under its name: CI keeps only
 * the end of the log, and a name alone does not say why.
 */
function excerpt(message) {
  const lines = String(message ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  return lines.slice(0, 8).map((line) => `    ${line.slice(0, 240)}`).join('\n');
}

function playwrightFailures(suite, path = []) {
  const here = suite.title && !suite.title.endsWith('.ts') ? [...path, suite.title] : path;
  const own = (suite.specs ?? []).flatMap((spec) => {
    const failed = spec.tests.filter((t) => t.status === 'unexpected' || t.status === 'flaky');
    if (failed.length === 0) return [];
    const error = failed.flatMap((t) => t.results ?? []).map((r) => r.error?.message ?? r.errors?.[0]?.message).find(Boolean);
    return [`${spec.file}: ${[...here, spec.title].join(' > ')}${error ? `\n${excerpt(error)}` : ''}`];
  });
  return [...own, ...(suite.suites ?? []).flatMap((child) => playwrightFailures(child, here))];
}

ensureChromium();
const only = process.argv[2];
let ok = true;
if (!only || only === 'static') {
  // Side by side: each is one process on one core (about a minute each on the 2-core machine).
  const [types, lint] = await Promise.all([
    stepAsync('types', 'npm', ['run', 'typecheck']),
    stepAsync('lint', 'npx', ['eslint', '.', '--max-warnings=0']),
  ]);
  ok = types && lint && ok;
}
// Issue 36's live fan-out check: about 1,000 sockets (33 classes of 30) on one server process of
// the app, then on the bare Fastify + Socket.IO + pg server that runs the award's SQL and emits
// its events (bench/sockets-baseline-server.mjs), the same awards to both; fails when the app's
// server CPU per award is above twice the baseline's (measured 0.87-1.41, bench/README.md). One
// round of each (about 75 s; `--check` reads memory briefly and skips the online count): a ratio
// in one run, not a time. `npm test -- sockets` runs it alone.
const FAN_OUT = ['live fan-out against the bare stack (bench/sockets.mjs --baseline)', 'node', [
  'bench/sockets.mjs', '--baseline', '--groups', '33', '--duration', '20', '--mode', 'one', '--rounds', '1', '--max-cpu-ratio', '2.0', '--check',
]];
if (!only || only === 'unit') {
  const vitest = ['unit and API tests (Vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'vitest.json')}`]];
  if (only) ok = step(...vitest) && ok;
  else {
    // The whole suite runs the fan-out check beside Vitest: it keeps the 2-core machine a fifth
    // busy for its 75 s, Vitest took 231-232 s with it as without it, and its ratio is CPU time
    // against CPU time in the same run (docs/decisions.md, "CI time").
    const [unit, fanOut] = await Promise.all([stepAsync(...vitest), stepAsync(...FAN_OUT, { held: true })]);
    ok = unit && fanOut && ok;
  }
}
if (!only || only === 'e2e') {
  ok = step('web build', 'node', ['scripts/ensure-web-build.mjs']) && ok;
  // A free port unless E2E_PORT names one: the app may already be running on any fixed one.
  ok = step('browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json'),
    E2E_PORT: String(e2ePort()),
  }) && ok;
}
// Issue 13's web budgets: what three pages of the built app download, their checkStatus and
// unread-count calls and console errors (bench/web-budgets.mjs), then Lighthouse on the same
// pages (bench/lighthouse.mjs): accessibility 1, and a performance floor a little under the
// target (0.95), as the score swings with the machine's load (bench/README.md).
// Both run even when the first fails. `npm test -- budgets` runs this step alone. Lighthouse's
// other two pages (the board, the report: `--pages` names them) score 0.82 to
// 0.93 on a quiet machine, too near the floor for a busy one: they are measured by hand until
// they are faster (bench/README.md).
if (!only || only === 'e2e' || only === 'budgets') {
  const title = 'web budgets (sizes, requests, Lighthouse)';
  process.stdout.write(`\n=== ${title} ===\n`);
  const started = Date.now();
  let passed = true;
  for (const args of [['bench/web-budgets.mjs'], ['bench/lighthouse.mjs', '--min-performance', LIGHTHOUSE_PERFORMANCE_FLOOR]]) {
    passed = spawnSync('node', args, { cwd: root, stdio: 'inherit' }).status === 0 && passed;
  }
  process.stdout.write(`=== ${title}: ${passed ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===\n`);
  ok = passed && ok;
}

// Alone with `npm test -- e2e` or `-- sockets`; the whole suite ran it beside Vitest.
if (only === 'e2e' || only === 'sockets') ok = step(...FAN_OUT) && ok;

const v = tally(join(reports, 'vitest.json'), (j) => ({
  passed: j.numPassedTests ?? 0,
  failed: j.numFailedTests ?? 0,
  skipped: (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0),
  failures: (j.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((t) => t.status === 'failed')
      .map((t) => `${file.name.replace(`${root}/`, '')}: ${t.fullName}${t.failureMessages?.[0] ? `\n${excerpt(t.failureMessages[0])}` : ''}`),
  ),
}));
const p = tally(join(reports, 'playwright.json'), (j) => ({
  passed: j.stats?.expected ?? 0,
  failed: (j.stats?.unexpected ?? 0) + (j.stats?.flaky ?? 0),
  skipped: j.stats?.skipped ?? 0,
  failures: (j.suites ?? []).flatMap((suite) => playwrightFailures(suite)),
}));
const passed = v.passed + p.passed;
// A step can fail without a failing test (types, lint, build): it still counts as one failure.
const failed = v.failed + p.failed + (!ok && v.failed + p.failed === 0 ? 1 : 0);
process.stdout.write(`\nVitest: ${v.passed} passed, ${v.failed} failed; Playwright: ${p.passed} passed, ${p.failed} failed\n`);
process.stdout.write(`${passed} passed, ${failed} failed, ${v.skipped + p.skipped} skipped\n`);
// Named last, so a log cut to its end still says which tests failed.
for (const name of [...v.failures, ...p.failures]) process.stdout.write(`FAILED ${name}\n`);
process.exit(ok ? 0 : 1);
