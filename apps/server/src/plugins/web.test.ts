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

describe("the built app's files on the wire", () => {
  it('carry only the headers a file needs: no policy of a document, no rate-limit counts, no dates, nothing to revalidate with', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const absent of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'last-modified', 'x-request-id', 'etag', 'accept-ranges']) {
      expect(res.headers[absent], absent).toBeUndefined();
    }
  });

  it('revalidates the app page by its ETag', async () => {
    const first = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.etag;
    expect(etag).toEqual(expect.any(String));
    const again = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('keeps the security headers on the app page and the API', async () => {
    for (const url of ['/', '/student/todos', '/api/nope']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toMatch(/script-src 'self'/);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-request-id'], url).toBeDefined();
    }
  });

  it('does not count the files against the per-address limit, and still counts the rest', async () => {
    const { app: limited } = await buildTestApp({ WEB_DIST: dist, RATE_LIMIT_PER_MINUTE: '5' });
    try {
      for (let i = 0; i < 12; i++) {
        const res = await limited.inject({ method: 'GET', url: '/assets/app-abc123.js' });
        expect(res.statusCode, `file request ${i + 1}`).toBe(200);
      }
      const calls = [];
      for (let i = 0; i < 6; i++) calls.push((await limited.inject({ method: 'GET', url: '/api/checkStatus?optional=true' })).statusCode);
      expect(calls.slice(0, 5)).toEqual([204, 204, 204, 204, 204]);
      expect(calls[5]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
