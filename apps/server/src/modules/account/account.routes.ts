import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@kolikko/core/errors';
import { ZOkResponse, ZTeacherUser } from '@kolikko/core/schemas/auth';
import { ZTeacherEmailRequest, ZTeacherPasswordRequest, ZTeacherUsernameRequest, ZUserId } from '@kolikko/core/schemas/groups';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { clearSessionCookie, requireTeacher } from '../../plugins/auth.ts';
import { disconnectTeacherAndStudents } from '../realtime/io.ts';
import { assertSelf } from '../groups/groups.service.ts';
import type { AccountService } from './account.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['teacher account'];

export async function accountRoutes(fastify: FastifyInstance, opts: { account: AccountService; secureCookies: boolean }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { account } = opts;

  app.put(
    '/admin/username',
    { schema: { tags, summary: "Change the teacher's username", body: ZTeacherUsernameRequest, response: { 200: ZTeacherUser, ...errors } } },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.body.id);
      return account.rename(teacherId, request.body.username);
    },
  );

  app.put(
    '/admin/email',
    { schema: { tags, summary: 'Refused: the e-mail address is read-only', body: ZTeacherEmailRequest, response: { 403: ZApiError, 401: ZApiError, 400: ZApiError } } },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.body.id);
      throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS', { message: 'The e-mail address cannot be changed', field: 'email' });
    },
  );

  app.put(
    '/admin/password',
    { schema: { tags, summary: "Change the teacher's password (201); ends the other sessions", body: ZTeacherPasswordRequest, response: { 201: ZOkResponse, ...errors } } },
    async (request, reply) => {
      const session = requireTeacher(request);
      assertSelf(session.teacherId, request.body.id);
      await account.changePassword(session.teacherId, request.body.oldPassword, request.body.newPassword, session.tokenHash);
      return reply.status(201).send({ ok: true, successCode: 'PASSWORD_CHANGED' });
    },
  );

  app.delete(
    '/admin/:id',
    { schema: { tags, summary: 'Delete the teacher with their groups and members', params: z.object({ id: ZUserId }), response: { 200: ZOkResponse, ...errors } } },
    async (request, reply) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.params.id);
      const memberIds = await account.remove(teacherId);
      disconnectTeacherAndStudents(app.io, teacherId, memberIds);
      clearSessionCookie(reply, { secure: opts.secureCookies });
      return { ok: true as const };
    },
  );
}
