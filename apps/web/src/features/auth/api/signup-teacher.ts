import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { solveChallenge } from 'altcha-lib/v1';
import type { TCaptchaChallenge, TTeacherSignupRequest } from '@kolikko/core/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export type TeacherSignupPhase = 'idle' | 'captcha' | 'sending';

async function getCaptchaChallenge(): Promise<TCaptchaChallenge | null> {
  try {
    return await apiRequest<TCaptchaChallenge>('/captcha');
  } catch {
    // The server decides whether a captcha is needed; without one it answers AUTH.NO_CAPTCHA_TOKEN.
    return null;
  }
}

/** Solves the server's ALTCHA proof-of-work challenge in the browser; undefined when it cannot. */
async function solveCaptcha(): Promise<string | undefined> {
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

export function signupTeacher(body: TTeacherSignupRequest): Promise<unknown> {
  return apiRequest('/signup/admin', { method: 'POST', body });
}

/** Signs a teacher up, solving the captcha first; `phase` drives the button text. */
export function useSignupTeacher() {
  const [phase, setPhase] = useState<TeacherSignupPhase>('idle');
  const mutation = useMutation({
    mutationFn: async (body: Omit<TTeacherSignupRequest, 'captcha'>) => {
      setPhase('captcha');
      const captcha = await solveCaptcha();
      setPhase('sending');
      return signupTeacher({ ...body, captcha });
    },
    onSettled: () => setPhase('idle'),
  });
  return { ...mutation, phase };
}
