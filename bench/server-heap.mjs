#!/usr/bin/env node
// What the server keeps per socket and what it allocates per award: the garbage collector's work.
//
//   node bench/server-heap.mjs [--groups 67] [--size 30] [--rate 0.5] [--duration 10] [--top 25]
//                              [--server-root <dir>] [--promoted]
//
// Runs bench/sockets.mjs (one server process, `--mode one`, on its throw-away database) with the
// server's inspector open on a free port of 127.0.0.1, and follows its output:
//  - when the scenario starts (before the sockets connect) and when it has printed the memory with
//    the sockets connected, a heap snapshot of the server (HeapProfiler.takeHeapSnapshot; V8
//    collects garbage first); the difference between the two, by kind and constructor, divided by
//    the sockets: the bytes a socket keeps. Each snapshot stops the server for a second or two, so
//    the online-count figures sockets.mjs prints after the second one are not to be read.
//  - from the online count to the end of the awards (the warm-up's included), V8's sampling heap
//    profiler with the objects collected by minor and major GCs included (one sample every 2 KB):
//    the bytes allocated per award, by package and by function, where they were allocated
//    (self), and by the nearest frame of the server's own code. With --promoted, the objects that
//    minor GCs collected are left out: what reaches the old generation, for a major GC to collect.
// Prints both; writes nothing. The figures are samples (the allocation profile) and one run: the
// bytes kept per socket varied by up to 500 between runs of the same code here (12.3-12.8 KB).
// --server-root is sockets.mjs's (another copy of the repository's server, for before and after).
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { freePort } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    groups: { type: 'string', default: '67' },
    size: { type: 'string', default: '30' },
    rate: { type: 'string', default: '0.5' },
    duration: { type: 'string', default: '10' },
    top: { type: 'string', default: '25' },
    'server-root': { type: 'string' },
    promoted: { type: 'boolean', default: false },
  },
});
const WARMUP_S = 3;
const groups = Number(args.groups);
const rate = Number(args.rate);
const awards = groups * (Math.ceil(WARMUP_S * rate) + Math.ceil(Number(args.duration) * rate));
const top = Number(args.top);

const port = await freePort();

/** The Chrome DevTools Protocol on the server's inspector. */
async function inspector() {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const ws = new WebSocket(target.webSocketDebuggerUrl, { maxPayload: 0 });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const waiting = new Map();
  const listeners = new Map();
  let nextId = 1;
  ws.on('message', (data) => {
    const msg = JSON.parse(data);
    if (msg.id === undefined) return listeners.get(msg.method)?.(msg.params);
    const w = waiting.get(msg.id);
    waiting.delete(msg.id);
    if (msg.error) w.reject(new Error(msg.error.message));
    else w.resolve(msg.result);
  });
  return {
    call: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        ws.send(JSON.stringify({ id, method, params }));
      }),
    on: (method, fn) => listeners.set(method, fn),
    close: () => ws.close(),
  };
}

/** Self size and count by kind and constructor name. */
async function snapshot(cdp) {
  const chunks = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  await cdp.call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  const heap = JSON.parse(chunks.join(''));
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const [iType, iName, iSize] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const byKind = new Map();
  for (let i = 0; i < heap.nodes.length; i += fields.length) {
    const type = types[heap.nodes[i + iType]];
    const name = ['object', 'closure', 'hidden', 'native', 'synthetic'].includes(type) ? heap.strings[heap.nodes[i + iName]].slice(0, 60) : '';
    const key = `${type} ${name}`.trim();
    const entry = byKind.get(key) ?? { count: 0, size: 0 };
    entry.count++;
    entry.size += heap.nodes[i + iSize];
    byKind.set(key, entry);
  }
  return byKind;
}

function printPerSocket(idle, loaded, sockets) {
  const rows = [...loaded].map(([key, v]) => {
    const before = idle.get(key) ?? { count: 0, size: 0 };
    return { key, size: v.size - before.size, count: v.count - before.count };
  });
  const total = rows.reduce((a, r) => a + r.size, 0);
  console.log(`\nheap kept per socket (snapshots before and after ${sockets} sockets connected): ${(total / sockets).toFixed(0)} bytes`);
  for (const r of rows.sort((a, b) => b.size - a.size).slice(0, top)) {
    console.log(`${(r.size / sockets).toFixed(0).padStart(7)} B ${(r.count / sockets).toFixed(2).padStart(6)} objects  ${r.key}`);
  }
}

const packageOf = (url) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.includes('apps/server/dist/')) return '(server)';
  if (url.startsWith('node:')) return url.split('/')[0];
  return url || '(V8 builtins)';
};

function printPerAward(profile) {
  const byPackage = new Map();
  const byFunction = new Map();
  const byServerFrame = new Map();
  let total = 0;
  const add = (map, key, size) => map.set(key, (map.get(key) ?? 0) + size);
  (function walk(node, serverFrame) {
    const cf = node.callFrame;
    const pkg = packageOf(cf.url);
    const nearest = pkg === '(server)' ? `${cf.functionName || '(anonymous)'} (dist line ${cf.lineNumber + 1})` : serverFrame;
    if (node.selfSize) {
      total += node.selfSize;
      add(byPackage, pkg, node.selfSize);
      add(byFunction, `${cf.functionName || '(anonymous)'}  ${pkg}:${cf.lineNumber + 1}`, node.selfSize);
      add(byServerFrame, nearest ?? '(no server frame: socket reads, timers, stream callbacks)', node.selfSize);
    }
    for (const child of node.children) walk(child, nearest);
  })(profile.head, undefined);
  const what = args.promoted ? 'allocated and not collected by a minor GC (promoted)' : 'allocated';
  console.log(`\n${what} per award (sampled over ${awards} awards, warm-up included, idle work such as pings too): ${(total / awards / 1024).toFixed(1)} KB`);
  for (const [title, map] of [
    ['by package', byPackage],
    ['by function', byFunction],
    ['by the nearest frame of the server', byServerFrame],
  ]) {
    console.log(`\n${title}:`);
    for (const [key, size] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`${(size / awards / 1024).toFixed(1).padStart(7)} KB ${((100 * size) / total).toFixed(1).padStart(5)} %  ${key}`);
    }
  }
}

const bench = spawn(
  process.execPath,
  [
    new URL('./sockets.mjs', import.meta.url).pathname,
    ...['--mode', 'one', '--groups', args.groups, '--size', args.size, '--rate', args.rate, '--duration', args.duration, '--warmup', String(WARMUP_S)],
    `--server-node-flags=--inspect=127.0.0.1:${port}`,
    ...(args['server-root'] ? ['--server-root', args['server-root']] : []),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
let output = '';
let step = Promise.resolve();
let cdp;
let idle;
const steps = [
  [/^== one/m, async () => {
    cdp = await inspector();
    idle = await snapshot(cdp);
  }],
  [/^V8 heap in use/m, async () => printPerSocket(idle, await snapshot(cdp), Number(/^(\d+) sockets/m.exec(output)[1]))],
  [/^online count/m, () => cdp.call('HeapProfiler.startSampling', { samplingInterval: 2048, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: !args.promoted })],
  [/awards delivered/m, async () => {
    printPerAward((await cdp.call('HeapProfiler.stopSampling')).profile);
    cdp.close();
  }],
];
bench.stdout.on('data', (data) => {
  process.stdout.write(data);
  output += data;
  while (steps.length > 0 && steps[0][0].test(output)) {
    const [, run] = steps.shift();
    step = step.then(run);
  }
});
bench.on('exit', async (code) => {
  await step.catch((err) => console.error(err));
  process.exit(code ?? 1);
});
