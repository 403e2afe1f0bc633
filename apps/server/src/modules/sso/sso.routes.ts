import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@kolikko/core/errors';
import { ZOkResponse, ZSessionUser } from '@kolikko/core/schemas/auth';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZSsoIdentities, ZSsoLinkRequest, ZSsoPending, ZSsoSignupRequest, ZSsoStartQuery } from '@kolikko/core/schemas/sso';
import { requireTeacher, setSessionCookie } from '../../plugins/auth.ts';
import { SsoFailure, type SsoService } from './sso.service.ts';

export interface SsoRoutesOptions {
  sso: SsoService;
  secureCookies: boolean;
  /** Where the callback is reached from outside (PUBLIC_URL): the URL the provider redirected to. */
  publicUrl: string;
}

/** The browser's sign-in under way: sent only to /api/sso, for the flow's life. */
export const SSO_COOKIE = 'kolikko_sso';
const FAILED = '/teacher/login?error=AUTH.SSO_FAILED';

const ZName = z.object({ name: z.string().max(32) });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 409: ZApiError, 429: ZApiError };
const tags = ['sso'];

export async function ssoRoutes(fastify: FastifyInstance, opts: SsoRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { sso } = opts;
  const flowCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SSO_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: opts.secureCookies, path: '/api/sso', maxAge: 30 * 60 });
  const clearFlowCookie = (reply: FastifyReply) => reply.clearCookie(SSO_COOKIE, { path: '/api/sso' });
  const flowToken = (request: FastifyRequest) => request.cookies[SSO_COOKIE];

  /** A failure the browser is sent back to the login page for: the operator's log has why, the teacher sees AUTH.SSO_FAILED. */
  const failed = (request: FastifyRequest, reply: FastifyReply, err: unknown) => {
    if (!(err instanceof SsoFailure) && !(err instanceof AppError)) throw err;
    request.log.warn({ reason: err.message }, 'sso sign-in failed');
    clearFlowCookie(reply);
    return reply.redirect(FAILED);
  };

  app.get(
    '/sso/:name/start',
    {
      schema: {
        tags,
        summary: 'Start a teacher sign-in (or, signed in, a link) through a configured OpenID provider: redirects to it',
        description: 'With state, nonce and PKCE (S256). `intent=link` links the provider to the signed-in teacher. Any failure redirects to /teacher/login?error=AUTH.SSO_FAILED.',
        params: ZName,
        querystring: ZSsoStartQuery,
      },
    },
    async (request, reply) => {
      try {
        let linkTeacherId: string | null = null;
        if (request.query.intent === 'link') {
          const session = requireTeacher(request);
          if (session.demoId !== undefined) throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS');
          linkTeacherId = session.teacherId;
        }
        const { flowToken: token, url } = await sso.start(request.params.name, linkTeacherId);
        flowCookie(reply, token);
        return reply.redirect(url.href);
      } catch (err) {
        return failed(request, reply, err);
      }
    },
  );

  app.get(
    '/sso/:name/callback',
    {
      schema: {
        tags,
        summary: "The provider's redirect back: signs the teacher in, links the provider, or asks for a username or the account's password",
        description: 'Redirects only to our own pages: /teacher/home, /teacher/profile, /teacher/sso, or /teacher/login?error=AUTH.SSO_FAILED.',
        params: ZName,
      },
    },
    async (request, reply) => {
      try {
        // The URL the provider redirected to, as openid-client compares it with the redirect URI.
        const url = new URL(request.url, opts.publicUrl);
        const outcome = await sso.callback(request.params.name, url, flowToken(request));
        if (outcome.kind === 'pending') {
          flowCookie(reply, outcome.flowToken);
          return reply.redirect('/teacher/sso');
        }
        clearFlowCookie(reply);
        if (outcome.kind === 'linked') return reply.redirect('/teacher/profile?linked=1');
        setSessionCookie(reply, outcome.session.token, outcome.session.expiresAt, { secure: opts.secureCookies });
        return reply.redirect('/teacher/home');
      } catch (err) {
        return failed(request, reply, err);
      }
    },
  );

  app.get(
    '/sso/pending',
    { schema: { tags, summary: 'The sign-in waiting for a username or a password in this browser', response: { 200: ZSsoPending, ...errors } } },
    async (request) => sso.pending(flowToken(request)),
  );

  app.post(
    '/sso/signup',
    {
      schema: {
        tags,
        summary: "A first sign-in through a provider makes a teacher account: a username, the terms accepted (the e-mail is the provider's when it vouched for one)",
        body: ZSsoSignupRequest,
        response: { 201: ZSessionUser, ...errors },
      },
    },
    async (request, reply) => {
      const { user, session } = await sso.signup(flowToken(request), request.body);
      clearFlowCookie(reply);
      setSessionCookie(reply, session.token, session.expiresAt, { secure: opts.secureCookies });
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/sso/link',
    {
      schema: {
        tags,
        summary: 'Link the provider to the account whose e-mail it vouched for: that account\'s password (a login attempt), then signed in',
        body: ZSsoLinkRequest,
        response: { 200: ZSessionUser, ...errors },
      },
    },
    async (request, reply) => {
      const { user, session } = await sso.linkExisting(flowToken(request), request.body.password, { ip: request.ip });
      clearFlowCookie(reply);
      setSessionCookie(reply, session.token, session.expiresAt, { secure: opts.secureCookies });
      return user;
    },
  );

  app.get(
    '/account/sso',
    { schema: { tags, summary: "The teacher's linked providers, and whether the account has a password", response: { 200: ZSsoIdentities, ...errors } } },
    async (request) => sso.identities(requireTeacher(request).teacherId),
  );

  app.delete(
    '/account/sso/:name',
    {
      schema: {
        tags,
        summary: 'Unlink a provider; never the last way to sign in (409 AUTH.LAST_SIGN_IN_METHOD)',
        params: ZName,
        response: { 200: ZOkResponse, ...errors },
      },
    },
    async (request) => {
      await sso.unlink(requireTeacher(request).teacherId, request.params.name);
      return { ok: true as const, successCode: 'SSO_UNLINKED' };
    },
  );
}
