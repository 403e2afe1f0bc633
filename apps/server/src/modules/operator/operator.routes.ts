import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@kolikko/core/errors';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { EXPORT_KIND_HEADER, EXPORT_USERNAME_HEADER, OPERATOR_SECRET_HEADER, secretMatches } from './operator.ts';
import { setPremium } from './operator.repo.ts';
import { createOperatorService, type OperatorDeps } from './operator.service.ts';
import { sendExportFile } from '../export/export.routes.ts';
import { listJobRuns } from '../../platform/jobs.repo.ts';

/** The user a command names: `kind` when the name is both a teacher's and a student's (--teacher, --student). */
const ZUserRequest = z.object({ username: z.string().trim().min(1).max(100), kind: z.enum(['teacher', 'member']).optional() });

const ZDeletedUser = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('teacher'), username: z.string(), groups: z.number().int(), students: z.number().int() }),
  z.object({ kind: z.literal('member'), username: z.string(), teacherUsername: z.string(), coinsReturned: z.number().int() }),
]);

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The operator's calls, for `npm run admin` while this server holds the embedded database
 * (operator.ts). Only from this machine (the socket's own address: a forwarded one could be
 * forged) and with the secret of DATA_DIR/operator.json; anything else is answered as if there
 * were no such route.
 */
export async function operatorRoutes(fastify: FastifyInstance, opts: OperatorDeps & { secret: string; backup?: (() => Promise<Buffer>) | undefined }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const operator = createOperatorService(opts);
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

  app.post(
    '/operator/delete-user',
    {
      schema: {
        hide: true,
        body: ZUserRequest,
        response: { 200: ZDeletedUser, 400: ZApiError, 403: ZApiError, 404: ZApiError, 500: ZApiError },
      },
    },
    async (request) => {
      const deleted = await operator.deleteUser(request.body.username, request.body.kind);
      request.log.info(deleted, 'operator: user deleted');
      return deleted;
    },
  );

  app.post(
    '/operator/export',
    { schema: { hide: true, body: ZUserRequest, response: { 400: ZApiError, 403: ZApiError, 404: ZApiError, 500: ZApiError } } },
    async (request, reply) => {
      // Made into a file first (the database is not held while the command reads), then streamed
      // from it; unlinked as soon as it is open, so nothing is left however the download ends.
      const path = join(tmpdir(), `kolikko-operator-export-${randomUUID()}.zip`);
      try {
        const file = await operator.exportUser(request.body.username, request.body.kind, path);
        request.log.info({ kind: file.kind, username: file.username, bytes: file.bytes }, 'operator: data exported');
        // Whose export it is, for the command's answer.
        reply.header(EXPORT_KIND_HEADER, file.kind).header(EXPORT_USERNAME_HEADER, encodeURIComponent(file.username));
        return await sendExportFile(reply, file, path);
      } finally {
        await rm(path, { force: true });
      }
    },
  );

  app.get('/operator/jobs', { schema: { hide: true } }, async () => ({ jobs: await listJobRuns(opts.db) }));

  // The embedded database's backup (issue 35), made by the process that holds it, between queries.
  app.post('/operator/backup', { schema: { hide: true } }, async (request, reply) => {
    if (!opts.backup) throw new AppError('SERVER.ERROR', { message: 'This server runs on PostgreSQL: back it up with pg_dump' });
    const tarball = await opts.backup();
    request.log.info({ bytes: tarball.length }, 'operator: database backed up');
    return reply.type('application/gzip').header('content-length', tarball.length).send(tarball);
  });
}
