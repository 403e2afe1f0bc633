import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { TTeacherSignupRequest } from '@kolikko/core/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { solveCaptcha } from '../../../lib/captcha.ts';

export type TeacherSignupPhase = 'idle' | 'captcha' | 'sending';

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
