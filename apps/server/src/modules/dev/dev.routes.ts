import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOutboxMail } from '@kolikko/core/schemas/auth';
import type { Db } from '../../db/client.ts';
import { listOutboxMail } from '../../platform/mail-outbox.repo.ts';

/** Development helpers; never registered when NODE_ENV=production. */
export async function devRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/dev/outbox',
    { schema: { tags: ['dev'], summary: 'Mail kept in the outbox (no SMTP_URL), newest last', response: { 200: z.array(ZOutboxMail) } } },
    async () => {
      const rows = await listOutboxMail(opts.db);
      return rows.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html, created_at: m.createdAt.toISOString() }));
    },
  );
}
