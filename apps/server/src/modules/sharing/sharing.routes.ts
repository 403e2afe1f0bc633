import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '@kolikko/core/schemas/auth';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZUserId } from '@kolikko/core/schemas/groups';
import { ZRewardList, ZRewardlistId } from '@kolikko/core/schemas/rewards';
import {
  ZBlockTeacherRequest,
  ZBlockedTeachers,
  ZShareRewardListRequest,
  ZShareTodolistRequest,
  ZShareUsername,
  ZSharedRewardLists,
  ZSharedTodolists,
  ZUpdateTodolistShareRequest,
} from '@kolikko/core/schemas/sharing';
import { ZTodolist, ZTodolistId } from '@kolikko/core/schemas/todos';
import { requireTeacher } from '../../plugins/auth.ts';
import { assertSelf } from '../groups/groups.service.ts';
import type { SharingService } from './sharing.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 500: ZApiError };
const tags = ['sharing'];
const todolistShare = z.object({ id: ZTodolistId, username: ZShareUsername });
const rewardListShare = z.object({ id: ZRewardlistId, username: ZShareUsername });

/** The share calls of spec section 7: todo lists and reward lists between teachers. */
export async function sharingRoutes(fastify: FastifyInstance, opts: { sharing: SharingService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { sharing } = opts;

  app.post(
    '/todolist/:id/shares',
    {
      schema: {
        tags,
        summary: 'The owner shares a list with another teacher (username or e-mail), read (default) or edit',
        params: z.object({ id: ZTodolistId }),
        body: ZShareTodolistRequest,
        response: { 201: ZTodolist, ...errors },
      },
    },
    async (request, reply) => {
      const { recipient, permissions } = request.body;
      return reply.status(201).send(await sharing.shareTodolist(requireTeacher(request).teacherId, request.params.id, recipient, permissions));
    },
  );

  app.put(
    '/todolist/:id/shares/:username',
    {
      schema: {
        tags,
        summary: "The owner changes a recipient's permission",
        params: todolistShare,
        body: ZUpdateTodolistShareRequest,
        response: { 200: ZTodolist, ...errors },
      },
    },
    async (request) => {
      const { id, username } = request.params;
      return sharing.setTodolistPermission(requireTeacher(request).teacherId, id, username, request.body.permissions);
    },
  );

  app.delete(
    '/todolist/:id/shares/:username',
    {
      schema: {
        tags,
        summary: 'The owner stops sharing with a teacher, or a recipient (its own username) removes the list from its view',
        params: todolistShare,
        response: { 200: ZOkResponse, ...errors },
      },
    },
    async (request) => {
      await sharing.unshareTodolist(requireTeacher(request).teacherId, request.params.id, request.params.username);
      return { ok: true as const };
    },
  );

  app.get(
    '/shared-todolists/:userId',
    {
      schema: {
        tags,
        summary: 'The lists other teachers shared with me, with permissions and shared_by_username',
        params: z.object({ userId: ZUserId }),
        response: { 200: ZSharedTodolists, ...errors },
      },
    },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.params.userId);
      return sharing.sharedTodolists(teacherId);
    },
  );

  app.post(
    '/rewardlist/:id/shares',
    {
      schema: {
        tags,
        summary: 'The owner shares a reward list with another teacher, to view and copy',
        params: z.object({ id: ZRewardlistId }),
        body: ZShareRewardListRequest,
        response: { 201: ZRewardList, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await sharing.shareRewardList(requireTeacher(request).teacherId, request.params.id, request.body.recipient)),
  );

  app.delete(
    '/rewardlist/:id/shares/:username',
    {
      schema: {
        tags,
        summary: 'The owner stops sharing a reward list, or a recipient (its own username) removes it from its view',
        params: rewardListShare,
        response: { 200: ZOkResponse, ...errors },
      },
    },
    async (request) => {
      await sharing.unshareRewardList(requireTeacher(request).teacherId, request.params.id, request.params.username);
      return { ok: true as const };
    },
  );

  app.get(
    '/shared-rewardlists/:userId',
    {
      schema: {
        tags,
        summary: 'The reward lists other teachers shared with me',
        params: z.object({ userId: ZUserId }),
        response: { 200: ZSharedRewardLists, ...errors },
      },
    },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.params.userId);
      return sharing.sharedRewardLists(teacherId);
    },
  );

  // Ours: blocking a sender (spec section 6), seen and lifted in the teacher's profile.
  const ownBlocks = z.object({ userId: ZUserId });
  app.get(
    '/blocked-teachers/:userId',
    { schema: { tags, summary: 'The teachers I blocked from sharing with me', params: ownBlocks, response: { 200: ZBlockedTeachers, ...errors } } },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.params.userId);
      return sharing.blocks(teacherId);
    },
  );

  app.post(
    '/blocked-teachers/:userId',
    {
      schema: {
        tags,
        summary: 'Block a teacher from sharing with me; what it shares with me ends',
        params: ownBlocks,
        body: ZBlockTeacherRequest,
        response: { 201: ZBlockedTeachers, ...errors },
      },
    },
    async (request, reply) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.params.userId);
      return reply.status(201).send(await sharing.block(teacherId, request.body.username));
    },
  );

  app.delete(
    '/blocked-teachers/:userId/:username',
    {
      schema: {
        tags,
        summary: 'Lift a block',
        params: z.object({ userId: ZUserId, username: ZShareUsername }),
        response: { 200: ZBlockedTeachers, ...errors },
      },
    },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.params.userId);
      return sharing.unblock(teacherId, request.params.username);
    },
  );
}
