#!/usr/bin/env node
// What a browser downloads on a cold first load of three pages of the built web app (issue 13).
//
//   node bench/web-budgets.mjs [--no-check] [--json test-results/web-budgets.json]
//
// Builds the web app when stale (scripts/ensure-web-build.mjs), starts the compiled server on a
// free port with a fresh DATA_DIR, and makes a teacher, a group of three students and a shared
// todo list through the API (bench/web-setup.mjs). Then, in Debian's Chromium through
// Playwright's library (never a downloaded browser), one fresh browser context per page (cold
// cache, 390x844 phone viewport, the API login's session cookie):
//   /                 as a visitor,
//   /student/todos    as a student of that group,
//   /teacher/groups   as the teacher.
// A load has settled when the page's main content is visible and no request has been in flight
// for 1 s. Counted per page: the encoded (compressed, as sent) response body bytes of every
// JavaScript and CSS response, each file with its content-encoding; requests to
// /api/checkStatus and /api/chat/unread/; console errors and page errors. KB = 1024 bytes.
// Exits 1 when a budget is exceeded (not with --no-check). Stops the server by its PID.
import { performance } from 'node:perf_hooks';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { ROOT, sleep, stopOnInterruptOrWatchdog } from './lib.mjs';
import { CHROMIUM, CHROMIUM_FLAGS, KB, MOBILE_VIEWPORT, PAGES, environment, playwrightCookie, seedUsers, startApp, writeReport } from './web-setup.mjs';

const { values: args } = parseArgs({
  options: {
    'no-check': { type: 'boolean', default: false },
    json: { type: 'string', default: join(ROOT, 'test-results/web-budgets.json') },
  },
});

/**
 * The budgets, KB = 1024 bytes: issue 13's targets, all enforced. `jsKB` is the limit checked and
 * `targetJsKB` the issue's target; a page over its target was held to a limit a little above what
 * it weighed (a ratchet, only ever lowered) until it reached it (bench/README.md). Every page is
 * at its target now: the limits are the targets. `wireJsKB` and `jsRequests` (issue 36): the
 * student's JavaScript the way the phone pays for it, each response's headers counted (Chromium's
 * encodedDataLength), and how many script files carry it.
 */
const BUDGETS = {
  '/': { jsKB: 100, targetJsKB: 100, cssKB: 40, checkStatus: 1, unread: 1, consoleErrors: 0 },
  '/student/todos': { jsKB: 120, targetJsKB: 120, wireJsKB: 120, jsRequests: 8, cssKB: 40, checkStatus: 1, unread: 1 },
  '/teacher/groups': { jsKB: 200, targetJsKB: 200, cssKB: 40, checkStatus: 1, unread: 1, noQuill: true },
};
/** No request in flight for this long: the load has settled. */
const QUIET_MS = 1000;
const SETTLE_TIMEOUT_MS = 30_000;
const READY_TIMEOUT_MS = 30_000;
const WATCHDOG_MS = 5 * 60 * 1000;

let app;
let browser;
async function cleanup() {
  await browser?.close().catch(() => {});
  browser = undefined;
  await app?.stop();
  app = undefined;
}
stopOnInterruptOrWatchdog(cleanup, WATCHDOG_MS);

const kb = (bytes) => bytes / KB;
const f1 = (n) => n.toFixed(1);
const fileName = (url) => new URL(url).pathname.split('/').pop() || new URL(url).pathname;

/** Socket.IO's long-poll may stay open by design: it neither blocks nor resets "settled". */
const isLongLived = (url) => new URL(url).pathname.startsWith('/socket.io/');

