import { describe, expect, it } from 'vitest';
import { AppError } from '@kolikko/core/errors';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { buildTestApp, sessionCookie } from '../test/build-test-app.ts';
import { testDatabase } from '../test/database.ts';
import { buildTeacher } from '../test/factories.ts';

const { app, database } = await buildTestApp();

describe('operations', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('publishes the OpenAPI document of the route schemas at /api/docs', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login/admin', '/api/signup/member', '/api/checkStatus', '/api/login/badge', '/api/group/{id}/badges', '/api/group/{id}/members']),
    );
    expect(doc.paths['/api/signup/admin'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['username', 'email', 'password']),
    );
    expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('exposes Prometheus metrics', async () => {
    await app.inject({ method: 'GET', url: '/healthz' });
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.body).toContain('http_requests_total');
    expect(res.body).toContain('process_resident_memory_bytes');
  });

  it('echoes a request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect((await app.inject({ method: 'GET', url: '/healthz' })).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one line a request at info, with the request, its answer and its time', async () => {
    const lines: Record<string, unknown>[] = [];
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', CAPTCHA: 'off', JOBS: 'off', WEB_DIST: '/nonexistent' });
    const logged = await buildApp({ config, database: await testDatabase(), logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) } });
    try {
      await logged.ready();
      await logged.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'log-1' } });
      await logged.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'log-2' } });
      const requestLines = lines.filter((line) => line.reqId === 'log-1' || line.reqId === 'log-2');
      expect(requestLines).toEqual([
        expect.objectContaining({ reqId: 'log-1', msg: 'request completed', req: expect.objectContaining({ method: 'GET', url: '/healthz' }), res: { statusCode: 200 }, responseTime: expect.any(Number) }),
        expect.objectContaining({ reqId: 'log-2', msg: 'request completed', req: expect.objectContaining({ url: '/api/nope' }), res: { statusCode: 404 } }),
      ]);
    } finally {
      await logged.close();
    }
  });

  it('has no dev outbox in production', async () => {
    const config = loadConfig({ NODE_ENV: 'production', COMPANY_NAME: 'Kolikko Oy', LOG_LEVEL: 'silent', CAPTCHA: 'off', WEB_DIST: '/nonexistent' });
    const prod = await buildApp({ config, database: await testDatabase() });
    const res = await prod.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
    await prod.close();
  });
});

describe('security', () => {
  it('sends a CSP that allows no inline script, and the usual headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a cookie-carrying change from another origin', async () => {
    const t = await buildTeacher(database.db);
    const login = await app.inject({ method: 'POST', url: '/api/login/admin', payload: { loginName: t.username, password: t.password } });
    const cookie = sessionCookie(login);
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/login/member',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { loginName: 'x', password: 'y' },
    });
    expect([foreign.statusCode, foreign.json().errorCode]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/login/member',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { loginName: 'x', password: 'y' },
    });
    expect(crossSite.statusCode).toBe(403);
    const own = await app.inject({
      method: 'POST',
      url: '/api/login/member',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: { loginName: 'x', password: 'y' },
    });
    expect(own.json().errorCode).toBe('AUTH.LOGIN_FAILED');
  });
});

describe('errors', () => {
  it('answers malformed JSON with 400 and a code, not a stack trace', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login/admin',
      headers: { 'content-type': 'application/json' },
      payload: '{"loginName": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'VALIDATION.INVALID_INPUT' });
    expect(res.body).not.toContain('at ');
  });

  it('answers an unexpected failure with 500 SERVER.ERROR and hides its details', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA: 'off', WEB_DIST: '/nonexistent' });
    const broken = await buildApp({ config, database: await testDatabase() });
    broken.get('/api/test/boom', async () => {
      throw new Error('secret internal detail');
    });
    broken.get('/api/test/app-error', async () => {
      throw new AppError('GROUP.LOCKED');
    });
    const boom = await broken.inject({ method: 'GET', url: '/api/test/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ errorCode: 'SERVER.ERROR', message: 'Something went wrong' });
    const domain = await broken.inject({ method: 'GET', url: '/api/test/app-error' });
    expect([domain.statusCode, domain.json().errorCode]).toEqual([403, 'GROUP.LOCKED']);
    await broken.close();
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBeDefined();
  });
});
