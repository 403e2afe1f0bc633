import { useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, OnlineMemberCountPayload, ServerToClientEvents } from '@kolikko/core/events';
import type { TSessionUser } from '@kolikko/core/schemas/auth';
import { SESSION_QUERY_KEY } from './auth.ts';
import { queryClient } from './query-client.ts';

/**
 * The one Socket.IO connection of the signed-in user (spec section 7, Live events). It lives
 * while the ['session'] query holds a user: the server authenticates it by the session cookie
 * and puts it in its rooms at the handshake, so no join is sent. Logging out (or any path that
 * clears the cache) closes it; each connect refetches what the app may have missed.
 */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const NOT_LIVE_KEY = 'notLive';

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

/**
 * The server puts a socket in its rooms before the client hears 'connect', so an answer fetched
 * after that moment already shows every event since. One fetched or still in flight before it may
 * predate an event the socket was not yet there to hear: on the first connect of a page (the
 * page's first queries race the handshake) and after every reconnect. Those are refetched.
 */
function refetchWhatMayHaveBeenMissed(): void {
  const connectedAt = Date.now();
  void queryClient.invalidateQueries({
    predicate: (query) =>
      query.meta?.[NOT_LIVE_KEY] !== true && (query.state.fetchStatus === 'fetching' || query.state.dataUpdatedAt <= connectedAt),
  });
}

function openSocket(userId: string): void {
  const next: AppSocket = io({ path: '/socket.io', autoConnect: true, reconnection: true, withCredentials: true });
  next.on('connect', refetchWhatMayHaveBeenMissed);
  next.on('online-member-count-update', setOnlineMembers);
  socket = next;
  socketUserId = userId;
  emit();
}

export function closeSocket(): void {
  if (!socket) return;
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
  socketUserId = null;
  onlineMembers = new Map();
  emit();
  emitOnline();
}

/** Opens, keeps or closes the connection to match the signed-in user. */
function syncWithSession(): void {
  const user = queryClient.getQueryData<TSessionUser | null>(SESSION_QUERY_KEY);
  const userId = user?.id ?? null;
  if (userId === socketUserId) return;
  closeSocket();
  if (userId !== null) openSocket(userId);
}

let installed = false;

/** Called once at start-up: follows the ['session'] query for the life of the page. */
export function installSocketLifecycle(): void {
  if (installed) return;
  installed = true;
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === SESSION_QUERY_KEY[0]) syncWithSession();
  });
  syncWithSession();
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

/** How many members of a group are connected, or null before the server has said. */
export function useOnlineMemberCount(groupId: string): number | null {
  return useSyncExternalStore(
    subscribeOnline,
    () => onlineMembers.get(groupId)?.count ?? null,
    () => null,
  );
}
