import { useMutation, useQuery } from '@tanstack/react-query';
import type { TSsoIdentities } from '@kolikko/core/schemas/sso';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

export function ssoIdentitiesQueryKey(teacherId: string) {
  return ['ssoIdentities', teacherId] as const;
}

/** The providers linked to the signed-in teacher, and whether the account has a password. */
export function useSsoIdentities(teacherId: string) {
  return useQuery({
    queryKey: ssoIdentitiesQueryKey(teacherId),
    queryFn: ({ signal }) => apiRequest<TSsoIdentities>('/account/sso', { signal }),
  });
}

/** Unlinks a provider (never the last way to sign in: 409 AUTH.LAST_SIGN_IN_METHOD). */
export function useUnlinkSso(teacherId: string) {
  return useMutation({
    mutationFn: (name: string) => apiRequest(`/account/sso/${encodeURIComponent(name)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ssoIdentitiesQueryKey(teacherId) }),
  });
}
