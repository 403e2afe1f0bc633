import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobRunner } from '../platform/jobs.ts';
import type { JobRunRow } from '../platform/jobs.repo.ts';

/** Health, readiness, Prometheus metrics and the OpenAPI document built from the route schemas. */
async function opsPlugin(app: FastifyInstance, opts: { ping: () => Promise<void>; jobs?: Pick<JobRunner, 'lastRuns'> }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  if (opts.jobs) registerJobMetrics(registry, opts.jobs);
  // Each answer: its counts, and the request log's one line at `info`, the request and its answer
  // together (Fastify writes one as a request comes and another as it goes: twice the cost,
  // bench/request-log.mjs). A callback hook: an async one makes a promise on every request.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kolikko API',
        version: '0.1.0',
        description:
          "Routes of spec section 7, under /api. Where a route is a group's teacher's, a co-teacher of the group (issue 34: accepted, its last day not past) may use it too when it teaches: seeing the group, its members and their histories, awards from its own purse and their undo, the reasons (to use), member todos (read, approve, send back), chat, the board and toolkit, the report. Changes to the group, its members, lists, reasons and co-teachers are the owner's: a co-teacher gets 403 COTEACHING.OWNER_ONLY.",
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'kolikko_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await opts.ping();
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

/**
 * The scheduled jobs' last runs (platform/jobs.ts), read from job_runs when scraped: every node
 * shows the runs of all nodes, as a job runs on whichever node takes it.
 */
function registerJobMetrics(registry: Registry, jobs: Pick<JobRunner, 'lastRuns'>) {
  // One read per scrape, shared by the gauges (prom-client collects them all at once).
  let reading: Promise<JobRunRow[]> | undefined;
  const read = () =>
    (reading ??= jobs.lastRuns().finally(() =>
      setImmediate(() => {
        reading = undefined;
      }),
    ));
  const gauge = (name: string, help: string, value: (r: JobRunRow) => number | undefined) =>
    new Gauge({
      name,
      help,
      labelNames: ['job'] as const,
      registers: [registry],
      async collect() {
        const rows = await read();
        this.reset();
        for (const r of rows) {
          const v = value(r);
          if (v !== undefined) this.set({ job: r.name }, v);
        }
      },
    });
  gauge('kolikko_job_last_run_timestamp_seconds', 'When the job last ran (finished or failed), Unix time', (r) => r.lastRunAt.getTime() / 1000);
  gauge('kolikko_job_last_success_timestamp_seconds', 'When the job last finished without an error, Unix time', (r) => r.lastSuccessAt?.getTime() && r.lastSuccessAt.getTime() / 1000);
  gauge('kolikko_job_last_duration_seconds', "The job's last run's duration", (r) => r.lastDurationMs / 1000);
  gauge('kolikko_job_last_rows', 'Rows the last successful run touched (deleted, warned)', (r) => r.lastRows);
  gauge('kolikko_job_runs', 'Runs of the job so far, failed ones included', (r) => r.runs);
  gauge('kolikko_job_failures', 'Failed runs of the job so far (each one is retried)', (r) => r.failures);
  gauge('kolikko_job_last_run_failed', '1 when the last run failed (it is being retried)', (r) => (r.lastError === null ? 0 : 1));
}

export default fp(opsPlugin, { name: 'ops' });
