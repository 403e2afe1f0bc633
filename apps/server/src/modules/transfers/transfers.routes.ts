import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZClassmate, ZTransferRequest, ZTransferResponse } from '@kolikko/core/schemas/coins';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZMemberId } from '@kolikko/core/schemas/groups';
import { requireMember } from '../../plugins/auth.ts';
import { assertSelf } from '../groups/groups.service.ts';
import { actorOf } from '../members/members.routes.ts';
import type { TransfersService } from './transfers.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['members'];


export async function transfersRoutes(fastify: FastifyInstance, opts: { transfers: TransfersService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { transfers } = opts;

  app.post(
    '/member/:id/transfer',
    {
      schema: {
        tags,
        summary: 'The student sends coins to a classmate (where the group allows trading)',
        params: z.object({ id: ZMemberId }),
        body: ZTransferRequest,
        response: { 200: ZTransferResponse, ...errors },
      },
    },
    async (request) => {
      const { memberId } = requireMember(request);
      assertSelf(memberId, request.params.id);
      return transfers.transfer(memberId, request.body.recipient, request.body.amount);
    },
  );

  app.get(
    '/member/:id/classmates',
    {
      schema: {
        tags,
        summary: "The other students of the member's group (the member itself or its teacher): the transfer's recipients",
        params: z.object({ id: ZMemberId }),
        response: { 200: z.array(ZClassmate), ...errors },
      },
    },
    async (request) => transfers.classmates(actorOf(request), request.params.id),
  );
}
