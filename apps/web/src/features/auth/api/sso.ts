import { useMutation, useQuery } from '@tanstack/react-query';
import type { TSessionUser } from '@kolikko/core/schemas/auth';
import type { TSsoPending, TSsoSignupRequest } from '@kolikko/core/schemas/sso';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionUser } from '../../../lib/auth.ts';

/**
 * Where the browser goes (a full page load, not a fetch) to sign in through a provider, or, signed
 * in, to link one to the account: the server redirects to the provider and back.
 */
export function ssoStartHref(name: string, intent: 'login' | 'link' = 'login'): string {
  return `/api/sso/${encodeURIComponent(name)}/start${intent === 'link' ? '?intent=link' : ''}`;
}

export const ssoPendingQueryKey = ['ssoPending'] as const;

/** The sign-in waiting in this browser for a username or a password (AUTH.SSO_FAILED when none is, or it expired). */
export function useSsoPending() {
  return useQuery({
    queryKey: ssoPendingQueryKey,
    queryFn: ({ signal }) => apiRequest<TSsoPending>('/sso/pending', { signal }),
    retry: false,
    staleTime: Infinity,
  });
}

/** A first sign-in through a provider makes the account and signs it in. */
export function useSsoSignup() {
  return useMutation({
    mutationFn: (body: TSsoSignupRequest) => apiRequest<TSessionUser>('/sso/signup', { method: 'POST', body }),
    onSuccess: setSessionUser,
  });
}

/** Links the provider to the existing account with the e-mail it vouched for, with that account's password; signs it in. */
export function useSsoLink() {
  return useMutation({
    mutationFn: (password: string) => apiRequest<TSessionUser>('/sso/link', { method: 'POST', body: { password } }),
    onSuccess: setSessionUser,
  });
}
