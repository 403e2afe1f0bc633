import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '@kolikko/core/schemas/auth';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZGroup, ZGroupId, ZUserId } from '@kolikko/core/schemas/groups';
import {
  ZCopyRewardlistRequest,
  ZCreateRewardRequest,
  ZCreateRewardlistRequest,
  ZPublishedRewardlistParam,
  ZReward,
  ZRewardId,
  ZRewardList,
  ZRewardlistId,
  ZRewardlistItemRequest,
  ZUpdateRewardRequest,
} from '@kolikko/core/schemas/rewards';
import { requireTeacher, requireUser } from '../../plugins/auth.ts';
import { assertSelf } from '../groups/groups.service.ts';
import type { RewardsActor, RewardsService } from './rewards.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 500: ZApiError };
const tags = ['rewards'];

function readerOf(request: FastifyRequest): RewardsActor {
  const session = requireUser(request);
  return session.kind === 'teacher'
    ? { kind: 'teacher', teacherId: session.teacherId }
    : { kind: 'member', memberId: session.memberId, groupId: session.groupId };
}

export async function rewardsRoutes(fastify: FastifyInstance, opts: { rewards: RewardsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { rewards } = opts;

  app.get(
    '/rewards/:groupOrUserId',
    {
      schema: {
        tags,
        summary: "The teacher's own id: all its rewards. A group id: the published list's rewards (its teacher, or its students with active_until)",
        params: z.object({ groupOrUserId: z.uuid({ error: 'USER.INVALID_USER_ID' }) }),
        response: { 200: z.array(ZReward), ...errors },
      },
    },
    async (request) => rewards.listFor(readerOf(request), request.params.groupOrUserId),
  );

  app.get(
    '/rewards/shared/:groupId',
    {
      schema: {
        tags,
        summary: "The rewards of the list published to a group (its teacher, or its students with active_until)",
        params: z.object({ groupId: ZGroupId }),
        response: { 200: z.array(ZReward), ...errors },
      },
    },
    async (request) => rewards.publishedRewards(readerOf(request), request.params.groupId),
  );

  app.post(
    '/reward',
    { schema: { tags, summary: 'Create a reward', body: ZCreateRewardRequest, response: { 201: ZReward, ...errors } } },
    async (request, reply) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.body.id);
      return reply.status(201).send(await rewards.create(teacherId, request.body.reward));
    },
  );

  app.put(
    '/reward/:id',
    { schema: { tags, summary: 'Change a reward (the fields sent)', params: z.object({ id: ZRewardId }), body: ZUpdateRewardRequest, response: { 200: ZReward, ...errors } } },
    async (request) => rewards.update(requireTeacher(request).teacherId, request.params.id, request.body.reward),
  );

  app.delete(
    '/reward/:id',
    { schema: { tags, summary: 'Delete a reward (out of every list; history keeps its purchases)', params: z.object({ id: ZRewardId }), response: { 200: ZOkResponse, ...errors } } },
    async (request) => {
      await rewards.remove(requireTeacher(request).teacherId, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/rewardlists/:userId',
    { schema: { tags, summary: "The teacher's own reward lists with their rewards", params: z.object({ userId: ZUserId }), response: { 200: z.array(ZRewardList), ...errors } } },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.params.userId);
      return rewards.lists(teacherId);
    },
  );

  app.post(
    '/rewardlist',
    { schema: { tags, summary: 'Create a reward list', body: ZCreateRewardlistRequest, response: { 201: ZRewardList, ...errors } } },
    async (request, reply) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.body.id);
      return reply.status(201).send(await rewards.createList(teacherId, request.body.name));
    },
  );

  app.delete(
    '/rewardlist/:id',
    { schema: { tags, summary: 'Delete a reward list (not its rewards)', params: z.object({ id: ZRewardlistId }), response: { 200: ZOkResponse, ...errors } } },
    async (request) => {
      await rewards.removeList(requireTeacher(request).teacherId, request.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/rewardlist',
    { schema: { tags, summary: 'Add a reward to a list; answers the list', body: ZRewardlistItemRequest, response: { 200: ZRewardList, ...errors } } },
    async (request) => rewards.addToList(requireTeacher(request).teacherId, request.body.rewardlist_id, request.body.reward_id),
  );

  app.delete(
    '/rewardlist',
    { schema: { tags, summary: 'Take a reward off a list (JSON body); answers the list', body: ZRewardlistItemRequest, response: { 200: ZRewardList, ...errors } } },
    async (request) => rewards.removeFromList(requireTeacher(request).teacherId, request.body.rewardlist_id, request.body.reward_id),
  );

  app.post(
    '/rewardlist/:id/copy',
    {
      schema: {
        tags,
        summary: 'Copy a reward list the teacher owns or was shared into a new list of its own',
        params: z.object({ id: ZRewardlistId }),
        body: ZCopyRewardlistRequest,
        response: { 201: ZRewardList, ...errors },
      },
    },
    async (request, reply) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.body.userId);
      return reply.status(201).send(await rewards.copyList(teacherId, request.params.id, request.body.name));
    },
  );

  app.put(
    '/group/:id/rewardlist/:rewardlistId',
    {
      schema: {
        tags: ['groups', ...tags],
        summary: "Publish one of the teacher's lists to its group (replacing the one before), or (reset) none",
        params: z.object({ id: ZGroupId, rewardlistId: ZPublishedRewardlistParam }),
        response: { 200: ZGroup, ...errors },
      },
    },
    async (request) => rewards.publish(requireTeacher(request).teacherId, request.params.id, request.params.rewardlistId),
  );
}
