import { useMutation } from '@tanstack/react-query';
import type { TMemberSignupRequest } from '@kolikko/core/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export function signupStudent(body: TMemberSignupRequest): Promise<unknown> {
  return apiRequest('/signup/member', { method: 'POST', body });
}

export function useSignupStudent() {
  return useMutation({ mutationFn: signupStudent });
}
