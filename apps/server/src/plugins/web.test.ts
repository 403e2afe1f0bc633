import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';

/** A built web app as `apps/web/build/precompress.ts` leaves it: each text file with .br and .gz copies. */
function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'kolikko-dist-'));
  mkdirSync(join(dist, 'assets'));
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><body><div id="root"></div>${'<!-- shell -->'.repeat(100)}</body></html>`,
    'assets/app-abc123.js': `console.log(${JSON.stringify('x'.repeat(2000))});`,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dist, name), text);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
  }
  return dist;
}

const dist = fakeDist();
const { app } = await buildTestApp({ WEB_DIST: dist });

describe('the built web app', () => {
  it('sends the brotli copy of an asset to a browser that takes brotli, cached forever', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('console.log');
  });

  it('sends gzip to a browser without brotli, and the plain file to one that takes neither', async () => {
    const gz = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('console.log');
    const plain = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toContain('console.log');
  });

  it('sends index.html compressed and never cached, for the root and for any app path', async () => {
    for (const url of ['/', '/student/todos', '/teacher/groups/123/todos']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain('<div id="root">');
    }
  });

  it('answers an unknown API path with JSON, not the app', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errorCode: 'VALIDATION.INVALID_INPUT' });
  });
});
