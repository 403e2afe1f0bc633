import { useMutation } from '@tanstack/react-query';
import type { TMemberSignupRequest, TMemberSignupResponse } from '@kolikko/core/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** Joins a group; the answer's session cookie signs the student in at once (issue 31), and it carries the user. */
export function signupStudent(body: TMemberSignupRequest): Promise<TMemberSignupResponse> {
  return apiRequest<TMemberSignupResponse>('/signup/member', { method: 'POST', body });
}

export function useSignupStudent() {
  return useMutation({ mutationFn: signupStudent });
}
