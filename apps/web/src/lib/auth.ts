import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { TSessionUser } from '@kolikko/core/schemas/auth';
import type { TMember } from '@kolikko/core/schemas/groups';
import { ApiError, apiRequest, setUnauthorizedHandler, tellDemoEnded } from './api-client.ts';
import { useNavigate } from './router.tsx';

/**
 * The signed-in user is the one piece of auth state every area needs, so it lives here
 * rather than in a feature (features may not import each other). It is a small store of its
 * own, not a TanStack Query: a visitor's pages need the session and nothing else of the API, so
 * they load without TanStack Query (9 KB; docs/decisions.md, issue 13).
 */
export type UserArea = 'teacher' | 'student';

interface SessionState {
  user: TSessionUser | null;
  /** True until the server has answered who is signed in. */
  isPending: boolean;
  /**
   * Nobody is signed in, but this browser had a session that ended without a sign-out (it expired
   * or was revoked): the area's guard then says "Your session has ended". A visitor who never
   * signed in is not told that (docs/decisions.md, issue 14).
   */
  hasEnded?: boolean;
}

/** A session read longer ago than this is read again when the window comes back into focus. */
const SESSION_STALE_MS = 60_000;

let state: SessionState = { user: null, isPending: true };
let readAt = 0;
let reading: Promise<void> | null = null;
/** Bumped when the session is set or ended, so an answer to an older read is not applied. */
let generation = 0;
/** Counts the balances live events set: a read that began before one keeps the event's coins. */
let coinsSet = 0;
const listeners = new Set<() => void>();
const endHandlers = new Set<() => void>();

/**
 * Kept in local storage while a session is open in this browser, removed when it ends here (a
 * sign-out, a deleted account, a 401 that goes to the login page). Found with nobody signed in,
 * it means the session ended elsewhere: it expired, or was revoked on another device.
 */
const SIGNED_IN_KEY = 'kolikko.signedIn';

function storedSignedIn(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_KEY) !== null;
  } catch {
    // Storage can be blocked: the app works on, and an ended session reads as never begun.
    return false;
  }
}

function storeSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_KEY, '1');
    else window.localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // See storedSignedIn.
  }
}

