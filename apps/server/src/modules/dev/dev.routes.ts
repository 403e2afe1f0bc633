import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOutboxMail } from '@kolikko/core/schemas/auth';
import type { Db } from '../../db/client.ts';
import { AppError } from '@kolikko/core/errors';
import { listOutboxMail } from '../../platform/mail-outbox.repo.ts';
import { createFixtureGroup } from './dev.repo.ts';

/** Development helpers; never registered when NODE_ENV=production. */
export async function devRoutes(fastify: FastifyInstance, opts: { db: Db; isTest: boolean }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/dev/outbox',
    { schema: { tags: ['dev'], summary: 'Mail kept in the outbox (no SMTP_URL), newest last', response: { 200: z.array(ZOutboxMail) } } },
    async () => {
      const rows = await listOutboxMail(opts.db);
      return rows.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html, created_at: m.createdAt.toISOString() }));
    },
  );

  if (!opts.isTest) return;
  // Browser tests build their fixtures through this until the groups API exists (NODE_ENV=test only).
  app.post(
    '/dev/groups',
    {
      schema: {
        tags: ['dev'],
        summary: 'Test fixture: a group for a teacher (NODE_ENV=test only)',
        body: z.object({ teacher: z.string(), name: z.string().trim().min(1), locked: z.boolean().default(false) }),
        response: { 201: z.object({ id: z.string(), name: z.string() }) },
      },
    },
    async (request, reply) => {
      const group = await createFixtureGroup(opts.db, request.body.teacher, request.body.name, request.body.locked);
      if (!group) throw new AppError('USER.USER_NOT_FOUND');
      return reply.status(201).send(group);
    },
  );
}
