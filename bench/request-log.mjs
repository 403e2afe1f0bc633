#!/usr/bin/env node
// What the request log costs the server a request (issue 36: pino's per-request cost), in one
// process: Fastify of the app's version with the app's logger settings, one trivial route, answered
// through inject() (no network, so the log's share is not hidden by the sockets' cost), in four
// ways taken in turn each round: the app's default (LOG_LEVEL=info: Fastify's two lines a request,
// as it comes and as it is answered), one line as it is answered (the request and its answer
// together), no request line (LOG_LEVEL=warn, as the other benchmarks run the app), no logger.
// Lines go to a real file descriptor (/dev/null, written synchronously as pino does to stdout).
//
//   node bench/request-log.mjs [--requests 10000] [--rounds 5]
//
// Prints the CPU per request of each way per round (process.cpuUsage), the medians, and what a
// line costs against `warn`.
import { openSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import pino from 'pino';

const { values: args } = parseArgs({ options: { requests: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '5' } } });
const REQUESTS = Number(args.requests);
const ROUNDS = Number(args.rounds);
const devNull = openSync('/dev/null', 'w');

function build(way) {
  const logger = way === 'none' ? false : pino({ level: way === 'warn' ? 'warn' : 'info' }, pino.destination({ fd: devNull, sync: true }));
  const app = Fastify({ loggerInstance: logger || undefined, logger: logger ? undefined : false, logController: new Fastify.LogController({ disableRequestLogging: way === 'one-line' }) });
  if (way === 'one-line') {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
      done();
    });
  }
  app.get('/api/thing', async () => ({ ok: true, items: [1, 2, 3] }));
  return app;
}

const WAYS = ['warn', 'one-line', 'info', 'none'];

/** CPU a request over `n` requests to a fresh app (inject keeps what each request made until the app closes). */
async function run(way, n) {
  const app = build(way);
  await app.ready();
  for (let i = 0; i < 500; i++) await app.inject({ method: 'GET', url: '/api/thing' }); // warm-up
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await app.inject({ method: 'GET', url: '/api/thing', headers: { cookie: 'kolikko_session=x' } });
  const used = process.cpuUsage(start);
  await app.close();
  return (used.user + used.system) / n;
}

for (const way of WAYS) await run(way, 2000); // the code compiled before the first round
const results = Object.fromEntries(WAYS.map((w) => [w, []]));
for (let round = 1; round <= ROUNDS; round++) {
  const order = round % 2 ? WAYS : [...WAYS].reverse();
  for (const way of order) results[way].push(await run(way, REQUESTS));
  console.log(`round ${round}: ${WAYS.map((w) => `${w} ${results[w].at(-1).toFixed(1)} µs`).join(', ')}`);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const m = Object.fromEntries(WAYS.map((w) => [w, median(results[w])]));
console.log(`medians of ${ROUNDS} rounds, CPU a request: ${WAYS.map((w) => `${w} ${m[w].toFixed(1)} µs`).join(', ')}`);
console.log(`a request's log against warn: info (two lines) +${(m.info - m.warn).toFixed(1)} µs, one line +${(m['one-line'] - m.warn).toFixed(1)} µs`);
