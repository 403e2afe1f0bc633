import type { TSsoProviderInfo } from '@kolikko/core/schemas/sso';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@kolikko/core/errors';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZUserId } from '@kolikko/core/schemas/groups';
import {
  ZCoinPricing,
  ZCreatePaymentIntentRequest,
  ZCreatePaymentIntentResponse,
  ZDevPaymentSucceeded,
  ZOwedRewards,
  ZPaymentConfig,
  ZProviderParams,
  ZWebhookReceived,
} from '@kolikko/core/schemas/payments';
import { requireTeacher } from '../../plugins/auth.ts';
import { assertSelf } from '../groups/groups.service.ts';
import type { PaymentsService } from './payments.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['payments'];

/** A page of HTML (the receipt): its route's schema names only the error bodies, which are JSON. */
function sendHtml(reply: FastifyReply, page: string) {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').send(page);
}

export async function paymentsRoutes(fastify: FastifyInstance, opts: { payments: PaymentsService; devRoutes: boolean; ssoProviders: TSsoProviderInfo[] }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { payments } = opts;

  /** `{provider}` may only name the configured provider; any other answers as an unknown route does. */
  async function configuredProvider(request: FastifyRequest, reply: FastifyReply) {
    const params = ZProviderParams.safeParse(request.params);
    if (params.success && params.data.provider === payments.provider) return;
    reply.callNotFound();
    return reply;
  }

  app.get(
    '/config',
    {
      schema: {
        tags,
        summary: "The payment provider and its publishable key, and the teacher sign-in providers (public; the web keeps it for the page's life)",
        response: { 200: ZPaymentConfig },
      },
    },
    async () => ({ ...payments.config(), sso_providers: opts.ssoProviders }),
  );

  app.get(
    '/:provider/pricing',
    {
      preValidation: configuredProvider,
      schema: { tags, summary: 'The coin packages: net cents by coin amount (public)', params: ZProviderParams, response: { 200: ZCoinPricing, 404: ZApiError } },
    },
    async () => payments.pricing(),
  );

  app.post(
    '/:provider/create-payment-intent',
    {
      preValidation: configuredProvider,
      schema: {
        tags,
        summary: 'Start buying a coin package: the amount (net + VAT) is our own; the client secret completes the payment',
        params: ZProviderParams,
        body: ZCreatePaymentIntentRequest,
        response: { 200: ZCreatePaymentIntentResponse, ...errors },
      },
    },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.body.userId);
      return payments.createPaymentIntent(teacherId, request.body.coins);
    },
  );

  app.get(
    '/owed-rewards/:userId',
    {
      schema: { tags, summary: "Rewards of completed todos the teacher's purse could not pay yet", params: z.object({ userId: ZUserId }), response: { 200: ZOwedRewards, ...errors } },
    },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.params.userId);
      return payments.owedSummary(teacherId);
    },
  );

  app.get(
    '/purchase/receipt/:paymentIntentId',
    {
      schema: {
        tags,
        summary: 'The printable receipt (an HTML page with print styles) of one of my paid coin purchases; lang: en (default), fi or sv',
        params: z.object({ paymentIntentId: z.string().min(1).max(200) }),
        querystring: z.object({ lang: z.enum(['en', 'fi', 'sv']).default('en') }),
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const { teacherId } = requireTeacher(request);
      const page = await payments.receipt(teacherId, request.params.paymentIntentId, request.query.lang);
      return sendHtml(reply, page);
    },
  );

  if (payments.provider === 'stripe') await app.register(stripeWebhookRoute, { payments });

  if (opts.devRoutes && payments.provider === 'dev') {
    app.post(
      '/dev/payments/:paymentIntentId/succeed',
      {
        schema: {
          tags: ['dev'],
          summary: "Complete one of the teacher's own dev payment intents, as a paid card would (never in production)",
          params: z.object({ paymentIntentId: z.string().min(1).max(255) }),
          response: { 200: ZDevPaymentSucceeded, ...errors },
        },
      },
      async (request) => payments.devSucceed(requireTeacher(request).teacherId, request.params.paymentIntentId),
    );
  }
}

/**
 * Stripe signs the exact bytes it sends, so this route, in a context of its own, reads its JSON
 * body as a Buffer; every other route keeps the parsed JSON. It carries no cookie, so the
 * same-origin check does not apply to it.
 */
async function stripeWebhookRoute(fastify: FastifyInstance, opts: { payments: PaymentsService }) {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/stripe/webhook',
    {
      schema: {
        tags,
        summary: "Stripe's signed events (payment_intent.succeeded credits the coins); a bad signature answers 400 and changes nothing",
        response: { 200: ZWebhookReceived, 400: ZApiError },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('VALIDATION.INVALID_INPUT', { message: 'Expected a JSON body' });
      const signature = request.headers['stripe-signature'];
      await opts.payments.receiveWebhook(request.body, typeof signature === 'string' ? signature : undefined);
      return { received: true as const };
    },
  );
}
