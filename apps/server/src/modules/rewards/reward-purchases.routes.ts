import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZMemberId } from '@kolikko/core/schemas/groups';
import { ZBuyRewardRequest, ZBuyRewardResponse, ZRewardId } from '@kolikko/core/schemas/rewards';
import { requireMember } from '../../plugins/auth.ts';
import { assertSelf } from '../groups/groups.service.ts';
import type { RewardPurchasesService } from './reward-purchases.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

export async function rewardPurchasesRoutes(fastify: FastifyInstance, opts: { purchases: RewardPurchasesService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { purchases } = opts;

  app.post(
    '/member/:id/reward/:rewardId',
    {
      schema: {
        tags: ['rewards', 'members'],
        summary: 'The student buys a reward of its group\'s published list at the price it was shown; active for 1 hour (201)',
        params: z.object({ id: ZMemberId, rewardId: ZRewardId }),
        body: ZBuyRewardRequest,
        response: { 201: ZBuyRewardResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { memberId } = requireMember(request);
      assertSelf(memberId, request.params.id);
      return reply.status(201).send(await purchases.buy(memberId, request.params.rewardId, request.body.price));
    },
  );
}
