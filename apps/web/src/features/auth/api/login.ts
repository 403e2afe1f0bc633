import { useMutation } from '@tanstack/react-query';
import { ZSessionUser, type TLoginRequest, type TSessionUser } from '@kolikko/core/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionUser, type UserArea } from '../../../lib/auth.ts';

const LOGIN_PATH: Record<UserArea, string> = {
  teacher: '/login/admin',
  student: '/login/member',
};

export function login(area: UserArea, body: TLoginRequest): Promise<TSessionUser> {
  return apiRequest(LOGIN_PATH[area], { method: 'POST', body, schema: ZSessionUser });
}

export function useLogin(area: UserArea) {
  return useMutation({
    mutationFn: (body: TLoginRequest) => login(area, body),
    onSuccess: setSessionUser,
  });
}
