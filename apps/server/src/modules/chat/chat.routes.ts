import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZChatConversation,
  ZChatDeleteParams,
  ZChatMessage,
  ZChatPage,
  ZChatQuery,
  ZChatSeenResponse,
  ZChatUnreadQuery,
  ZMemberUnread,
  ZSendChatRequest,
  ZTeacherUnread,
} from '@kolikko/core/schemas/chat';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { requireMember, requireTeacher, requireUser } from '../../plugins/auth.ts';
import { assertSelf } from '../groups/groups.service.ts';
import type { ChatActor, ChatService } from './chat.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 429: ZApiError };
const tags = ['chat'];

function chatActorOf(request: FastifyRequest): ChatActor {
  const session = requireUser(request);
  return session.kind === 'teacher'
    ? { kind: 'teacher', teacherId: session.teacherId }
    : { kind: 'member', memberId: session.memberId, groupId: session.groupId };
}

export async function chatRoutes(fastify: FastifyInstance, opts: { chat: ChatService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { chat } = opts;

  app.post(
    '/chat',
    {
      schema: {
        tags,
        summary: "Send a message to the group's chat (group_id) or a private chat (member_id); 20 per 10 s per user",
        body: ZSendChatRequest,
        response: { 201: ZChatMessage, ...errors },
      },
    },
    async (request, reply) => {
      const { message, ...target } = request.body;
      return reply.status(201).send(await chat.send(chatActorOf(request), target, message));
    },
  );

  app.get(
    '/chat',
    { schema: { tags, summary: 'A page of a conversation, newest last', querystring: ZChatQuery, response: { 200: ZChatPage, ...errors } } },
    async (request) => chat.list(chatActorOf(request), request.query),
  );

  app.post(
    '/chat/seen',
    {
      schema: { tags, summary: 'The caller opened a conversation: mark what the other side wrote as seen', body: ZChatConversation, response: { 200: ZChatSeenResponse, ...errors } },
    },
    async (request) => ({ ok: true as const, marked: await chat.markSeen(chatActorOf(request), request.body) }),
  );

  app.get(
    '/chat/unread/teacher',
    { schema: { tags, summary: "The teacher's unread messages per conversation", querystring: ZChatUnreadQuery, response: { 200: ZTeacherUnread, ...errors } } },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.query.userId);
      return chat.teacherUnread(teacherId);
    },
  );

  app.get(
    '/chat/unread/member',
    { schema: { tags, summary: "The member's unread messages", querystring: ZChatUnreadQuery, response: { 200: ZMemberUnread, ...errors } } },
    async (request) => {
      const { memberId, groupId } = requireMember(request);
      assertSelf(memberId, request.query.userId);
      return chat.memberUnread(memberId, groupId);
    },
  );

  app.delete(
    '/chat/:chatId',
    { schema: { tags, summary: 'Delete a message (a teacher: in its own groups; a member: its own messages)', params: ZChatDeleteParams, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
    async (request) => {
      await chat.remove(chatActorOf(request), request.params.chatId);
      return { ok: true as const };
    },
  );
}
