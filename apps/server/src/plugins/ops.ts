import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Health, readiness, Prometheus metrics and the OpenAPI document built from the route schemas. */
async function opsPlugin(app: FastifyInstance, opts: { ping: () => Promise<void> }) {
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
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Kolikko API', version: '0.1.0', description: 'Routes of spec section 7, under /api.' },
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

export default fp(opsPlugin, { name: 'ops' });
