import { solveChallenge } from 'altcha-lib/v1';
import type { TCaptchaChallenge } from '@kolikko/core/schemas/auth';
import { apiRequest } from './api-client.ts';

async function getCaptchaChallenge(): Promise<TCaptchaChallenge | null> {
  try {
    return await apiRequest<TCaptchaChallenge>('/captcha');
  } catch {
    // The server decides whether a captcha is needed; without one it answers AUTH.NO_CAPTCHA_TOKEN.
    return null;
  }
}

/**
 * Solves the server's ALTCHA proof-of-work challenge in the browser (teacher signup, the contact
 * form); undefined when it cannot.
 */
export async function solveCaptcha(): Promise<string | undefined> {
  const challenge = await getCaptchaChallenge();
  if (!challenge) return undefined;
  try {
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise;
    if (!solution) return undefined;
    return btoa(
      JSON.stringify({
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: solution.number,
        salt: challenge.salt,
        signature: challenge.signature,
      }),
    );
  } catch {
    // No Web Crypto (an insecure origin): the server will refuse with a translated code.
    return undefined;
  }
}
