import { describe, expect, it } from 'vitest';
import { solveChallenge } from 'altcha-lib/v1';
import { buildTestApp } from '../test/build-test-app.ts';

const { app } = await buildTestApp({ CAPTCHA: 'on' });

async function solvedPayload(): Promise<string> {
  const c = (await app.inject({ method: 'GET', url: '/api/captcha' })).json();
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('challenge not solved');
  const payload = { algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

const signup = (n: number, captcha?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/signup/admin',
    payload: { username: `capt${n}`, email: `capt${n}@school.test`, password: 'secret12', ...(captcha ? { captcha } : {}) },
  });

describe('ALTCHA on teacher signup (CAPTCHA=on)', () => {
  it('refuses a signup without a solution with AUTH.NO_CAPTCHA_TOKEN', async () => {
    const res = await signup(1);
    expect([res.statusCode, res.json().errorCode]).toEqual([400, 'AUTH.NO_CAPTCHA_TOKEN']);
  });

  it('refuses garbage and a wrong number with AUTH.CAPTCHA_FAILED', async () => {
    expect((await signup(2, 'bm90IGpzb24=')).json().errorCode).toBe('AUTH.CAPTCHA_FAILED');
    const good = JSON.parse(Buffer.from(await solvedPayload(), 'base64').toString());
    const wrong = Buffer.from(JSON.stringify({ ...good, number: good.number + 1 })).toString('base64');
    expect((await signup(3, wrong)).json().errorCode).toBe('AUTH.CAPTCHA_FAILED');
  });

  it('accepts a solved challenge once', async () => {
    const payload = await solvedPayload();
    expect((await signup(4, payload)).statusCode).toBe(201);
    const replay = await signup(5, payload);
    expect([replay.statusCode, replay.json().errorCode]).toEqual([400, 'AUTH.CAPTCHA_FAILED']);
  });
});
