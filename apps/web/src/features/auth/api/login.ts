import { useMutation } from '@tanstack/react-query';
import type { TLoginRequest, TSessionUser } from '@kolikko/core/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionUser, type UserArea } from '../../../lib/auth.ts';

const LOGIN_PATH: Record<UserArea, string> = {
  teacher: '/login/admin',
  student: '/login/member',
};

export function login(area: UserArea, body: TLoginRequest): Promise<TSessionUser> {
  return apiRequest<TSessionUser>(LOGIN_PATH[area], { method: 'POST', body });
}

export function useLogin(area: UserArea) {
  return useMutation({
    mutationFn: (body: TLoginRequest) => login(area, body),
    onSuccess: setSessionUser,
  });
}
