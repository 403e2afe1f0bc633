import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@kolikko/core/errors';
import { ZTeacherUser } from '@kolikko/core/schemas/auth';
import { ZActionImage, ZCharacterFileQuery, ZCharacterImage, ZCharacterPath, ZCharacterRequest, ZSkinToneRequest } from '@kolikko/core/schemas/characters';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZMember, ZMemberId, ZUserId } from '@kolikko/core/schemas/groups';
import { requireMember, requireTeacher } from '../../plugins/auth.ts';
import { assertSelf } from '../groups/groups.service.ts';
import { actorOf } from '../members/members.routes.ts';
import type { AvatarsService } from './avatars.service.ts';
import type { CharacterFile } from './catalog.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['avatars'];


/**
 * The character art is public (no session needed, like any picture on a page) and changes only
 * with a release: cached for 30 days, then revalidated by its ETag.
 */
const CHARACTER_CACHE_CONTROL = 'public, max-age=2592000';

/** The SVG, or 304 when the browser's copy is current. `sandbox` keeps it from running anything if opened directly. */
function sendCharacterFile(reply: FastifyReply, file: CharacterFile, ifNoneMatch: string | undefined) {
  reply.header('cache-control', CHARACTER_CACHE_CONTROL).header('etag', file.etag);
  if (ifNoneMatch === file.etag) return reply.status(304).send();
  return reply.type(file.mime).header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox").send(file.bytes);
}

export async function avatarsRoutes(fastify: FastifyInstance, opts: { avatars: AvatarsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { avatars } = opts;
  const { catalog } = avatars;

  app.get('/images/faces', { schema: { tags, summary: 'The faces, with their price for a student', response: { 200: z.array(ZCharacterImage) } } }, async () => catalog.faces);
  app.get('/images/hairs', { schema: { tags, summary: 'The hairs, with their price for a student', response: { 200: z.array(ZCharacterImage) } } }, async () => catalog.hairs);
  app.get('/images/actions', { schema: { tags, summary: 'The pictures of history entries', response: { 200: z.array(ZActionImage) } } }, async () => catalog.actions);

  app.get(
    '/images/:path',
    {
      schema: {
        tags,
        summary: 'One face, hair or action picture (SVG); only the files of the manifest. A face in the skin tone asked for (the default one without it)',
        params: z.object({ path: ZCharacterPath }),
        querystring: ZCharacterFileQuery,
        response: { 400: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const file = catalog.file(request.params.path, request.query.tone);
      if (!file) throw new AppError('IMAGE.IMAGE_NOT_FOUND');
      return sendCharacterFile(reply, file, request.headers['if-none-match']);
    },
  );

  app.post(
    '/member/:id/character/unlock',
    {
      schema: {
        tags,
        summary: 'The student unlocks a face (3 coins) or hair (1 coin), once; answers the student',
        params: z.object({ id: ZMemberId }),
        body: ZCharacterRequest,
        response: { 200: ZMember, ...errors },
      },
    },
    async (request) => {
      const { memberId } = requireMember(request);
      assertSelf(memberId, request.params.id);
      return avatars.unlock(memberId, request.body);
    },
  );

  app.put(
    '/member/:id/character',
    {
      schema: {
        tags,
        summary: "Put on a face or hair the student owns (the student, or its teacher); answers the student",
        params: z.object({ id: ZMemberId }),
        body: ZCharacterRequest,
        response: { 200: ZMember, ...errors },
      },
    },
    async (request) => avatars.setMemberCharacter(actorOf(request), request.params.id, request.body),
  );

  app.put(
    '/member/:id/skin-tone',
    {
      schema: {
        tags,
        summary: "The student's skin tone, free (the student, or its teacher); every face draws its skin in it; answers the student",
        params: z.object({ id: ZMemberId }),
        body: ZSkinToneRequest,
        response: { 200: ZMember, ...errors },
      },
    },
    async (request) => avatars.setMemberSkinTone(actorOf(request), request.params.id, request.body.skin_tone),
  );

  app.put(
    '/admin/:id/skin-tone',
    {
      schema: { tags, summary: "The teacher's own skin tone (free)", params: z.object({ id: ZUserId }), body: ZSkinToneRequest, response: { 200: ZTeacherUser, ...errors } },
    },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.params.id);
      return avatars.setTeacherSkinTone(teacherId, request.body.skin_tone);
    },
  );

  app.put(
    '/admin/:id/character',
    {
      schema: { tags, summary: "The teacher's own face or hair (all parts are free for teachers)", params: z.object({ id: ZUserId }), body: ZCharacterRequest, response: { 200: ZTeacherUser, ...errors } },
    },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.params.id);
      return avatars.setTeacherCharacter(teacherId, request.body);
    },
  );
}
