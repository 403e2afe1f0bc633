import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@kolikko/core/errors';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZMemberId, ZUserId } from '@kolikko/core/schemas/groups';
import type { Db } from '../../db/client.ts';
import { requireMember, requireTeacher } from '../../plugins/auth.ts';
import { assertSelf } from '../groups/groups.service.ts';
import { writeExportFile, type ExportFile, type ExportOwner } from './export.service.ts';

const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 429: ZApiError };
const tags = ['data export'];
const description =
  'One ZIP file: manifest.json, README.txt, a JSON file per kind of data and images/ (docs/architecture.md, "Data export"). ' +
  'The file is made first, then sent with its Content-Length. One export at a time per user (429 SERVER.TRY_AGAIN).';

/** Exports being made on this node at once, at most: each reads a whole class in one transaction. */
const MAX_EXPORTS_AT_ONCE = 2;

/**
 * Sends the export written at `path` as the download, with its length; the file is unlinked as
 * soon as it is open, so nothing is left behind however the download ends.
 */
export async function sendExportFile(reply: FastifyReply, file: ExportFile, path: string): Promise<FastifyReply> {
  const handle = await open(path, 'r');
  await rm(path, { force: true });
  return reply
    .header('content-type', 'application/zip')
    .header('content-length', file.bytes)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(handle.createReadStream());
}

/**
 * The data export's download (issue 18): a teacher's own, a student's own; nobody else's.
 * The ZIP is written to a temporary file, which is unlinked as soon as it is open, so nothing is
 * left behind however the download ends; the database is not held while a slow client reads.
 */
export async function exportRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const running = new Set<string>();

  async function sendExport(reply: FastifyReply, owner: ExportOwner, userKey: string) {
    if (running.has(userKey) || running.size >= MAX_EXPORTS_AT_ONCE) throw new AppError('SERVER.TRY_AGAIN', { message: 'An export is being made; try again in a moment' });
    running.add(userKey);
    const path = join(tmpdir(), `kolikko-export-${randomUUID()}.zip`);
    const started = performance.now();
    try {
      const file = await writeExportFile(opts.db, owner, path);
      reply.log.info({ kind: owner.kind, bytes: file.bytes, ms: Math.round(performance.now() - started) }, 'data export made');
      return await sendExportFile(reply, file, path);
    } finally {
      running.delete(userKey);
      await rm(path, { force: true });
    }
  }

  app.get(
    '/admin/:id/export',
    { schema: { tags, summary: "Download everything Kolikko holds about the teacher and its classes (the teacher itself)", description, params: z.object({ id: ZUserId }), response: errors } },
    async (request, reply) => {
      const { teacherId } = requireTeacher(request);
      assertSelf(teacherId, request.params.id);
      return sendExport(reply, { kind: 'teacher', teacherId }, `teacher:${teacherId}`);
    },
  );

  app.get(
    '/member/:id/export',
    { schema: { tags, summary: 'Download everything Kolikko holds about the student (the student itself)', description, params: z.object({ id: ZMemberId }), response: errors } },
    async (request, reply) => {
      const { memberId } = requireMember(request);
      assertSelf(memberId, request.params.id);
      return sendExport(reply, { kind: 'member', memberId }, `member:${memberId}`);
    },
  );
}