async function measure(base, def, cookie) {
  const context = await browser.newContext({ viewport: MOBILE_VIEWPORT, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'en-US' });
  if (cookie) await context.addCookies([playwrightCookie(cookie, base)]);
  const page = await context.newPage();
  const requests = [];
  const inFlight = new Set();
  let lastActivity = performance.now();
  const consoleErrors = [];
  const websockets = [];
  page.on('request', (request) => {
    if (!/^https?:/.test(request.url())) return;
    requests.push(request);
    if (!isLongLived(request.url())) {
      inFlight.add(request);
      lastActivity = performance.now();
    }
  });
  const done = (request) => {
    if (inFlight.delete(request)) lastActivity = performance.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push({ kind: 'console', text: message.text(), url: message.location()?.url || undefined });
  });
  page.on('pageerror', (error) => consoleErrors.push({ kind: 'pageerror', text: String(error?.message ?? error) }));
  page.on('websocket', (ws) => websockets.push(new URL(ws.url()).pathname));

  const started = performance.now();
  await page.goto(base + def.path, { waitUntil: 'load', timeout: 60_000 });
  const loadMs = performance.now() - started;
  try {
    await page.locator(def.ready).first().waitFor({ state: 'visible', timeout: READY_TIMEOUT_MS });
  } catch (err) {
    const shot = join(dirname(args.json), `web-budgets${def.path.replace(/\W+/g, '-')}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
    throw new Error(
      `${def.path} as ${def.as}: its main content (${def.ready}) was not visible within ${READY_TIMEOUT_MS / 1000} s (at ${page.url()}; screenshot ${shot}). ` +
        `If the markup changed, update PAGES in bench/web-setup.mjs. (${err.message.split('\n')[0]})`,
      { cause: err },
    );
  }
  const readyMs = performance.now() - started;
  let settled = true;
  for (;;) {
    const now = performance.now();
    if (inFlight.size === 0 && now - lastActivity >= QUIET_MS) break;
    if (now - started > SETTLE_TIMEOUT_MS) {
      settled = false;
      break;
    }
    await sleep(50);
  }
  // Settled: the content was visible and the last request had ended (the quiet second not counted).
  const settledMs = settled ? Math.max(readyMs, lastActivity - started) : performance.now() - started;
  const stillOpen = [...inFlight].map((r) => r.url());
  const finalUrl = page.url();

  const files = [];
  const apiCalls = [];
  let otherBytes = 0;
  for (const request of requests) {
    const url = request.url();
    const response = await request.response().catch(() => null);
    const failure = request.failure()?.errorText;
    const sizes = response ? await request.sizes().catch(() => null) : null;
    const headers = response ? await response.allHeaders().catch(() => ({})) : {};
    const contentType = headers['content-type'] ?? '';
    const type = request.resourceType();
    const kind = type === 'script' || /javascript/.test(contentType) ? 'js' : type === 'stylesheet' || /text\/css/.test(contentType) ? 'css' : 'other';
    const encoded = sizes?.responseBodySize ?? 0;
    // What the phone receives for it: the body as sent and the response's headers.
    const headerBytes = sizes?.responseHeadersSize ?? 0;
    const path = new URL(url).pathname;
    if (path.startsWith('/api/')) apiCalls.push({ method: request.method(), url: url.slice(base.length), status: response?.status() ?? null, failure });
    if (kind === 'other') {
      otherBytes += encoded;
      continue;
    }
    let decoded = null;
    if (response && !failure) decoded = (await response.body().catch(() => null))?.length ?? null;
    files.push({
      kind,
      file: fileName(url),
      url: url.slice(base.length),
      status: response?.status() ?? null,
      failure,
      encodedBytes: encoded,
      headerBytes,
      decodedBytes: decoded,
      contentEncoding: headers['content-encoding'] ?? 'identity',
      cacheControl: headers['cache-control'] ?? null,
    });
  }
  await context.close();

  const sum = (kind) => files.filter((f) => f.kind === kind).reduce((s, f) => s + f.encodedBytes, 0);
  const sumWire = (kind) => files.filter((f) => f.kind === kind).reduce((s, f) => s + f.encodedBytes + f.headerBytes, 0);
  const sumDecoded = (kind) => files.filter((f) => f.kind === kind).reduce((s, f) => s + (f.decodedBytes ?? 0), 0);
  const checkStatus = apiCalls.filter((c) => c.url.split('?')[0] === '/api/checkStatus');
  const unread = apiCalls.filter((c) => c.url.startsWith('/api/chat/unread/'));
  const quill = files.filter((f) => /^quill/i.test(f.file));
  return {
    path: def.path,
    as: def.as,
    finalUrl: finalUrl.slice(base.length),
    loadMs: Math.round(loadMs),
    readyMs: Math.round(readyMs),
    settledMs: Math.round(settledMs),
    settled,
    stillOpen,
    jsBytes: sum('js'),
    jsWireBytes: sumWire('js'),
    jsRequests: files.filter((f) => f.kind === 'js').length,
    cssBytes: sum('css'),
    jsDecodedBytes: sumDecoded('js'),
    cssDecodedBytes: sumDecoded('css'),
    otherBytes,
    requestCount: requests.length,
    files: files.sort((a, b) => (a.kind === b.kind ? b.encodedBytes - a.encodedBytes : a.kind.localeCompare(b.kind))),
    checkStatus,
    unread,
    apiCalls,
    consoleErrors,
    websockets,
    quillFiles: quill.map((f) => f.file),
  };
}

function check(result) {
  const budget = BUDGETS[result.path];
  const failures = [];
  const over = (what, value, limit, unit = '') => failures.push(`${result.path}: ${what} ${value}${unit} > ${limit}${unit}`);
  if (kb(result.jsBytes) > budget.jsKB) over('JavaScript', f1(kb(result.jsBytes)), budget.jsKB, ' KB');
  if (budget.wireJsKB !== undefined && kb(result.jsWireBytes) > budget.wireJsKB) over('JavaScript on the wire, headers counted,', f1(kb(result.jsWireBytes)), budget.wireJsKB, ' KB');
  if (budget.jsRequests !== undefined && result.jsRequests > budget.jsRequests) over('script requests', result.jsRequests, budget.jsRequests);
  if (kb(result.cssBytes) > budget.cssKB) over('CSS', f1(kb(result.cssBytes)), budget.cssKB, ' KB');
  if (result.checkStatus.length > budget.checkStatus) over('checkStatus requests', result.checkStatus.length, budget.checkStatus);
  if (result.unread.length > budget.unread) over('unread-count requests', result.unread.length, budget.unread);
  if (budget.consoleErrors !== undefined && result.consoleErrors.length > budget.consoleErrors) over('console errors', result.consoleErrors.length, budget.consoleErrors);
  if (budget.noQuill && result.quillFiles.length > 0) failures.push(`${result.path}: the Quill editor loaded (${result.quillFiles.join(', ')})`);
  if (!result.settled) failures.push(`${result.path}: the network never went quiet for ${QUIET_MS} ms (still open: ${result.stillOpen.join(', ')})`);
  return failures;
}

function pad(text, width, right = false) {
  const s = String(text);
  return right ? s.padStart(width) : s.padEnd(width);
}

function printReport(results, failures, env) {
  const out = [];
  out.push(`\nWeb weight on a cold first load (KB = 1024 bytes; encoded = as sent over the wire, after compression)`);
  out.push(`${env.chromium}; viewport ${MOBILE_VIEWPORT.width}x${MOBILE_VIEWPORT.height}; load average ${env.loadavg.join(' ')}; commit ${env.commit ?? '?'}${env.webSourcesChangedSinceCommit ? ' + uncommitted web changes' : ''}\n`);
  const head = ['Page', 'As', 'JS KB (limit; target)', 'CSS KB (budget)', 'checkStatus', 'unread', 'console errors', 'Quill', 'ready ms', 'settled ms'];
  const widths = [16, 8, 24, 18, 12, 7, 15, 6, 9, 10];
  const mark = (ok) => (ok ? ' ' : '!');
  out.push(head.map((h, i) => pad(h, widths[i])).join(' '));
  out.push(widths.map((w) => '-'.repeat(w)).join(' '));
  for (const r of results) {
    const b = BUDGETS[r.path];
    const cells = [
      r.path,
      r.as,
      `${f1(kb(r.jsBytes))} (${b.jsKB}; ${b.targetJsKB})${mark(kb(r.jsBytes) <= b.jsKB)}`,
      `${f1(kb(r.cssBytes))} (${b.cssKB})${mark(kb(r.cssBytes) <= b.cssKB)}`,
      `${r.checkStatus.length}${mark(r.checkStatus.length <= b.checkStatus)}`,
      `${r.unread.length}${mark(r.unread.length <= b.unread)}`,
      `${r.consoleErrors.length}${b.consoleErrors === undefined ? '' : mark(r.consoleErrors.length <= b.consoleErrors)}`,
      b.noQuill ? (r.quillFiles.length ? 'yes!' : 'no') : r.quillFiles.length ? 'yes' : 'no',
      r.readyMs,
      r.settledMs,
    ];
    out.push(cells.map((c, i) => pad(c, widths[i])).join(' '));
  }
  out.push("('!' marks a figure over its budget; JavaScript is held to its limit until it reaches the issue's target)");
  for (const r of results) {
    out.push(`\n${r.path} as ${r.as} (ended at ${r.finalUrl}; ${r.requestCount} requests; JS ${f1(kb(r.jsBytes))} KB encoded, ${f1(kb(r.jsDecodedBytes))} KB decoded, ${f1(kb(r.jsWireBytes))} KB on the wire with the headers in ${r.jsRequests} requests; CSS ${f1(kb(r.cssBytes))} KB encoded, ${f1(kb(r.cssDecodedBytes))} KB decoded; everything else ${f1(kb(r.otherBytes))} KB)`);
    for (const file of r.files) {
      const raw = file.decodedBytes === null ? '' : `, ${f1(kb(file.decodedBytes))} KB decoded`;
      out.push(`  ${pad(file.kind, 3)} ${pad(file.file, 44)} ${pad(f1(kb(file.encodedBytes)), 7, true)} KB  ${pad(file.contentEncoding, 8)}${raw}${file.status === 200 ? '' : ` HTTP ${file.status ?? file.failure}`}`);
    }
    const calls = (list) => (list.length ? list.map((c) => `${c.method} ${c.url} → ${c.status ?? c.failure}`).join('; ') : 'none');
    out.push(`  checkStatus: ${calls(r.checkStatus)}`);
    out.push(`  unread count: ${calls(r.unread)}`);
    out.push(`  API calls: ${r.apiCalls.length} (${r.apiCalls.map((c) => `${c.url.split('?')[0]} ${c.status ?? c.failure}`).join(', ')})`);
    if (r.websockets.length) out.push(`  websockets: ${r.websockets.join(', ')}`);
    for (const e of r.consoleErrors) out.push(`  console error (${e.kind}): ${e.text}${e.url ? ` [${e.url.replace(/^https?:\/\/127\.0\.0\.1:\d+/, '')}]` : ''}`);
  }
  out.push('');
  if (failures.length) out.push(`Over budget:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  else out.push('Every budget met.');
  console.log(out.join('\n'));
}

const t0 = performance.now();
let exitCode = 0;
try {
  app = await startApp();
  const cookies = await seedUsers(app.base);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
  const results = [];
  for (const def of PAGES) results.push(await measure(app.base, def, cookies[def.as]));
  await cleanup();
  const failures = results.flatMap(check);
  const env = environment();
  const report = { tool: 'bench/web-budgets.mjs', kbBytes: KB, quietMs: QUIET_MS, viewport: MOBILE_VIEWPORT, environment: env, budgets: BUDGETS, pages: results, failures, seconds: Number(((performance.now() - t0) / 1000).toFixed(1)) };
  writeReport(args.json, report);
  printReport(results, failures, env);
  console.log(`Report: ${args.json}; ${report.seconds} s in all.`);
  if (failures.length && !args['no-check']) exitCode = 1;
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
