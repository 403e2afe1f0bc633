import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES, ERROR_STATUS } from '@kolikko/core/errors';
import errorsPlugin from './errors.ts';

/** The error handler alone, on an app whose log lines are kept. */
async function appThrowing(errors: Record<string, () => never>) {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } });
  await app.register(errorsPlugin);
  for (const [path, fail] of Object.entries(errors)) app.get(`/${path}`, async () => fail());
  await app.ready();
  return { app, lines };
}

const SQL = 'Failed query: insert into "todolists" ("teacher_id", "name") values ($1, $2)\nparams: 9f0c,Secret name';
const leaks = /insert|select|\$\d|params|Secret|\n\s*at /i;

describe('the error handler', () => {
  it('answers every 5xx code with a fixed text, never the message or cause it was thrown with, and logs them', async () => {
    const serverCodes = ERROR_CODES.filter((code) => ERROR_STATUS[code] >= 500);
    expect(serverCodes).toContain('TODOLIST.COPY_TODOLIST_FAILED');
    const { app, lines } = await appThrowing(
      Object.fromEntries(
        serverCodes.map((code) => [
          code,
          () => {
            throw new AppError(code, { message: `select * from teachers where id = $1 (${code})`, cause: new Error(SQL) });
          },
        ]),
      ),
    );
    for (const code of serverCodes) {
      const res = await app.inject({ method: 'GET', url: `/${code}` });
      expect([code, res.statusCode, res.json().errorCode]).toEqual([code, ERROR_STATUS[code], code]);
      expect(res.body).not.toMatch(leaks);
      expect(res.json().message).not.toBe(code);
      // What was hidden is in the log, the cause included.
      const logged = lines.find((line) => line.includes(`(${code})`));
      expect(logged).toContain('insert into');
    }
    await app.close();
  });

  it('hides an unexpected error and still tells a 4xx AppError what its message says', async () => {
    const { app } = await appThrowing({
      unexpected: () => {
        throw new Error(SQL);
      },
      refused: () => {
        throw new AppError('VALIDATION.INVALID_INPUT', { message: 'At most 50 rewards in a list', field: 'reward_id' });
      },
    });
    const unexpected = await app.inject({ method: 'GET', url: '/unexpected' });
    expect([unexpected.statusCode, unexpected.json().errorCode]).toEqual([500, 'SERVER.ERROR']);
    expect(unexpected.body).not.toMatch(leaks);
    expect((await app.inject({ method: 'GET', url: '/refused' })).json()).toEqual({ errorCode: 'VALIDATION.INVALID_INPUT', message: 'At most 50 rewards in a list', field: 'reward_id' });
    await app.close();
  });
});
