#!/usr/bin/env node
// Where a server's CPU went, from a V8 CPU profile (`node --cpu-prof`, as bench/sockets.mjs
// --profile <dir> writes them):
//
//   node bench/cpuprofile-summary.mjs <file.cpuprofile> [--from 30] [--to 50] [--top 25]
//
// Only the samples between --from and --to seconds after the profile's start count. Prints the
// self time by area (the package a function belongs to, or our bundle, or a V8 state: GC, idle,
// program) and the functions with the most self time, with the share of the busy time (all but
// idle).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { from: { type: 'string', default: '0' }, to: { type: 'string', default: '1e9' }, top: { type: 'string', default: '25' } },
});
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const from = Number(args.from) * 1e6;
const to = Number(args.to) * 1e6;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
let t = 0;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  if (t < from || t > to) continue;
  const dt = profile.timeDeltas[i + 1] ?? 0;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}

function area(frame) {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/').slice(0, 2).join('/')}`;
  if (url.includes('/dist/server.mjs') || url.includes('/src/')) return 'server code';
  return url;
}

const areas = new Map();
const fns = new Map();
let busy = 0;
for (const [id, us] of self) {
  const frame = byId.get(id).callFrame;
  const a = area(frame);
  if (a !== '(idle)') busy += us;
  areas.set(a, (areas.get(a) ?? 0) + us);
  const key = `${frame.functionName || '(anonymous)'} ${frame.url ? `${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}` : ''}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
}
// Inclusive: a sample counts for every area that has a frame on its stack.
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const inclusive = new Map();
for (const [id, us] of self) {
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) seen.add(area(byId.get(cur).callFrame));
  for (const a of seen) inclusive.set(a, (inclusive.get(a) ?? 0) + us);
}

const total = [...areas.values()].reduce((a, b) => a + b, 0);
const pct = (us) => `${((us / busy) * 100).toFixed(1)} %`;
console.log(`window ${(total / 1e6).toFixed(1)} s of samples, busy ${(busy / 1e6).toFixed(1)} s (${((busy / total) * 100).toFixed(0)} %)`);
console.log('\nself time by area (share of busy time):');
for (const [a, us] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, 20)) if (a !== '(idle)') console.log(`  ${pct(us).padStart(7)}  ${(us / 1000).toFixed(0).padStart(6)} ms  ${a}`);
console.log('\ntime with a frame of the area on the stack (inclusive; areas overlap):');
for (const [a, us] of [...inclusive].sort((x, y) => y[1] - x[1]).slice(0, 20)) if (!a.startsWith('(')) console.log(`  ${pct(us).padStart(7)}  ${(us / 1000).toFixed(0).padStart(6)} ms  ${a}`);
console.log(`\ntop ${args.top} functions by self time:`);
for (const [f, us] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, Number(args.top))) console.log(`  ${pct(us).padStart(7)}  ${(us / 1000).toFixed(0).padStart(6)} ms  ${f}`);
