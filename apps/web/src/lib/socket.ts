import { useSyncExternalStore } from 'react';
import type { OnlineMemberCountPayload } from '@kolikko/core/events';
import { refreshSession, sessionUser, subscribeSession } from './auth.ts';
import { connectLive, type LiveConnection } from './live-connection.ts';

/**
 * The one live connection of the signed-in user (spec section 7, Live events). It lives while
 * the session (lib/auth.ts) holds a user: the server authenticates it by the session cookie and
 * puts it in its rooms at the handshake, so no join is sent. Signing out (or any path that ends
 * the session) closes it; each connect refetches what the app may have missed.
 */
export type AppSocket = LiveConnection;

const NOT_LIVE_KEY = 'notLive';
/** A live-resync's refetch waits up to this long, so a whole school's pages do not ask at once. */
const RESYNC_SPREAD_MS = 3000;

/**
 * The `meta` of a query that no live event changes (the payment configuration, the coin prices):
 * a connect does not refetch it, so its own cache time holds.
 */
export const NOT_LIVE_QUERY_META = { [NOT_LIVE_KEY]: true } as const;

let socket: AppSocket | null = null;
let socketUserId: string | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a query's answer may change through a live event (a connect then refetches it). */
export function isLiveQuery(meta: Record<string, unknown> | undefined): boolean {
  return meta?.[NOT_LIVE_KEY] !== true;
}

const connectHandlers = new Set<() => void>();

/** Runs on every connect (lib/query-client.ts refetches what may have been missed). */
export function onSocketConnect(handler: () => void): void {
  connectHandlers.add(handler);
}

function openSocket(userId: string): void {
  socketUserId = userId;
  const next = connectLive();
  let connects = 0;
  let lost = false;
  next.on('lost', () => (lost = true));
  next.on('connect', () => {
    // The page's first connect follows the session check it was opened by. A reconnect, or a
    // first connect after an attempt that failed (the page went on without a line meanwhile),
    // may have missed a coin event, so the session is read again too.
    if (connects > 0 || lost) void refreshSession();
    connects += 1;
    lost = false;
    for (const handler of connectHandlers) handler();
  });
  next.on('online-member-count-update', setOnlineMembers);
  // The server's processes lost each other for a while (issue 35): events may have been missed
  // on a line that never dropped, so the page refetches as after a reconnect. Spread over a few
  // seconds: every open page hears it at once.
  next.on('live-resync', () => {
    setTimeout(() => {
      if (socket !== next) return;
      void refreshSession();
      for (const handler of connectHandlers) handler();
    }, Math.random() * RESYNC_SPREAD_MS);
  });
  socket = next;
  emit();
}

export function closeSocket(): void {
  socketUserId = null;
  if (!socket) return;
  socket.close();
  socket = null;
  onlineMembers = new Map();
  emit();
  emitOnline();
}

/** Opens, keeps or closes the connection to match the signed-in user. */
function syncWithSession(): void {
  const userId = sessionUser()?.id ?? null;
  if (userId === socketUserId) return;
  closeSocket();
  if (userId !== null) openSocket(userId);
}

let installed = false;

/** Called once at start-up: follows the ['session'] query for the life of the page. */
export function installSocketLifecycle(): void {
  if (installed) return;
  installed = true;
  subscribeSession(syncWithSession);
  syncWithSession();
}

/**
 * Settles once the signed-in user's socket has connected, at once when nobody is signed in, and
 * after `timeoutMs` at the latest (a network that blocks WebSockets must not hold the page back).
 */
export function socketConnected(timeoutMs: number): Promise<void> {
  if (socketUserId === null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = subscribe(check);
    const waitingOn = socket;
    function done(): void {
      clearTimeout(timer);
      unsubscribe();
      waitingOn?.off('connect', done);
      resolve();
    }
    function check(): void {
      if (socketUserId === null || socket !== waitingOn || socket?.connected) done();
    }
    waitingOn?.on('connect', done);
    check();
  });
}

/** The current connection, or null while nobody is signed in. */
export function useSocket(): AppSocket | null {
  return useSyncExternalStore(subscribe, () => socket, () => null);
}

// --- online members of the teacher's groups (online-member-count-update) ---

let onlineMembers = new Map<string, OnlineMemberCountPayload>();
const onlineListeners = new Set<() => void>();

function emitOnline(): void {
  for (const listener of onlineListeners) listener();
}

function setOnlineMembers(payload: OnlineMemberCountPayload): void {
  onlineMembers = new Map(onlineMembers).set(payload.group_id, payload);
  emitOnline();
}

function subscribeOnline(listener: () => void): () => void {
  onlineListeners.add(listener);
  return () => onlineListeners.delete(listener);
}

/** The ids of a group's connected members (issue 33: a dot on each one's card), or null before the server has said. */
export function useOnlineMemberIds(groupId: string): readonly string[] | null {
  return useSyncExternalStore(
    subscribeOnline,
    () => onlineMembers.get(groupId)?.member_ids ?? null,
    () => null,
  );
}

/** How many members of a group are connected, or null before the server has said. */
export function useOnlineMemberCount(groupId: string): number | null {
  return useSyncExternalStore(
    subscribeOnline,
    () => onlineMembers.get(groupId)?.count ?? null,
    () => null,
  );
}
