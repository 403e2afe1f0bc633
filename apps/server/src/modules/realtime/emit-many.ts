import type { ServerToClientEvents } from '@kolikko/core/events';
import type { RealtimeServer } from './io.ts';

/** One event's payload for the sockets of some rooms. */
export interface Delivery<E extends keyof ServerToClientEvents> {
  to: string[];
  payload: Parameters<ServerToClientEvents[E]>[0];
}

/** The inter-node message that carries a batch of deliveries (InterServerEvents in io.ts). */
export const EMIT_MANY = 'emit-many';

/** Servers whose adapter carries events to other processes (Redis): see crossNodes(). */
const acrossNodes = new WeakSet<RealtimeServer>();

/**
 * Each process (with Redis) delivers the batches other processes send it to its own sockets.
 * Called once, after the adapter is set.
 */
export function crossNodes(io: RealtimeServer): void {
  acrossNodes.add(io);
  io.on(EMIT_MANY, (event, deliveries) => emitToOwnSockets(io, event as keyof ServerToClientEvents, deliveries as Delivery<keyof ServerToClientEvents>[]));
}

/**
 * Each delivery to this process's own sockets, in order, skipping those none of whose rooms has a
 * socket here. Socket.IO would encode such a packet and find no one to send it to: with the
 * students of a class spread over N processes, every process gets the whole batch, so each would
 * encode all 30 packets for its 30/N students.
 */
export function emitToOwnSockets<E extends keyof ServerToClientEvents>(io: RealtimeServer, event: E, deliveries: Delivery<E>[]): void {
  const here = io.of('/').adapter.rooms;
  for (const d of deliveries) {
    if (anyOf(d.to, here)) io.local.to(d.to).emit(event, ...([d.payload] as Parameters<ServerToClientEvents[E]>));
  }
}

/** Whether any of the rooms is among this process's rooms (a loop: no closure a delivery). */
function anyOf(rooms: string[], here: ReadonlyMap<string, unknown>): boolean {
  for (const room of rooms) if (here.has(room)) return true;
  return false;
}

/**
 * The same event with a payload of its own to each of several audiences (an award to a class is
 * 30 `teacher-gave-coins`, one per student, each to the student and the group's teachers), sent
 * exactly as one `io.to(rooms).emit()` per delivery would: same event, payloads and order. With
 * several processes the batch crosses Redis as one message instead of one per delivery (the Redis
 * adapter publishes every broadcast by itself, and every other process decodes each one), and
 * each process sends it to its own sockets. Without Redis, `io.local` is `io`.
 */
export function emitMany<E extends keyof ServerToClientEvents>(io: RealtimeServer, event: E, deliveries: Delivery<E>[]): void {
  if (deliveries.length === 0) return;
  emitToOwnSockets(io, event, deliveries);
  if (acrossNodes.has(io)) io.serverSideEmit(EMIT_MANY, event, deliveries);
}
