import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZUndoAwardResponse } from '@kolikko/core/schemas/groups';
import { requireTeacher } from '../../plugins/auth.ts';
import type { AwardsService } from './awards.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

export async function awardsRoutes(fastify: FastifyInstance, opts: { awards: AwardsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/award/:id/undo',
    {
      schema: {
        tags: ['groups'],
        summary: 'Undo an award within a minute of it',
        description:
          "The award's teacher only (another's: 404 AWARD.AWARD_NOT_FOUND). One transaction: each student gives back what it still has of the award (`returned`; what it spent meanwhile is `missing`), a \"needs work\" award gives back what the purse can; the students see it live. After 60 s: 409 AWARD.UNDO_EXPIRED; a second time: 409 AWARD.ALREADY_UNDONE.",
        params: z.object({ id: z.uuid({ error: 'AWARD.AWARD_NOT_FOUND' }) }),
        response: { 200: ZUndoAwardResponse, ...errors },
      },
    },
    async (request) => opts.awards.undo(requireTeacher(request).teacherId, request.params.id),
  );
}
