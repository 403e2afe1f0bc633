import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMemberHistory, ZPurchaseHistoryItem, ZPurchaseHistoryQuery } from '@kolikko/core/schemas/coins';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZMemberId, ZUserId } from '@kolikko/core/schemas/groups';
import { requireTeacher } from '../../plugins/auth.ts';
import { assertSelf } from '../groups/groups.service.ts';
import { actorOf } from '../members/members.routes.ts';
import type { HistoryService } from './history.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['history'];

export async function historyRoutes(fastify: FastifyInstance, opts: { history: HistoryService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { history } = opts;

  app.get(
    '/member/:id/history',
    {
      schema: {
        tags,
        summary: "A student's characters, rewards, coins sent and received, newest first (the student itself or its teacher)",
        params: z.object({ id: ZMemberId }),
        response: { 200: ZMemberHistory, ...errors },
      },
    },
    async (request) => history.memberHistory(actorOf(request), request.params.id),
  );

  app.get(
    '/purchase/history/:userId',
    {
      schema: {
        tags,
        summary: "The teacher's own coin movements, newest first; with awards=grouped an award (or its undo) is one item with its students",
        params: z.object({ userId: ZUserId }),
        querystring: ZPurchaseHistoryQuery,
        response: { 200: z.array(ZPurchaseHistoryItem), ...errors },
      },
    },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.params.userId);
      return history.teacherHistory(teacherId, { groupAwards: request.query.awards === 'grouped' });
    },
  );
}
