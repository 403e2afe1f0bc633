import { randomBytes } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Payload } from 'altcha-lib/v1/types';
import { AppError } from '@kolikko/core/errors';
import type { TCaptchaChallenge } from '@kolikko/core/schemas/auth';
import type { Db } from '../db/client.ts';
import { getOrCreateSecret, spendCaptcha } from './captcha.repo.ts';

/** ALTCHA: a self-hosted proof of work, so no third party sees who signs up. */
export interface Captcha {
  readonly enabled: boolean;
  challenge(): Promise<TCaptchaChallenge>;
  /** Throws AUTH.NO_CAPTCHA_TOKEN or AUTH.CAPTCHA_FAILED unless the payload is a fresh, valid solution. */
  verify(payload: string | undefined): Promise<void>;
}

const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** About 0.1-0.5 s of hashing in a school laptop's browser. */
const MAX_NUMBER = 50_000;

export function createCaptcha(db: Db, enabled: boolean): Captcha {
  let key: Promise<string> | undefined;
  const hmacKey = () => (key ??= getOrCreateSecret(db, 'altcha_hmac_key', randomBytes(32).toString('hex')));

  return {
    enabled,
    async challenge() {
      const c = await createChallenge({
        hmacKey: await hmacKey(),
        maxNumber: MAX_NUMBER,
        expires: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
      return { algorithm: c.algorithm, challenge: c.challenge, maxnumber: c.maxnumber, salt: c.salt, signature: c.signature };
    },
    async verify(payload) {
      if (!enabled) return;
      if (!payload) throw new AppError('AUTH.NO_CAPTCHA_TOKEN');
      const solution = decodePayload(payload);
      if (!solution || !(await verifySolution(solution, await hmacKey(), true))) {
        throw new AppError('AUTH.CAPTCHA_FAILED');
      }
      const expires = Number(extractParams(solution).expires);
      const expiresAt = new Date(Number.isFinite(expires) ? expires * 1000 : Date.now() + CHALLENGE_TTL_MS);
      if (!(await spendCaptcha(db, solution.signature, expiresAt))) throw new AppError('AUTH.CAPTCHA_FAILED');
    },
  };
}

function decodePayload(payload: string): Payload | undefined {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (
      decoded &&
      typeof decoded === 'object' &&
      'signature' in decoded &&
      typeof decoded.signature === 'string' &&
      'challenge' in decoded &&
      'salt' in decoded &&
      'number' in decoded &&
      'algorithm' in decoded
    ) {
      return decoded as Payload; // shape checked field by field above; verifySolution checks the values
    }
  } catch {
    // not base64 JSON: refused below
  }
  return undefined;
}
