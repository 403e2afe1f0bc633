import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@kolikko/core/schemas/errors';
import {
  ZApproveAllRequest,
  ZApproveAllResponse,
  ZClassGrid,
  ZClassGridQuery,
  ZImagePath,
  ZMemberTodo,
  ZMemberTodoId,
  ZMemberTodoUpdateResponse,
  ZMemberTodosQuery,
  ZSendBackRequest,
  ZTodoId,
  ZUpdateMemberTodoRequest,
} from '@kolikko/core/schemas/todos';
import { requireMember, requireTeacher, requireUser } from '../../plugins/auth.ts';
import type { MemberTodosService, TodoActor } from './member-todos.service.ts';
import { readUpload, sendImage } from './upload.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 413: ZApiError };
const tags = ['member todos'];

function actorOf(request: FastifyRequest): TodoActor {
  const session = requireUser(request);
  return session.kind === 'teacher' ? { kind: 'teacher', teacherId: session.teacherId } : { kind: 'member', memberId: session.memberId };
}

export async function memberTodosRoutes(fastify: FastifyInstance, opts: { memberTodos: MemberTodosService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { memberTodos } = opts;

  app.get(
    '/membertodos',
    {
      schema: {
        tags,
        summary: "Member todos of the list a small group is shown: the student's own, or (teacher) one member's or a small group's",
        querystring: ZMemberTodosQuery,
        response: { 200: z.array(ZMemberTodo), ...errors },
      },
    },
    async (request) => memberTodos.list(actorOf(request), request.query),
  );

  app.put(
    '/membertodo',
    {
      schema: {
        tags,
        summary: 'Answer or toggle (student), approve or revert (teacher) a member todo',
        body: ZUpdateMemberTodoRequest,
        response: { 200: ZMemberTodoUpdateResponse, ...errors },
      },
    },
    async (request) => memberTodos.update(actorOf(request), request.body.mtodo_id, request.body.updates),
  );

  app.put(
    '/membertodo/:mTodoId/sendback',
    {
      schema: {
        tags,
        summary: 'Ours: the teacher sends a free answer awaiting approval back to the student, with a short comment (the student answers again)',
        params: z.object({ mTodoId: ZMemberTodoId }),
        body: ZSendBackRequest,
        response: { 200: ZMemberTodoUpdateResponse, ...errors },
      },
    },
    async (request) => memberTodos.sendBack(requireTeacher(request).teacherId, request.params.mTodoId, request.body.comment),
  );

  app.get(
    '/membertodos/grid',
    {
      schema: {
        tags,
        summary: "Ours: the class view: a small group's students by the todos of its list, each cell a status",
        querystring: ZClassGridQuery,
        response: { 200: ZClassGrid, ...errors },
      },
    },
    async (request) => memberTodos.classGrid(requireTeacher(request).teacherId, request.query),
  );

  app.put(
    '/membertodos/approve',
    {
      schema: {
        tags,
        summary: "Ours: approve every answer of one todo awaiting the teacher, for a small group's students, in one transaction",
        body: ZApproveAllRequest,
        response: { 200: ZApproveAllResponse, ...errors },
      },
    },
    async (request) => memberTodos.approveAll(requireTeacher(request).teacherId, request.body),
  );

  app.put(
    '/membertodo/:todoId/:mTodoId/image',
    {
      schema: {
        tags,
        summary: "The student's answer image (multipart, one file, at most 5 MB), where the todo allows one",
        params: z.object({ todoId: ZTodoId, mTodoId: ZMemberTodoId }),
        response: { 200: ZMemberTodoUpdateResponse, ...errors },
      },
    },
    async (request) => {
      const { memberId } = requireMember(request);
      return memberTodos.setImage(memberId, request.params.todoId, request.params.mTodoId, await readUpload(request));
    },
  );

  app.delete(
    '/membertodo/:mTodoId/image',
    {
      schema: { tags, summary: 'Remove the answer image (the student, or its teacher)', params: z.object({ mTodoId: ZMemberTodoId }), response: { 200: ZMemberTodoUpdateResponse, ...errors } },
    },
    async (request) => memberTodos.removeImage(actorOf(request), request.params.mTodoId),
  );

  app.get(
    '/membertodo/:mTodoId/:path/image',
    {
      schema: { tags, summary: 'The answer image (the student itself or its teacher)', params: z.object({ mTodoId: ZMemberTodoId, path: ZImagePath }), response: { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError } },
    },
    async (request, reply) => sendImage(reply, await memberTodos.image(actorOf(request), request.params.mTodoId, request.params.path), 'private'),
  );
}
