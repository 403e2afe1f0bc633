import type { Server, Socket } from 'socket.io';
import { rooms, type ClientToServerEvents, type ServerToClientEvents } from '@kolikko/core/events';
import type { Session, SessionRevocation } from '../../plugins/auth.ts';

/** What the server keeps on each socket (it crosses nodes in fetchSockets, so plain JSON). */
export interface SocketData {
  session: Session;
}

/** Between server nodes (with Redis): sessions every node must forget from its cache, and batches of events. */
export interface InterServerEvents {
  'sessions-revoked': (revocation: SessionRevocation) => void;
  /** A batch of deliveries of one event, for each node's own sockets (emit-many.ts). */
  'emit-many': (event: string, deliveries: { to: string[]; payload: unknown }[]) => void;
}

/** The typed Socket.IO server: every emit is checked against core's event map. */
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/**
 * What reaches the sockets in rooms: the server itself, or, from a process that is no server
 * (an operator command on PostgreSQL), a Redis emitter (@socket.io/redis-emitter) that every
 * server's Redis adapter hears.
 */
interface LiveEmit {
  emit<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): unknown;
}

export interface LiveRooms {
  to(room: string | string[]): LiveEmit & { except(room: string | string[]): LiveEmit };
  in(room: string | string[]): { disconnectSockets(close?: boolean): unknown };
}

/** Ends the live connections of a deleted teacher and of its students, on every node. */
export function disconnectTeacherAndStudents(live: LiveRooms, teacherId: string, memberIds: string[]): void {
  for (const id of memberIds) live.in(rooms.member(id)).disconnectSockets(true);
  live.in(rooms.teacher(teacherId)).disconnectSockets(true);
}
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/**
 * Rooms only the server puts sockets in: a client can neither join nor leave them.
 * `session:<token hash>` holds the sockets of one session, so ending a session (logout, password
 * change or reset) disconnects exactly those, on every node. `online:<group id>` holds the
 * group's member sockets, for the online count.
 */
export const internalRooms = {
  session: (tokenHash: string) => `session:${tokenHash}`,
  online: (groupId: string) => `online:${groupId}`,
};

export function isInternalRoom(room: string): boolean {
  return room.startsWith('session:') || room.startsWith('online:');
}

/** Disconnects the sockets of ended sessions, on every node. */
export function disconnectSessions(io: RealtimeServer, tokenHashes: string[]): void {
  if (tokenHashes.length > 0) io.in(tokenHashes.map(internalRooms.session)).disconnectSockets(true);
}
