import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZMember,
  ZMemberCoinsBatchRequest,
  ZMemberCoinsBatchResponse,
  ZMemberCoinsRequest,
  ZMemberCoinsResponse,
  ZMemberId,
  ZMemberPasswordRequest,
  ZMemberUsernameRequest,
  ZSmallGroupResponse,
} from '@kolikko/core/schemas/groups';
import { ZOkResponse } from '@kolikko/core/schemas/auth';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { clearSessionCookie, requireTeacher, requireUser } from '../../plugins/auth.ts';
import type { Actor, MembersService } from './members.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['members'];

export function actorOf(request: FastifyRequest): Actor {
  const session = requireUser(request);
  return session.kind === 'teacher' ? { kind: 'teacher', teacherId: session.teacherId } : { kind: 'member', memberId: session.memberId };
}

export async function membersRoutes(fastify: FastifyInstance, opts: { members: MembersService; secureCookies: boolean }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { members } = opts;

  app.get(
    '/member/:id',
    { schema: { tags, summary: 'A member (its teacher, or the member itself)', params: z.object({ id: ZMemberId }), response: { 200: ZMember, ...errors } } },
    async (request) => members.get(actorOf(request), request.params.id),
  );

  app.put(
    '/member/username',
    { schema: { tags, summary: "Rename a member (its teacher, or the member itself)", body: ZMemberUsernameRequest, response: { 200: ZMember, ...errors } } },
    async (request) => members.rename(actorOf(request), request.body.member_id, request.body.username),
  );

  app.put(
    '/member/password',
    { schema: { tags, summary: "The teacher sets a member's password (201)", body: ZMemberPasswordRequest, response: { 201: ZOkResponse, ...errors } } },
    async (request, reply) => {
      await members.setPassword(requireTeacher(request).teacherId, request.body.member_id, request.body.password);
      return reply.status(201).send({ ok: true, successCode: 'PASSWORD_CHANGED' });
    },
  );

  app.put(
    '/member/:id/smallGroup',
    { schema: { tags, summary: 'Toggle the member between the blue and orange small group', params: z.object({ id: ZMemberId }), response: { 200: ZSmallGroupResponse, ...errors } } },
    async (request) => ({ color: await members.toggleSmallGroup(requireTeacher(request).teacherId, request.params.id) }),
  );

  app.delete(
    '/member/:id',
    {
      schema: {
        tags,
        summary: "Delete a member (its teacher: coins go back to the teacher's purse; or the member itself)",
        params: z.object({ id: ZMemberId }),
        response: { 200: z.object({ ok: z.literal(true), teacher_coins: z.number().int().optional() }), ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const result = await members.remove(actor, request.params.id);
      if (actor.kind === 'member') {
        clearSessionCookie(reply, { secure: opts.secureCookies });
        return { ok: true as const };
      }
      return { ok: true as const, teacher_coins: result.teacherCoins };
    },
  );

  app.put(
    '/member/coins',
    { schema: { tags, summary: 'Award (or take back) coins: -999..999', body: ZMemberCoinsRequest, response: { 200: ZMemberCoinsResponse, ...errors } } },
    async (request) => members.award(requireTeacher(request).teacherId, request.body.member_id, { coins: request.body.coins, reasonId: request.body.reason_id }),
  );

  app.put(
    '/member/coins/batch',
    {
      schema: { tags, summary: 'Award the same coins to several members, all or nothing', body: ZMemberCoinsBatchRequest, response: { 200: ZMemberCoinsBatchResponse, ...errors } },
    },
    async (request) => members.awardMany(requireTeacher(request).teacherId, request.body.members, { coins: request.body.coins, reasonId: request.body.reason_id }),
  );
}
