import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { PaymentProvider } from '../platform/payments.ts';
import { testDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

/**
 * An app on the worker's shared database, with captcha off unless asked for; the payment driver is
 * the one the configuration names unless one is given.
 */
export async function buildTestApp(overrides: Record<string, string> = {}, options: { paymentProvider?: PaymentProvider } = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CAPTCHA: 'off',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: '/nonexistent',
    ...overrides,
  });
  const database = await testDatabase();
  const app = await buildApp({ config, database, ...options });
  await app.ready();
  afterAll(() => app.close());
  return { app, database, config };
}

/** The session cookie a response set, ready to send back as a Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'kolikko_session');
  if (!c) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `kolikko_session=${c.value}`;
}

/** Signs a factory-made teacher or member in and returns its Cookie header. */
export async function signIn(app: FastifyInstance, user: { username: string; password: string }, as: 'teacher' | 'member'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: as === 'teacher' ? '/api/login/admin' : '/api/login/member',
    payload: { loginName: user.username, password: user.password },
  });
  return sessionCookie(res);
}

export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** Calls the app as a browser would: with a session cookie (or none) and a JSON body. */
export function caller(app: FastifyInstance) {
  return (method: Method, url: string, cookie?: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { ...headers, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });
}
