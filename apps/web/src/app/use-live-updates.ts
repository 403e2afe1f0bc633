import { useEffect } from 'react';
import type { ServerToClientEvents } from '@kolikko/core/events';
import { appendChatMessage, removeChatMessage } from '../features/chat/api/chat-cache.ts';
import { useSession, useSignedOut, type UserArea } from '../lib/auth.ts';
import { queryClient } from '../lib/query-client.ts';
import { invalidateChatUnread } from '../lib/queries/chat-unread.ts';
import { useSocket, type AppSocket } from '../lib/socket.ts';

type EventName = keyof ServerToClientEvents;
export type Handlers = { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] };

/** What an area's handlers are made for: the signed-in user, and how to sign them out. */
export interface LiveUser {
  userId: string;
  /** The student's group ('' for a teacher). */
  groupId: string;
  signedOut: (area: UserArea) => void;
}

/** An area's live-event handlers (live-updates-teacher.ts, live-updates-student.ts): each layout brings its own, so a student's page never loads the teacher's. */
export type HandlersFor = (user: LiveUser) => Handlers;

export function invalidate(queryKey: readonly unknown[]): void {
  void queryClient.invalidateQueries({ queryKey });
}

/** Chat events (spec section 7): the open conversation grows or shrinks, the counters refetch. */
export const chatHandlers: Handlers = {
  'teacher-sent-a-chat': (message) => {
    appendChatMessage(message);
    invalidateChatUnread();
  },
  'member-sent-a-chat': (message) => {
    appendChatMessage(message);
    invalidateChatUnread();
  },
  'chat-message-deleted': (payload) => {
    removeChatMessage(payload);
    invalidateChatUnread();
  },
};

/** Adds or removes one typed listener. */
function listen(socket: AppSocket, name: EventName, handler: ServerToClientEvents[EventName] | undefined, how: 'on' | 'off'): void {
  if (!handler) return;
  if (how === 'on') socket.on(name, handler);
  else socket.off(name, handler);
}

/**
 * Applies the server's live events to the cached data (spec section 7). Mounted once in each
 * area's layout with that area's handlers; the connection itself belongs to lib/socket.ts.
 */
export function useLiveUpdates(handlersFor: HandlersFor): void {
  const socket = useSocket();
  const { user } = useSession();
  const signedOut = useSignedOut();
  const userId = user?.id ?? null;
  const groupId = user && !user.admin ? user.group_id : '';

  useEffect(() => {
    if (!socket || userId === null) return;
    const handlers = handlersFor({ userId, groupId, signedOut });
    const names = Object.keys(handlers) as EventName[];
    for (const name of names) listen(socket, name, handlers[name], 'on');
    return () => {
      for (const name of names) listen(socket, name, handlers[name], 'off');
    };
  }, [socket, userId, groupId, signedOut, handlersFor]);
}
