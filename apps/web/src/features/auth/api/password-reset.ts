import { useMutation } from '@tanstack/react-query';
import type { TPasswordResetConfirmRequest, TPasswordResetRequest } from '@kolikko/core/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export function requestPasswordReset(body: TPasswordResetRequest): Promise<unknown> {
  return apiRequest('/password-reset/request', { method: 'POST', body });
}

export function confirmPasswordReset(body: TPasswordResetConfirmRequest): Promise<unknown> {
  return apiRequest('/password-reset/confirm', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
