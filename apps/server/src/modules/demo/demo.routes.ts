import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@kolikko/core/errors';
import { ZDemo, ZDemoStartRequest } from '@kolikko/core/schemas/demo';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { DEMO_COOKIE } from '../../plugins/auth.ts';
import type { DemoService } from './demo.service.ts';

const tags = ['demo'];

/**
 * What a demo may not do (issue 19), refused for a demo's session whichever of its users it acts
 * as: pay by card, publish to or buy from the community, share with or block real teachers,
 * change an e-mail address or a password, delete an account or a student, log out. Every entry
 * is a route of the app (demo.test.ts checks), as `METHOD url` with Fastify's url pattern.
 */
export const DEMO_REFUSED_ROUTES: readonly string[] = [
  'POST /api/:provider/create-payment-intent',
  'POST /api/dev/payments/:paymentIntentId/succeed',
  'POST /api/community/todolist/:id',
  'PUT /api/community/todolist/:id',
  'DELETE /api/community/todolist/:id',
  'POST /api/community/purchase/todolist/:id',
  'POST /api/todolist/:id/shares',
  'PUT /api/todolist/:id/shares/:username',
  'DELETE /api/todolist/:id/shares/:username',
  'POST /api/rewardlist/:id/shares',
  'DELETE /api/rewardlist/:id/shares/:username',
  'POST /api/blocked-teachers/:userId',
  'DELETE /api/blocked-teachers/:userId/:username',
  'PUT /api/admin/email',
  'PUT /api/admin/password',
  'DELETE /api/admin/:id',
  'PUT /api/member/password',
  'DELETE /api/member/:id',
  'GET /api/admin/:id/export',
  'GET /api/member/:id/export',
  'GET /api/logout',
  // A demo's sample students have no passwords and sign in only through the demo's frames: no
  // badges or class lists that would give them, or new students, a way in from outside.
  'POST /api/group/:id/badges',
  'POST /api/group/:id/members',
];
const refused = new Set(DEMO_REFUSED_ROUTES);

/**
 * Runs before every API route's handler (app.ts adds it to the /api scope): a demo's request is
 * refused if it is on the list; otherwise the demo's last action is noted, and before a change the
 * purse is topped up if low.
 */
export function demoGuard(demo: DemoService) {
  return async (request: FastifyRequest): Promise<void> => {
    const demoId = request.session?.demoId;
    if (demoId === undefined) return;
    if (refused.has(`${request.method} ${request.routeOptions.url ?? ''}`)) throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS');
    await demo.touch(demoId);
    if (request.method !== 'GET') await demo.topUp(demoId);
  };
}

export async function demoRoutes(fastify: FastifyInstance, opts: { demo: DemoService; secureCookies: boolean }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { demo, secureCookies } = opts;

  app.post(
    '/demo',
    {
      schema: {
        tags,
        summary: 'Start a demo classroom of its own for this browser (rate limited per address)',
        description:
          'Seeds a teacher, a group of five sample students, lists, history and chat in the language asked for, and sets the demo\'s session cookie. The demo the browser had before is removed. The demo\'s requests then say whom they act as in the `X-Kolikko-Demo-As` header (`teacher` or `member:<id>`).',
        body: ZDemoStartRequest.optional(),
        response: { 201: ZDemo, 400: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const started = await demo.start(request.body?.language ?? 'en', { ip: request.ip }, request.cookies[DEMO_COOKIE]);
      reply.setCookie(DEMO_COOKIE, started.token, { httpOnly: true, sameSite: 'lax', secure: secureCookies, path: '/', expires: started.expiresAt });
      return reply.status(201).send(started.demo);
    },
  );

  app.get(
    '/demo',
    {
      schema: {
        tags,
        summary: 'The demo this browser runs (sent with the X-Kolikko-Demo-As header)',
        response: { 200: ZDemo, 204: z.null(), 401: ZApiError },
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (!session?.demoId) return reply.code(204).send(null);
      const found = await demo.describeDemo(session.demoId);
      if (!found) return reply.code(204).send(null);
      return found;
    },
  );
}
