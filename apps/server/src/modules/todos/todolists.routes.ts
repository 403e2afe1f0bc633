import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '@kolikko/core/schemas/auth';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZGroup, ZGroupId, ZUserId } from '@kolikko/core/schemas/groups';
import {
  ZCopyTodolistRequest,
  ZCreateTodolistRequest,
  ZShareColor,
  ZTodolist,
  ZTodolistId,
  ZUpdateTodolistRequest,
} from '@kolikko/core/schemas/todos';
import { requireTeacher } from '../../plugins/auth.ts';
import { assertSelf } from '../groups/groups.service.ts';
import type { TodolistsService } from './todolists.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 500: ZApiError };
const tags = ['todolists'];
const byId = z.object({ id: ZTodolistId });

export async function todolistsRoutes(fastify: FastifyInstance, opts: { todolists: TodolistsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { todolists } = opts;

  app.post(
    '/todolists',
    { schema: { tags, summary: 'Create a todo list', body: ZCreateTodolistRequest, response: { 201: ZTodolist, ...errors } } },
    async (request, reply) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.body.id);
      return reply.status(201).send(await todolists.create(teacherId, request.body.name, request.body.language));
    },
  );

  app.get(
    '/todolists/:userId',
    { schema: { tags, summary: "The teacher's own todo lists", params: z.object({ userId: ZUserId }), response: { 200: z.array(ZTodolist), ...errors } } },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.params.userId);
      return todolists.list(teacherId);
    },
  );

  app.get(
    '/todolist/:id',
    { schema: { tags, summary: 'A todo list the teacher owns or that is shared with it', params: byId, response: { 200: ZTodolist, ...errors } } },
    async (request) => todolists.get(requireTeacher(request).teacherId, request.params.id),
  );

  app.put(
    '/todolist/:id',
    {
      schema: {
        tags,
        summary: 'Rename a list or set its category, target or language (owner only)',
        params: byId,
        body: ZUpdateTodolistRequest,
        response: { 200: ZTodolist, ...errors },
      },
    },
    async (request) => todolists.update(requireTeacher(request).teacherId, request.params.id, request.body),
  );

  app.delete(
    '/todolists/:id',
    { schema: { tags, summary: 'Delete a list and its todos (owner only)', params: byId, response: { 200: ZOkResponse, ...errors } } },
    async (request) => {
      await todolists.remove(requireTeacher(request).teacherId, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/todolist/:id/copy',
    {
      schema: {
        tags,
        summary: 'Copy a list the teacher can read into a new list of its own',
        params: byId,
        body: ZCopyTodolistRequest,
        response: { 201: ZTodolist, ...errors },
      },
    },
    async (request, reply) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.body.userId);
      return reply.status(201).send(await todolists.copy(teacherId, request.params.id, request.body.name));
    },
  );

  app.put(
    '/group/:id/todolist/:color/:todolistId',
    {
      schema: {
        tags: ['groups', ...tags],
        summary: "Show a list to the group's blue or orange small group, or (reset) to neither",
        params: z.object({ id: ZGroupId, color: ZShareColor, todolistId: ZTodolistId }),
        response: { 200: ZGroup, ...errors },
      },
    },
    async (request) => {
      const { id, color, todolistId } = request.params;
      return todolists.shareToGroup(requireTeacher(request).teacherId, id, color, todolistId);
    },
  );
}
