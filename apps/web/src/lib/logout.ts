import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api-client.ts';
import { areaOf, endSession, loginPath, sessionUser } from './auth.ts';
import { showErrorCode } from './banner.ts';
import { useNavigate } from './router.tsx';

/** Signs out: the server ends the session, the app forgets everything and shows the area's login. */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest('/logout'),
    onSuccess: () => {
      const user = sessionUser();
      const area = user ? areaOf(user) : 'teacher';
      endSession((to) => void navigate(to, { replace: true }), loginPath(area));
    },
    onError: (error) => showErrorCode(error instanceof ApiError ? error.errorCode : 'SERVER.ERROR'),
  });
}
