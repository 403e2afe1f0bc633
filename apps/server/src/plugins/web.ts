import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { ApiErrorBody } from '@kolikko/core/errors';

/**
 * Serves the built React app. Paths that are not files get index.html, so the web router
 * decides (spec section 2: every other path shows the front page); unknown /api paths answer JSON 404.
 */
async function webPlugin(app: FastifyInstance, opts: { dist: string | undefined }) {
  const dist = opts.dist && existsSync(join(opts.dist, 'index.html')) ? opts.dist : undefined;
  if (dist) {
    // The build writes .br and .gz copies of every text file (apps/web/build/precompress.ts): the
    // smallest one the browser accepts goes out, with Content-Encoding and Vary: accept-encoding.
    // Vite fingerprints the assets, so they never change: cached for a year and never revalidated,
    // they need no ETag, Last-Modified or Accept-Ranges (60 bytes a file less, 9 to 22 files a
    // first load: bench/README.md, "What crosses the wire").
    await app.register(fastifyStatic, {
      root: join(dist, 'assets'),
      prefix: '/assets/',
      wildcard: false,
      index: false,
      preCompressed: true,
      etag: false,
      lastModified: false,
      acceptRanges: false,
      decorateReply: false,
      setHeaders(res) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // index.html and the other files at the root: always fresh, revalidated by their ETag alone.
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      lastModified: false,
      globIgnore: ['assets/**'],
      setHeaders(res) {
        res.header('cache-control', 'no-cache');
      },
    });
  } else {
    app.log.warn('web app not built: serving the API only (run npm run build)');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (!isApi && dist && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
    }
    const body: ApiErrorBody = { errorCode: 'VALIDATION.INVALID_INPUT', message: `No route ${request.method} ${request.url.split('?')[0]}` };
    return reply.status(404).send(body);
  });
}

export default fp(webPlugin, { name: 'web' });
