import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendRetryAfter } from '../auth/attempt-limits.ts';
import { z } from 'zod';
import { AppError } from '@kolikko/core/errors';
import { ZBadgeLoginRequest, ZSessionUser } from '@kolikko/core/schemas/auth';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZClassListRequest, ZClassListResponse, ZGroupId, ZIssueBadgesRequest, ZIssuedBadge } from '@kolikko/core/schemas/groups';
import { requireTeacher, setSessionCookie, type TeacherSession } from '../../plugins/auth.ts';
import type { BadgesService } from './badges.service.ts';
import type { ClassListService } from './class-list.service.ts';

export interface BadgesRoutesOptions {
  badges: BadgesService;
  classList: ClassListService;
  secureCookies: boolean;
}

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError };

/**
 * The group's teacher, but not a demo's: a badge or a generated password would sign a demo's
 * student in with a session of its own, outside the demo's cookie and what it refuses (modules/demo).
 */
function requireRealTeacher(request: FastifyRequest): TeacherSession {
  const session = requireTeacher(request);
  if (session.demoId !== undefined) throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS');
  return session;
}

export async function badgesRoutes(fastify: FastifyInstance, opts: BadgesRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { badges, classList } = opts;
  const cookie = { secure: opts.secureCookies };

  sendRetryAfter(app);

  app.post(
    '/group/:id/badges',
    {
      schema: {
        tags: ['groups'],
        summary: "Issue or reissue badges for the group's students",
        description:
          "The group's teacher only. A new secret for each member (those of `member_ids`, or all of the group's when it or the whole body is left out), answered this once as the link of the badge's QR code, `<PUBLIC_URL>/student/badge#<secret>`; the server keeps only its SHA-256, and the member's previous badge stops at once. Ordered by username. Works whether the group's badge sign-in (`badges_enabled`) is on or off. A member id not in the group: 404 MEMBER.MEMBER_NOT_FOUND, and no badge changes.",
        params: z.object({ id: ZGroupId }),
        body: ZIssueBadgesRequest.nullish(),
        response: { 200: z.array(ZIssuedBadge), ...errors },
      },
    },
    async (request) => {
      const { teacherId } = requireRealTeacher(request);
      return badges.issue(teacherId, request.params.id, request.body?.member_ids);
    },
  );

  app.post(
    '/login/badge',
    {
      schema: {
        tags: ['auth'],
        summary: "Student login with a badge's secret",
        description:
          "The secret from the badge link's fragment (after `#`), sent in the body so that it is in no URL or log. Signs the member in as POST /login/member does (the session cookie; a session this browser had ends). Refused with 401 AUTH.LOGIN_FAILED for a secret no member has (a reissued badge, a deleted member) or a group whose badge sign-in is off; counted in the login limits like a password (429 SERVER.TRY_AGAIN with Retry-After).",
        body: ZBadgeLoginRequest,
        response: { 200: ZSessionUser, ...errors },
      },
    },
    async (request, reply) => {
      const { user, session } = await badges.login(request.body.token, { ip: request.ip });
      if (request.session) await badges.endSession(request.session.tokenHash);
      setSessionCookie(reply, session.token, session.expiresAt, cookie);
      return user;
    },
  );

  app.post(
    '/group/:id/members',
    {
      schema: {
        tags: ['groups'],
        summary: 'Add a class list: a student for each nickname',
        description:
          "The group's teacher only, also while the group is locked. Each acceptable line becomes a student with a generated password and a badge, all in one transaction, answered this once (201). A line is refused, without stopping the others, for a bad nickname (USER.INVALID_USERNAME), one a classmate or an earlier line holds, case aside (USER.USERNAME_TAKEN), or past the group's member limit (GROUP.FULL). No acceptable line: 400 VALIDATION.INVALID_INPUT with the `refused` lines, and nothing is made.",
        params: z.object({ id: ZGroupId }),
        body: ZClassListRequest,
        response: { 201: ZClassListResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { teacherId } = requireRealTeacher(request);
      return reply.status(201).send(await classList.add(teacherId, request.params.id, request.body.usernames));
    },
  );
}
