import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll } from 'vitest';
import type { ClientToServerEvents, RoomAck, ServerToClientEvents } from '@kolikko/core/events';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ServerEvent = keyof ServerToClientEvents;
export type Payload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];

/** A connected client that records every event it receives, in order. */
export interface Client {
  socket: ClientSocket;
  /** Every event received so far (name and payload), oldest first. */
  seen: { event: string; payload: unknown }[];
  /** Called after each recorded event (nextEvent's waiters). */
  waiters: Set<() => void>;
  /** Why the socket was disconnected, once it was (recorded whenever it happens). */
  disconnectReason?: string;
}

const BARRIER = '__barrier__';

/**
 * Real socket.io clients against a listening test app. Every client opened is closed after the
 * file's tests.
 */
export function socketClients(app: FastifyInstance, address: string) {
  const open: ClientSocket[] = [];
  afterAll(() => open.forEach((s) => s.disconnect()));

  function start(cookie: string | undefined): ClientSocket {
    const socket: ClientSocket = connect(address, { transports: ['websocket'], extraHeaders: cookie ? { cookie } : {}, reconnection: false });
    open.push(socket);
    return socket;
  }

  return {
    /** Connects with the given Cookie header; resolves when connected, rejects on connect_error. */
    async connect(cookie: string): Promise<Client> {
      const socket = start(cookie);
      const client: Client = { socket, seen: [], waiters: new Set() };
      // Recorded from the start: events sent right after the handshake may arrive in the same tick as it.
      socket.onAny((event: string, payload: unknown) => {
        if (payload === BARRIER) return;
        client.seen.push({ event, payload });
        for (const wake of [...client.waiters]) wake();
      });
      socket.on('disconnect', (reason) => {
        client.disconnectReason = reason;
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return client;
    },

    /** Tries to connect; resolves with the refusal's message (or null when it connected). */
    async refusal(cookie: string | undefined): Promise<string | null> {
      const socket = start(cookie);
      return new Promise((resolve) => {
        socket.once('connect', () => resolve(null));
        socket.once('connect_error', (err) => resolve(err.message));
      });
    },

    /**
     * Resolves once the server has sent this client everything it sent before now: a marker sent
     * to the socket's own room arrives after them (one socket's packets keep their order).
     */
    async settle(client: Client): Promise<void> {
      const arrived = new Promise<void>((resolve) => {
        const listener = (room: string) => {
          if (room !== BARRIER) return;
          client.socket.off('room_left', listener);
          resolve();
        };
        client.socket.on('room_left', listener);
      });
      app.io.to(client.socket.id ?? '').emit('room_left', BARRIER);
      await arrived;
    },
  };
}

export interface WaitOptions<E extends ServerEvent> {
  /** Look from this position of what the client has seen (default: only what comes from now on). */
  since?: number;
  /** Only an event whose payload passes. */
  where?: (payload: Payload<E>) => boolean;
  timeoutMs?: number;
}

/**
 * How long a test waits for an event it expects: it resolves as soon as the event comes, so a long
 * wait costs a passing test nothing, and a busy machine (CI runs PostgreSQL, Redis and two workers
 * on 2 cores) may take seconds. Only a check that something does not happen waits briefly.
 */
const EXPECTED_EVENT_TIMEOUT_MS = 15_000;

/** The first `event` the client receives (see WaitOptions); rejects after EXPECTED_EVENT_TIMEOUT_MS. */
export function nextEvent<E extends ServerEvent>(client: Client, event: E, options: WaitOptions<E> = {}): Promise<Payload<E>> {
  const { since = client.seen.length, where = () => true, timeoutMs = EXPECTED_EVENT_TIMEOUT_MS } = options;
  return new Promise((resolve, reject) => {
    const check = () => {
      // The recorded payload is what the server sent for this event name.
      const found = client.seen.slice(since).find((s) => s.event === event && where(s.payload as Payload<E>));
      if (!found) return false;
      clearTimeout(timer);
      client.waiters.delete(check);
      resolve(found.payload as Payload<E>);
      return true;
    };
    const timer = setTimeout(() => {
      client.waiters.delete(check);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    if (!check()) client.waiters.add(check);
  });
}

/** The names of the events a client has received, in order; presence counts left out unless asked for. */
export const eventNames = (client: Client, ignore: string[] = ['online-member-count-update']) =>
  client.seen.map((s) => s.event).filter((e) => !ignore.includes(e));

/** Sends a join or leave request and resolves with the server's acknowledgement. */
export function request<E extends keyof ClientToServerEvents>(client: Client, event: E, payload: unknown): Promise<RoomAck> {
  // Tests send malformed payloads on purpose, which the typed socket would not accept.
  const socket = client.socket as unknown as Socket;
  return socket.timeout(EXPECTED_EVENT_TIMEOUT_MS).emitWithAck(event, payload) as Promise<RoomAck>;
}

/** Resolves when the socket is disconnected (rejects after EXPECTED_EVENT_TIMEOUT_MS), with the reason. */
export function disconnection(client: Client, timeoutMs = EXPECTED_EVENT_TIMEOUT_MS): Promise<string> {
  if (client.socket.disconnected) return Promise.resolve(client.disconnectReason ?? 'already disconnected');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not disconnected within ${timeoutMs} ms`)), timeoutMs);
    client.socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/**
 * Sends a probe to a room from the server; resolves with whether the client got it (once the
 * client has settled, so a probe that does not arrive is known not to).
 */
export async function reaches(app: FastifyInstance, clients: ReturnType<typeof socketClients>, client: Client, room: string): Promise<boolean> {
  const before = client.seen.length;
  app.io.to(room).emit('teacher-gave-coins', { member_id: room, coins: 0 });
  await clients.settle(client);
  return client.seen.slice(before).some((s) => s.event === 'teacher-gave-coins');
}
