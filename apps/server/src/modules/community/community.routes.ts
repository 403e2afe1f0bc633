import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '@kolikko/core/schemas/auth';
import { ZCommunityItem, ZCommunityPage, ZCommunityPurchaseRequest, ZCommunityQuery, ZPublishCommunityRequest, ZUpdateCommunityRequest } from '@kolikko/core/schemas/community';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZTodolist, ZTodolistId } from '@kolikko/core/schemas/todos';
import { requireTeacher } from '../../plugins/auth.ts';
import type { CommunityService } from './community.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 500: ZApiError };
const tags = ['community'];
/** Every community call names the todo list (the item of a published list). */
const byList = z.object({ id: ZTodolistId });

/** Spec section 7's community calls (issue 16). */
export async function communityRoutes(fastify: FastifyInstance, opts: { community: CommunityService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { community } = opts;

  app.post(
    '/community/todolist/:id',
    {
      schema: {
        tags,
        summary: 'A premium owner publishes its list to the community',
        params: byList,
        body: ZPublishCommunityRequest,
        response: { 201: ZCommunityItem, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await community.publish(requireTeacher(request).teacherId, request.params.id, request.body)),
  );

  app.get(
    '/community/todolist/:id',
    { schema: { tags, summary: "Ours: the premium owner's community item of its list", params: byList, response: { 200: ZCommunityItem, ...errors } } },
    async (request) => community.item(requireTeacher(request).teacherId, request.params.id),
  );

  app.put(
    '/community/todolist/:id',
    {
      schema: { tags, summary: 'A premium owner edits its community item', params: byList, body: ZUpdateCommunityRequest, response: { 200: ZCommunityItem, ...errors } },
    },
    async (request) => community.update(requireTeacher(request).teacherId, request.params.id, request.body),
  );

  app.delete(
    '/community/todolist/:id',
    { schema: { tags, summary: 'A premium owner stops publishing; buyers keep their copies', params: byList, response: { 200: ZOkResponse, ...errors } } },
    async (request) => {
      await community.stop(requireTeacher(request).teacherId, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/community/purchase/todolist/:id',
    {
      schema: {
        tags,
        summary: 'A teacher buys a published list: the price to the publisher through the ledger, a copy to its own lists',
        description:
          'The body names the price the buyer saw. When the list costs something else now, nothing is charged: 409 COMMUNITY.PRICE_CHANGED with `details.price`, the price now. ' +
          'A buyer who bought the list before gets its copy back for nothing, whatever the price.',
        params: byList,
        body: ZCommunityPurchaseRequest,
        response: { 201: z.object({ todolist: ZTodolist, teacher_coins: z.number().int(), charged: z.boolean() }), ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await community.buy(requireTeacher(request).teacherId, request.params.id, request.body.price)),
  );

  app.get(
    '/public/community',
    {
      schema: {
        tags,
        summary: 'Browse the community: search, filters, newest first, paged; no sign-in needed',
        querystring: ZCommunityQuery,
        response: { 200: ZCommunityPage, ...errors },
      },
    },
    async (request) => {
      const viewer = request.session?.kind === 'teacher' ? request.session.teacherId : null;
      return community.browse(viewer, request.query);
    },
  );
}
