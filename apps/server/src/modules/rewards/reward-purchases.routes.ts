import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZGroupId, ZMemberId } from '@kolikko/core/schemas/groups';
import {
  ZBuyRewardRequest,
  ZBuyRewardResponse,
  ZGroupRewardPurchase,
  ZRewardId,
  ZRewardPurchaseId,
  ZRewardPurchasesQuery,
  ZSettleRewardPurchaseRequest,
  ZSettleRewardPurchaseResponse,
} from '@kolikko/core/schemas/rewards';
import { requireMember, requireTeacher } from '../../plugins/auth.ts';
import { assertSelf } from '../groups/groups.service.ts';
import type { RewardPurchasesService } from './reward-purchases.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const settleErrors = { ...errors, 409: ZApiError };

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

  app.get(
    '/group/:id/reward-purchases',
    {
      schema: {
        tags: ['rewards', 'groups'],
        summary: "The group's hand-out queue: its students' reward purchases in one state, newest first (the group's teacher)",
        description: '`state`: pending (the default), given, returned or all. At most 500.',
        params: z.object({ id: ZGroupId }),
        querystring: ZRewardPurchasesQuery,
        response: { 200: z.array(ZGroupRewardPurchase), ...errors },
      },
    },
    async (request) => purchases.listForGroup(requireTeacher(request).teacherId, request.params.id, request.query),
  );

  app.put(
    '/reward-purchase/:id',
    {
      schema: {
        tags: ['rewards'],
        summary: 'The group\'s teacher marks a pending purchase given, or gives it back (its price returns to the student, once)',
        description:
          "Only a pending purchase: a second settlement, or the loser of a race, is 409 REWARD.ALREADY_SETTLED. Another teacher's purchase is 404 REWARD.REWARD_NOT_FOUND. The student and the group's teachers hear `reward-purchase-settled`.",
        params: z.object({ id: ZRewardPurchaseId }),
        body: ZSettleRewardPurchaseRequest,
        response: { 200: ZSettleRewardPurchaseResponse, ...settleErrors },
      },
    },
    async (request) => purchases.settle(requireTeacher(request).teacherId, request.params.id, request.body),
  );
}
