import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file, for app.inject(). */
export function multipartFile(bytes: Buffer, filename = 'image.png', contentType = 'image/png', field = 'file') {
  const boundary = `----kolikko${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
