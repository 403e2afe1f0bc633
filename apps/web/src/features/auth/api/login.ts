import { useMutation } from '@tanstack/react-query';
import type { TBadgeLoginRequest, TLoginRequest, TMemberLoginRequest, TSessionUser } from '@kolikko/core/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionUser, type UserArea } from '../../../lib/auth.ts';

const LOGIN_PATH: Record<UserArea, string> = {
  teacher: '/login/admin',
  student: '/login/member',
};

/** A teacher's login, or a student's (with the class code where several students share the name). */
export function login(area: UserArea, body: TLoginRequest | TMemberLoginRequest): Promise<TSessionUser> {
  return apiRequest<TSessionUser>(LOGIN_PATH[area], { method: 'POST', body });
}

export function useLogin(area: UserArea) {
  return useMutation({
    mutationFn: (body: TLoginRequest | TMemberLoginRequest) => login(area, body),
    onSuccess: setSessionUser,
  });
}

/** Issue 31: a student signs in with the secret of its badge (the part of the badge's link after the `#`). */
export function loginWithBadge(token: string): Promise<TSessionUser> {
  const body: TBadgeLoginRequest = { token };
  return apiRequest<TSessionUser>('/login/badge', { method: 'POST', body });
}

export function useBadgeLogin() {
  return useMutation({ mutationFn: loginWithBadge, onSuccess: setSessionUser });
}
