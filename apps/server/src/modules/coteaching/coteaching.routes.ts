import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCoteacher, ZCoteachers, ZCoteachingInvitations, ZInvitationId, ZInviteCoteacherRequest } from '@kolikko/core/schemas/coteaching';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZGroupId } from '@kolikko/core/schemas/groups';
import { requireTeacher } from '../../plugins/auth.ts';
import type { CoteachingService } from './coteaching.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['co-teaching'];
const ZTeacherId = z.uuid({ error: 'COTEACHING.NOT_A_COTEACHER' });

/** Issue 34's co-teachers: the owner's invitations and removals, the invitee's answers. */
export async function coteachingRoutes(fastify: FastifyInstance, opts: { coteaching: CoteachingService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { coteaching } = opts;

  app.get(
    '/group/:id/coteachers',
    {
      schema: { tags, summary: "The group's co-teachers and the invitations not yet answered (the owner only)", params: z.object({ id: ZGroupId }), response: { 200: ZCoteachers, ...errors } },
    },
    async (request) => coteaching.list(requireTeacher(request), request.params.id),
  );

  app.post(
    '/group/:id/coteachers',
    {
      schema: {
        tags,
        summary: 'Invite another teacher, by username or e-mail, to teach the group with its owner',
        description:
          'Optionally until a day (YYYY-MM-DD, UTC, its last day included). Nothing of the group is shared until the invitee accepts. ' +
          'At most 10 co-teachers and invitations a group; a teacher who blocked the owner answers USER.CANNOT_RECEIVE_SHARES.',
        params: z.object({ id: ZGroupId }),
        body: ZInviteCoteacherRequest,
        response: { 201: ZCoteacher, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await coteaching.invite(requireTeacher(request), request.params.id, request.body)),
  );

  app.delete(
    '/group/:id/coteachers/:teacherId',
    {
      schema: {
        tags,
        summary: 'Remove a co-teacher from the group, or withdraw an invitation (the owner only), at once',
        params: z.object({ id: ZGroupId, teacherId: ZTeacherId }),
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await coteaching.remove(requireTeacher(request), request.params.id, request.params.teacherId);
      return { ok: true as const };
    },
  );

  app.get(
    '/coteaching/invitations',
    { schema: { tags, summary: "The caller's invitations to co-teach, not yet answered, newest first", response: { 200: ZCoteachingInvitations, ...errors } } },
    async (request) => coteaching.invitations(requireTeacher(request)),
  );

  app.post(
    '/coteaching/invitations/:id/accept',
    {
      schema: { tags, summary: 'Accept an invitation: the group is co-taught from now on', params: z.object({ id: ZInvitationId }), response: { 200: z.object({ group_id: z.uuid() }), ...errors } },
    },
    async (request) => coteaching.accept(requireTeacher(request), request.params.id),
  );

  app.post(
    '/coteaching/invitations/:id/decline',
    { schema: { tags, summary: 'Decline an invitation (it is gone)', params: z.object({ id: ZInvitationId }), response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
    async (request) => {
      await coteaching.decline(requireTeacher(request), request.params.id);
      return { ok: true as const };
    },
  );
}
