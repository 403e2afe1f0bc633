import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@kolikko/core/errors';
import { ZApiError } from '@kolikko/core/schemas/errors';
import type { Db } from '../../db/client.ts';
import { OPERATOR_SECRET_HEADER, secretMatches } from './operator.ts';
import { setPremium } from './operator.repo.ts';
import { listJobRuns } from '../../platform/jobs.repo.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The operator's calls, for `npm run admin` while this server holds the embedded database
 * (operator.ts). Only from this machine (the socket's own address: a forwarded one could be
 * forged) and with the secret of DATA_DIR/operator.json; anything else is answered as if there
 * were no such route.
 */
export async function operatorRoutes(fastify: FastifyInstance, opts: { db: Db; secret: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers[OPERATOR_SECRET_HEADER];
    const local = LOOPBACK.has(request.raw.socket.remoteAddress ?? '');
    if (!local || !secretMatches(opts.secret, typeof header === 'string' ? header : undefined)) return reply.callNotFound();
  });

  app.post(
    '/operator/premium',
    {
      schema: {
        hide: true,
        body: z.object({ username: z.string().trim().min(1).max(100), premium: z.boolean() }),
        response: { 200: z.object({ username: z.string(), isPremium: z.boolean() }), 400: ZApiError, 404: ZApiError, 500: ZApiError },
      },
    },
    async (request) => {
      const changed = await setPremium(opts.db, request.body.username, request.body.premium);
      if (!changed) throw new AppError('USER.USER_NOT_FOUND');
      request.log.info({ username: changed.username, premium: changed.isPremium }, 'operator: premium set');
      return changed;
    },
  );

  app.get('/operator/jobs', { schema: { hide: true } }, async () => ({ jobs: await listJobRuns(opts.db) }));
}
