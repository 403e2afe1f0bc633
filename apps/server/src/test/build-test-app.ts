import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, onTestFinished } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createBackground, type Background } from '../platform/background.ts';
import { testDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The work requests leave to run after their answer (reset mail). */
  background: Background;
}

/**
 * An app on the worker's shared database, with captcha and the job schedules off unless asked for; the payment driver and
 * the mailer are the ones the configuration names unless given.
 */
export async function buildTestApp(
  overrides: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'paymentProvider' | 'mailer' | 'background' | 'operatorSecret' | 'clock' | 'jobTiming'> = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CAPTCHA: 'off',
    // inject()'s requests come from 127.0.0.1: the limit tests name addresses of their own.
    LIMITS_EXEMPT_ADDRESSES: '127.0.0.1',
    // Scheduled jobs run only when a test calls app.jobs.runNow (or turns them on).
    JOBS: 'off',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: '/nonexistent',
    ...overrides,
  });
  const database = await testDatabase();
  // Logged through the app's own logger, as the app's default would.
  const background = options.background ?? createBackground({ error: (obj, msg) => app.log.error(obj, msg) });
  const app: FastifyInstance = await buildApp({ config, database, ...options, background });
  await app.ready();
  try {
    // Built inside a test: it closes when the test ends. A hook registered from inside a test
    // never runs, so such an app lived on, and its mail relay's sweep (one test's clock two hours
    // ahead) took the outbox rows of tests in later files of the worker.
    onTestFinished(async () => {
      await background.settled();
      await app.close();
    });
  } catch {
    // Built for the file (Vitest refuses onTestFinished outside a test): work a test left behind
    // finishes before the next test empties the tables it writes to, and the app closes with the file.
    afterEach(() => background.settled());
    afterAll(() => app.close());
  }
  return { app, database, config, background };
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
