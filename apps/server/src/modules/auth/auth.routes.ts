import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendRetryAfter } from './attempt-limits.ts';
import { z } from 'zod';
import { AppError } from '@kolikko/core/errors';
import {
  ZCaptchaChallenge,
  ZLoginRequest,
  ZMemberLoginRequest,
  ZMemberSignupRequest,
  ZMemberSignupResponse,
  ZOkResponse,
  ZPasswordResetConfirmRequest,
  ZPasswordResetRequest,
  ZSessionUser,
  ZTeacherSignupRequest,
} from '@kolikko/core/schemas/auth';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/auth.ts';
import { refuseCrossSite } from '../../plugins/security.ts';
import type { AuthService, NewSession } from './auth.service.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  secureCookies: boolean;
}

const ZCheckStatusQuery = z.object({ optional: z.enum(['true', 'false']).optional() });

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 409: ZApiError, 429: ZApiError };

export async function authRoutes(fastify: FastifyInstance, opts: AuthRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth } = opts;
  const cookie = { secure: opts.secureCookies };

  sendRetryAfter(app);

  const signIn = async (oldTokenHash: string | undefined, session: NewSession) => {
    if (oldTokenHash) await auth.logout(oldTokenHash);
    return session;
  };

  app.get('/captcha', { schema: { tags: ['auth'], summary: 'An ALTCHA challenge for teacher signup', response: { 200: ZCaptchaChallenge } } }, () =>
    auth.captchaChallenge(),
  );

  app.post(
    '/signup/admin',
    { schema: { tags: ['auth'], summary: 'Sign up a teacher (sends a verification e-mail)', body: ZTeacherSignupRequest, response: { 201: ZOkResponse, ...errors } } },
    async (request, reply) => {
      await auth.signupTeacher(request.body, { ip: request.ip });
      return reply.status(201).send({ ok: true, successCode: 'SIGNUP_CONFIRM_EMAIL' });
    },
  );

  app.get(
    '/verify-email',
    { schema: { tags: ['auth'], summary: 'The e-mailed verification link; redirects to the login page', querystring: z.object({ token: z.string().max(200).optional() }) } },
    async (request, reply) => {
      const verified = request.query.token ? await auth.verifyEmail(request.query.token) : false;
      return reply.redirect(verified ? '/teacher/login?success=true' : '/teacher/login?error=AUTH.VERIFICATION_FAILED');
    },
  );

  app.post(
    '/login/admin',
    { schema: { tags: ['auth'], summary: 'Teacher login by username or e-mail', body: ZLoginRequest, response: { 200: ZSessionUser, ...errors } } },
    async (request, reply) => {
      const { user, session } = await auth.loginTeacher(request.body, { ip: request.ip });
      const s = await signIn(request.session?.tokenHash, session);
      setSessionCookie(reply, s.token, s.expiresAt, cookie);
      return user;
    },
  );

  app.post(
    '/signup/member',
    {
      schema: {
        tags: ['auth'],
        summary: 'A student joins an open group by its code (or its name) and is signed in',
        description:
          '`group_name` holds the join code, or a name that exactly one open group has (several: 409 `GROUP.AMBIGUOUS_NAME`). ' +
          'A nickname a classmate has is 409 `USER.USERNAME_TAKEN` with a free `suggestion`; a group of 200 is 409 `GROUP.FULL`. ' +
          'The answer sets the session cookie.',
        body: ZMemberSignupRequest,
        response: { 201: ZMemberSignupResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { user, session } = await auth.signupMember(request.body, { ip: request.ip });
      const s = await signIn(request.session?.tokenHash, session);
      setSessionCookie(reply, s.token, s.expiresAt, cookie);
      return reply.status(201).send({ ok: true, successCode: 'REGISTRATION_SUCCESS', user });
    },
  );

  app.post(
    '/login/member',
    {
      schema: {
        tags: ['auth'],
        summary: 'Student login',
        description:
          'By nickname alone where one student has it; a nickname several classes share needs `group_code` (else 409 `USER.AMBIGUOUS_NAME`, before any password is checked).',
        body: ZMemberLoginRequest,
        response: { 200: ZSessionUser, ...errors },
      },
    },
    async (request, reply) => {
      const { user, session } = await auth.loginMember(request.body, { ip: request.ip });
      const s = await signIn(request.session?.tokenHash, session);
      setSessionCookie(reply, s.token, s.expiresAt, cookie);
      return user;
    },
  );

  app.get(
    '/checkStatus',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        description:
          'With `optional=true` nobody signed in gets 204 and no body instead of 401: the web app asks this on every first load, and browsers log each 401 as an error on a visitor\'s page.',
        querystring: ZCheckStatusQuery,
        response: { 200: ZSessionUser, 204: z.null(), 401: ZApiError },
      },
    },
    async (request, reply) => {
      const optional = request.query.optional === 'true';
      if (!request.session && optional) return reply.code(204).send(null);
      const session = requireUser(request);
      const user = await auth.currentUser(session.kind === 'teacher' ? { teacherId: session.teacherId } : { memberId: session.memberId });
      if (user) return session.demoId === undefined ? user : { ...user, demo: true };
      if (optional) return reply.code(204).send(null);
      throw new AppError('AUTH.NO_AUTH');
    },
  );

  app.get(
    '/logout',
    { onRequest: refuseCrossSite, schema: { tags: ['auth'], summary: 'End the session (refused from another site)', response: { 200: ZOkResponse, 403: ZApiError } } },
    async (request, reply) => {
      if (request.session) await auth.logout(request.session.tokenHash);
      clearSessionCookie(reply, cookie);
      return { ok: true as const };
    },
  );

  app.post(
    '/password-reset/request',
    { schema: { tags: ['auth'], summary: 'E-mail a reset link; answers the same for any address', body: ZPasswordResetRequest, response: { 200: ZOkResponse, ...errors } } },
    async (request) => {
      await auth.requestPasswordReset(request.body.email, { ip: request.ip });
      return { ok: true as const, successCode: 'PASSWORD_RESET_LINK_SENT' };
    },
  );

  app.post(
    '/password-reset/confirm',
    { schema: { tags: ['auth'], summary: 'Set a new password with an e-mailed token', body: ZPasswordResetConfirmRequest, response: { 200: ZOkResponse, ...errors } } },
    async (request) => {
      await auth.confirmPasswordReset(request.body, { ip: request.ip }, request.session?.tokenHash);
      return { ok: true as const, successCode: 'PASSWORD_RESET' };
    },
  );
}
