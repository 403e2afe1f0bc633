import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZGroupId } from '@kolikko/core/schemas/groups';
import { ZAwardReason, ZCreateReasonRequest, ZUpdateReasonRequest } from '@kolikko/core/schemas/reasons';
import { requireTeacher } from '../../plugins/auth.ts';
import { pageLanguage } from '../../platform/page-language.ts';
import type { ReasonsService } from './reasons.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['reasons'];
const ZReasonId = z.uuid({ error: 'AWARD.REASON_NOT_FOUND' });

export async function reasonsRoutes(fastify: FastifyInstance, opts: { reasons: ReasonsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { reasons } = opts;

  app.get(
    '/group/:id/reasons',
    {
      schema: {
        tags,
        summary: "The group's award reasons, in order",
        description: 'A group made before award reasons existed gets the six default ones here, named in the language of Accept-Language (English, Finnish or Swedish).',
        params: z.object({ id: ZGroupId }),
        response: { 200: z.array(ZAwardReason), ...errors },
      },
    },
    async (request) => reasons.list(requireTeacher(request).teacherId, request.params.id, pageLanguage(request.headers['accept-language'])),
  );

  app.post(
    '/group/:id/reasons',
    {
      schema: {
        tags,
        summary: 'A new award reason at the end of the list',
        description: 'Coins 1 to 100, or -1 to -100 for a "needs work" reason where the group allows them (`needs_work_enabled`). At most 40 a group.',
        params: z.object({ id: ZGroupId }),
        body: ZCreateReasonRequest,
        response: { 201: ZAwardReason, ...errors },
      },
    },
    async (request, reply) => {
      const { teacherId } = requireTeacher(request);
      return reply.status(201).send(await reasons.create(teacherId, request.params.id, request.body, pageLanguage(request.headers['accept-language'])));
    },
  );

  app.put(
    '/reason/:id',
    {
      schema: {
        tags,
        summary: 'Change an award reason: name, icon, coins, or its place in the list',
        params: z.object({ id: ZReasonId }),
        body: ZUpdateReasonRequest,
        response: { 200: ZAwardReason, ...errors },
      },
    },
    async (request) => reasons.update(requireTeacher(request).teacherId, request.params.id, request.body),
  );

  app.delete(
    '/reason/:id',
    {
      schema: {
        tags,
        summary: 'Remove an award reason (awards made with it stay named in history)',
        params: z.object({ id: ZReasonId }),
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await reasons.remove(requireTeacher(request).teacherId, request.params.id);
      return { ok: true as const };
    },
  );
}
