#!/usr/bin/env node
// Where a page's simulated largest contentful paint (LCP) goes (issue 13): one Lighthouse run of a
// page of the built app, as bench/lighthouse.mjs runs it, and then the graph Lighthouse's
// simulation (Lantern) computed that LCP from, each request and main-thread task with its
// simulated start and end.
//
//   node bench/lcp-graph.mjs [--page /teacher/groups] [--artifacts <dir>] [--reuse] [--without <regexp>]
//
// Lantern takes the LCP as the mean of two estimates, an optimistic and a pessimistic graph of
// what the paint needed (every request that ended before the paint observed, minus low-priority
// images; the tasks that evaluated its scripts and laid out), each simulated at 150 ms round
// trips, 1.6 Mbit/s and 4x CPU, on at most six HTTP/1.1 connections per origin, one request at
// a time each. Printed per node: the simulated start and end (ms), the URL or the task's observed
// length, the request's priority, size and connection, and what it waited for in the graph.
//
// --artifacts: where Lighthouse's artifacts go (default: a fresh temporary directory), and with
// --reuse, read from there without a new run. --without: simulate both graphs again without the
// requests whose URL matches, to see what a change could gain at most (a request's bytes do
// not move elsewhere, so it is an upper bound).
// BENCH_WEB_DIST measures another build, as for bench/lighthouse.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { stopOnInterruptOrWatchdog } from './lib.mjs';
import { CHROMIUM, CHROMIUM_FLAGS, PAGES, seedUsers, startApp } from './web-setup.mjs';

const { values: args } = parseArgs({
  options: {
    page: { type: 'string', default: '/teacher/groups' },
    artifacts: { type: 'string' },
    reuse: { type: 'boolean', default: false },
    without: { type: 'string' },
  },
});
const def = PAGES.find((p) => p.path === args.page);
if (!def) throw new Error(`--page must be one of ${PAGES.map((p) => p.path).join(', ')}`);
if (args.reuse && !args.artifacts) throw new Error('--reuse needs --artifacts <dir>');
const dir = args.artifacts ?? mkdtempSync(join(tmpdir(), 'kolikko-lcp-'));

// Lighthouse's own modules: its artifact store and its Lantern metric and simulator.
const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');
const { loadArtifacts } = await import('lighthouse/core/lib/asset-saver.js');
const { LanternLargestContentfulPaint } = await import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js');
const { LoadSimulator } = await import('lighthouse/core/computed/load-simulator.js');

let app;
let chrome;
stopOnInterruptOrWatchdog(async () => {
  chrome?.kill();
  await app?.stop();
}, 5 * 60 * 1000);

if (!args.reuse) {
  rmSync(dir, { recursive: true, force: true });
  app = await startApp();
  try {
    const cookies = await seedUsers(app.base);
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS], logLevel: 'silent' });
    const cookie = cookies[def.as];
    // gatherMode: Lighthouse saves the run's artifacts (trace, DevTools log) to `dir` and stops.
    await lighthouse(app.base + def.path, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'], gatherMode: dir, ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) });
  } finally {
    chrome?.kill();
    chrome = undefined;
    await app.stop();
    app = undefined;
  }
}

const artifacts = loadArtifacts(dir);
const settings = artifacts.settings;
const context = { computedCache: new Map(), settings };
const data = { trace: artifacts.Trace, devtoolsLog: artifacts.DevtoolsLog, gatherContext: artifacts.GatherContext, settings, URL: artifacts.URL, SourceMaps: artifacts.SourceMaps, HostDPR: artifacts.HostDPR, simulator: null };
const lcp = await LanternLargestContentfulPaint.request(data, context);

const path = (url) => url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*/, '');
const name = (node) => (node.type === 'network' ? path(node.request.url).slice(0, 60) : `task@${Math.round(node.startTime / 1000)}`);
/** What Lantern's LCP leaves out of its maximum: low-priority images (offscreen, most likely). */
const counted = (node) => !(node.type === 'network' && node.request.resourceType === 'Image' && ['Low', 'VeryLow'].includes(node.request.priority));

console.log(`${def.path}: simulated LCP ${Math.round(lcp.timing)} ms (optimistic ${Math.round(lcp.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(lcp.pessimisticEstimate.timeInMs)}); artifacts in ${dir}`);
for (const [label, estimate] of [
  ['optimistic', lcp.optimisticEstimate],
  ['pessimistic', lcp.pessimisticEstimate],
]) {
  console.log(`\n${label} graph (simulated ms: start, end)`);
  const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].endTime - b[1].endTime);
  for (const [node, timing] of rows) {
    const what =
      node.type === 'network'
        ? `${name(node)} [${node.request.priority}] ${(node.request.transferSize / 1024).toFixed(1)} KB conn ${node.request.connectionId}${counted(node) ? '' : ' (not counted)'}`
        : `task ${Math.round((node.endTime - node.startTime) / 1000)} ms observed`;
    const after = node.getDependencies().map(name).join(', ');
    console.log(`${String(Math.round(timing.startTime)).padStart(6)} ${String(Math.round(timing.endTime)).padStart(6)}  ${what}${after ? `  <- ${after}` : ''}`);
  }
}

if (args.without) {
  const re = new RegExp(args.without);
  const ends = [];
  for (const graph of [lcp.optimisticGraph, lcp.pessimisticGraph]) {
    const simulator = await LoadSimulator.request(data, context);
    const kept = graph.cloneWithRelationships((node) => node.type !== 'network' || node.isMainDocument() || !re.test(node.request.url));
    const { nodeTimings } = simulator.simulate(kept);
    ends.push(Math.max(...[...nodeTimings.entries()].filter(([node]) => counted(node)).map(([, t]) => t.endTime)));
  }
  console.log(`\nWithout ${args.without}: optimistic ${Math.round(ends[0])}, pessimistic ${Math.round(ends[1])}, LCP ${Math.round((ends[0] + ends[1]) / 2)} ms`);
}
