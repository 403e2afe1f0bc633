import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@kolikko/core/errors';

/**
 * The one file of a multipart upload (any field name; the web sends `file`), read into memory
 * within the 5 MB limit set on @fastify/multipart in app.ts. What it is gets decided by
 * decoding it (platform/images.ts), never by its name or declared type. Other fields of the form
 * are never read.
 */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('MISC.UPLOAD_FAIL', { message: 'Send the image as multipart/form-data' });
  try {
    const file = await request.file();
    if (!file) throw new AppError('MISC.UPLOAD_FAIL', { message: 'No file in the upload' });
    const bytes = await file.toBuffer();
    // toBuffer() throws FST_REQ_FILE_TOO_LARGE only if a chunk reaches it after busboy marked the
    // file truncated. When the bytes that cross the limit arrive in a chunk of their own after all
    // before it were read (the limit falls on a network read's edge, as a browser's 64 KiB pieces
    // of a file make it do), busboy drops that chunk whole, the stream just ends, and toBuffer()
    // answers the first 5 MB as if they were the file (then "not an image": 400). The flag says it.
    if (file.file.truncated) throw new AppError('IMAGE.TOO_BIG_FILE');
    return bytes;
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('IMAGE.TOO_BIG_FILE');
    throw new AppError('MISC.UPLOAD_FAIL');
  }
}

/**
 * Sends an image. A stored image never changes under its random name, so it may be cached for
 * long; a predefined one keeps its name across releases, so it is cached for a day. `sandbox`
 * keeps even our own SVGs from running anything if opened directly.
 */
export function sendImage(reply: FastifyReply, image: { bytes: Buffer; mime: string }, caching: 'public' | 'private' | 'predefined') {
  const cacheControl = caching === 'predefined' ? 'public, max-age=86400' : `${caching}, max-age=31536000, immutable`;
  return reply
    .type(image.mime)
    .header('cache-control', cacheControl)
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .send(image.bytes);
}