function update(next: SessionState): void {
  if (next.user && !state.user) storeSignedIn(true);
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user now, outside React. */
export function sessionUser(): TSessionUser | null {
  return state.user;
}

/** The history entry (lib/router.tsx keys each one) the browser loaded the app on. */
function historyEntryKey(): string {
  const entry: unknown = window.history.state;
  return typeof entry === 'object' && entry !== null && 'key' in entry && typeof entry.key === 'string' ? entry.key : 'default';
}
const FIRST_ENTRY_KEY = typeof window === 'undefined' ? 'default' : historyEntryKey();

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

/**
 * Who is signed in, or null. `optional=true`: nobody signed in is a 204, not a 401, which the
 * browser would log as an error on every visitor's page.
 */
async function fetchSession(): Promise<TSessionUser | null> {
  try {
    return (await apiRequest<TSessionUser | undefined>('/checkStatus?optional=true')) ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * Asks the server who is signed in; one read at a time (a read asked for during another is that
 * one). A first read that fails counts as signed out; a later one keeps the user it had.
 */
export function refreshSession(): Promise<void> {
  if (reading) return reading;
  const mine = generation;
  const coinsBefore = coinsSet;
  reading = fetchSession()
    .then(
      (read) => {
        if (mine !== generation) return;
        // A live event's balance that came during the read is newer than the read may be.
        const user = read && state.user && coinsSet !== coinsBefore ? { ...read, coins: state.user.coins } : read;
        readAt = Date.now();
        // A session this browser kept is gone: the guarded pages say so until someone signs in.
        const hasEnded = user === null && storedSignedIn();
        if (hasEnded) storeSignedIn(false);
        update({ user, isPending: false, hasEnded: hasEnded || (user === null && state.hasEnded === true) });
      },
      () => {
        if (mine === generation) update({ user: state.isPending ? null : state.user, isPending: false });
      },
    )
    .finally(() => {
      reading = null;
    });
  return reading;
}

/** main.tsx asks at once, beside the page's code; the guards then find the answer. */
export const prefetchSession = refreshSession;

/**
 * The signed-in user, or null. A guard mounted while nobody has asked yet (after a sign-out)
 * asks; a session read long ago is read again when the window gets the focus back.
 */
export function useSession(): SessionState {
  const current = useSyncExternalStore(subscribeSession, () => state);
  useEffect(() => {
    if (state.isPending) void refreshSession();
  }, []);
  return current;
}

if (typeof window !== 'undefined') {
  window.addEventListener('focus', () => {
    if (state.user && Date.now() - readAt > SESSION_STALE_MS) void refreshSession();
  });
}

/**
 * Reads the session again when a page opens whose coins others move: a student completing a
 * todo pays from the teacher's purse, a teacher's approval pays the student. Live events carry
 * the others' moves; this also catches the user's own moves made on another device, which the
 * server does not echo back to the user's other sockets. The page the browser loaded was drawn
 * after its own session check: no second one.
 */
export function useRefreshSessionOnMount(): void {
  useEffect(() => {
    if (historyEntryKey() === FIRST_ENTRY_KEY) return;
    void refreshSession();
  }, []);
}

/** Stores the user a login (or a change to the account) answered with, so guards see it at once. */
export function setSessionUser(user: TSessionUser): void {
  generation += 1;
  readAt = Date.now();
  update({ user, isPending: false });
}

/** Writes a new coin balance into the signed-in user, so the purse in the header shows it at once. */
export function setSessionCoins(coins: number): void {
  coinsSet += 1;
  if (state.user) update({ user: { ...state.user, coins }, isPending: false });
}

/**
 * Stores the student a member call answered with (rename, character); the group's setting the
 * session holds beside it stays as it was.
 */
export function setSessionMember(member: TMember): void {
  const tradingAllowed = state.user && !state.user.admin ? state.user.trading_allowed : false;
  setSessionUser({ ...member, admin: false, trading_allowed: tradingAllowed });
}

/** The student's group allowed or forbade trading (a live event, or a refused transfer): the session shows it. */
export function setSessionTrading(tradingAllowed: boolean): void {
  const user = state.user;
  if (user && !user.admin && user.trading_allowed !== tradingAllowed) update({ user: { ...user, trading_allowed: tradingAllowed }, isPending: false });
}

/** Where a guarded page sends nobody: the area's login, saying the session ended only to one whose session did. */
export function signInPath(area: UserArea, hasEnded: boolean): string {
  return hasEnded ? `${loginPath(area)}?error=AUTH.NO_AUTH` : loginPath(area);
}

/** Runs when a session ends (lib/query-client.ts forgets every cached answer). */
export function onSessionEnd(handler: () => void): void {
  endHandlers.add(handler);
}

/**
 * Forgets all state and goes to `to`. The session becomes "not known" rather than "nobody", so
 * the page being left shows a loader instead of acting on a half-cleared session while the
 * navigation is under way; the next page's guard asks the server again.
 */
export function endSession(navigate: (to: string) => void, to: string): void {
  generation += 1;
  storeSignedIn(false);
  update({ user: null, isPending: true });
  for (const handler of endHandlers) handler();
  navigate(to);
}

/**
 * The one place that handles a 401 (spec section 4): when a signed-in user gets one, all
 * state is cleared and the user goes to the login page of their area. A 401 while nobody is
 * signed in (a wrong password, the first session check) is an ordinary answer.
 */
export function installUnauthorizedHandler(navigate: (to: string) => void): void {
  setUnauthorizedHandler(() => {
    // In a demo frame: the demo is gone (its page may leave this area before RequireArea sees it).
    tellDemoEnded();
    const user = state.user;
    if (!user) return;
    endSession(navigate, `${loginPath(areaOf(user))}?error=AUTH.NO_AUTH`);
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
