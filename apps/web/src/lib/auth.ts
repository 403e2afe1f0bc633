import { useCallback, useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ZSessionUser, type TSessionUser } from '@kolikko/core/schemas/auth';
import { ApiError, apiRequest, setUnauthorizedHandler } from './api-client.ts';
import { showErrorCode } from './banner.ts';
import { queryClient } from './query-client.ts';

/**
 * The signed-in user is the one piece of auth state every area needs, so it lives here
 * rather than in a feature (features may not import each other).
 */
export type UserArea = 'teacher' | 'student';

export const SESSION_QUERY_KEY = ['session'] as const;
const SESSION_STALE_MS = 60_000;

export function isUserArea(value: unknown): value is UserArea {
  return value === 'teacher' || value === 'student';
}

export function areaOf(user: TSessionUser): UserArea {
  return user.admin ? 'teacher' : 'student';
}

export function homePath(area: UserArea): string {
  return `/${area}/home`;
}

export function loginPath(area: UserArea): string {
  return `/${area}/login`;
}

async function fetchSession(signal: AbortSignal): Promise<TSessionUser | null> {
  try {
    return await apiRequest('/checkStatus', { schema: ZSessionUser, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The signed-in user, or null. A session check that fails counts as signed out. */
export function useSession(): { user: TSessionUser | null; isPending: boolean } {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: SESSION_STALE_MS,
    // An unreachable server means nobody is signed in; waiting through retries would only delay the page.
    retry: false,
  });
  return { user: query.data ?? null, isPending: query.isPending };
}

/**
 * Reads the session again when a page opens whose coins others move: a student completing a
 * todo pays from the teacher's purse, a teacher's approval pays the student. Live events carry
 * the others' moves; this also catches the user's own moves made on another device, which the
 * server does not echo back to the user's other sockets.
 */
export function useRefreshSessionOnMount(): void {
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }, []);
}

/** Stores the user a login answered with, so guards see the new session at once. */
export function setSessionUser(user: TSessionUser): void {
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
}

/** Writes a new coin balance into the signed-in user, so the purse in the header shows it at once. */
export function setSessionCoins(coins: number): void {
  queryClient.setQueryData<TSessionUser | null>(SESSION_QUERY_KEY, (user) => (user ? { ...user, coins } : user));
}

/**
 * Clearing the cache (not writing null into it) makes the next guard ask the server again,
 * so no guard acts on a half-cleared session while the navigation is under way.
 */
function endSession(navigate: (to: string) => void, to: string): void {
  queryClient.clear();
  navigate(to);
}

/**
 * The one place that handles a 401 (spec section 4): when a signed-in user gets one, all
 * state is cleared and the user goes to the login page of their area. A 401 while nobody is
 * signed in (a wrong password, the first session check) is an ordinary answer.
 */
export function installUnauthorizedHandler(navigate: (to: string) => void): void {
  setUnauthorizedHandler(() => {
    const user = queryClient.getQueryData<TSessionUser | null>(SESSION_QUERY_KEY);
    if (!user) return;
    endSession(navigate, `${loginPath(areaOf(user))}?error=AUTH.NO_AUTH`);
  });
}

export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest('/logout'),
    onSuccess: () => {
      const user = queryClient.getQueryData<TSessionUser | null>(SESSION_QUERY_KEY);
      const area = user ? areaOf(user) : 'teacher';
      endSession((to) => void navigate(to, { replace: true }), loginPath(area));
    },
    onError: (error) => showErrorCode(error instanceof ApiError ? error.errorCode : 'SERVER.ERROR'),
  });
}

/**
 * For when the server has already ended the session (the account was deleted): forgets all
 * state and goes to the login page of the area, where a banner shown just before survives.
 */
export function useSignedOut(): (area: UserArea) => void {
  const navigate = useNavigate();
  return useCallback(
    (area: UserArea) => endSession((to) => void navigate(to, { replace: true }), loginPath(area)),
    [navigate],
  );
}
