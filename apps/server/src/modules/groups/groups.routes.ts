import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateGroupRequest,
  ZGroup,
  ZGroupId,
  ZGroupLimits,
  ZGroupSettingsRequest,
  ZMember,
  ZPurchaseGroupRequest,
  ZUserId,
} from '@kolikko/core/schemas/groups';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { requireTeacher } from '../../plugins/auth.ts';
import { pageLanguage } from '../../platform/page-language.ts';
import { assertSelf, type GroupsService } from './groups.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['groups'];

export async function groupsRoutes(fastify: FastifyInstance, opts: { groups: GroupsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { groups } = opts;

  app.get(
    '/groups/:userId',
    { schema: { tags, summary: "The teacher's groups", params: z.object({ userId: ZUserId }), response: { 200: z.array(ZGroup), ...errors } } },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.params.userId);
      return groups.list(teacherId);
    },
  );

  app.get(
    '/groups/:id/active',
    { schema: { tags, summary: "The teacher's active group, or null", params: z.object({ id: ZUserId }), response: { 200: ZGroup.nullable(), ...errors } } },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.params.id);
      return groups.active(teacherId);
    },
  );

  app.put(
    '/groups/:id/active/:groupId',
    {
      schema: { tags, summary: 'Make a group the active one', params: z.object({ id: ZUserId, groupId: ZGroupId }), response: { 200: ZGroup, ...errors } },
    },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.params.id);
      return groups.setActive(teacherId, request.params.groupId);
    },
  );

  app.post(
    '/group',
    {
      schema: {
        tags,
        summary: 'Create a group; it becomes the active one',
        description: 'The group gets a join code and six default award reasons, named in the language of Accept-Language (English, Finnish or Swedish).',
        body: ZCreateGroupRequest,
        response: { 201: ZGroup, ...errors },
      },
    },
    async (request, reply) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.body.id);
      const language = pageLanguage(request.headers['accept-language']);
      return reply.status(201).send(await groups.create(teacherId, request.body.group_name, request.body.trading_allowed, language));
    },
  );

  app.put(
    '/group/:id/lock',
    { schema: { tags, summary: 'Lock or unlock a group to new students', params: z.object({ id: ZGroupId }), response: { 200: ZGroup, ...errors } } },
    async (request) => groups.toggleLock(requireTeacher(request).teacherId, request.params.id),
  );

  app.post(
    '/group/:id/join-code',
    {
      schema: {
        tags,
        summary: 'A new join code for the group',
        description: 'The old code stops working at once (joins and sign-ins by it are refused); the members stay.',
        params: z.object({ id: ZGroupId }),
        response: { 200: ZGroup, ...errors },
      },
    },
    async (request) => groups.renewJoinCode(requireTeacher(request).teacherId, request.params.id),
  );

  app.put(
    '/group/:id/settings',
    {
      schema: {
        tags,
        summary: 'Allow or forbid coin trading between the members, and badge sign-in',
        params: z.object({ id: ZGroupId }),
        body: ZGroupSettingsRequest,
        response: { 200: ZGroup, ...errors },
      },
    },
    async (request) => groups.updateSettings(requireTeacher(request).teacherId, request.params.id, request.body),
  );

  app.delete(
    '/group/:id',
    { schema: { tags, summary: 'Delete a group, its members and their data', params: z.object({ id: ZGroupId }), response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
    async (request) => {
      await groups.remove(requireTeacher(request).teacherId, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/group/:id/members',
    { schema: { tags, summary: "A group's members", params: z.object({ id: ZGroupId }), response: { 200: z.array(ZMember), ...errors } } },
    async (request) => groups.members(requireTeacher(request).teacherId, request.params.id),
  );

  app.get(
    '/:userId/limits/group',
    { schema: { tags, summary: 'How many groups the teacher has and may have', params: z.object({ userId: ZUserId }), response: { 200: ZGroupLimits, ...errors } } },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.params.userId);
      return groups.limits(teacherId);
    },
  );

  app.post(
    '/purchase/group',
    {
      schema: {
        tags,
        summary: 'Buy extra group slots with coins (100 coins each)',
        body: ZPurchaseGroupRequest,
        response: { 200: ZGroupLimits.extend({ coins: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.body.userId);
      return groups.purchaseSlots(teacherId, request.body.amount);
    },
  );
}
