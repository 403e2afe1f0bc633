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
  io.on(EMIT_MANY, (event, deliveries) => {
    for (const d of deliveries) io.local.to(d.to).emit(event as keyof ServerToClientEvents, d.payload as never);
  });
}

/**
 * The same event with a payload of its own to each of several audiences (an award to a class is
 * 30 `teacher-gave-coins`, one per student, each to the student and the group's teachers), sent
 * exactly as one `io.to(rooms).emit()` per delivery would: same event, payloads and order. With
 * several processes the batch crosses Redis as one message instead of one per delivery (the Redis
 * adapter publishes every broadcast by itself, and every other process decodes each one), and
 * each process sends it to its own sockets.
 */
export function emitMany<E extends keyof ServerToClientEvents>(io: RealtimeServer, event: E, deliveries: Delivery<E>[]): void {
  if (deliveries.length === 0) return;
  const target = acrossNodes.has(io) ? io.local : io;
  for (const d of deliveries) target.to(d.to).emit(event, ...([d.payload] as Parameters<ServerToClientEvents[E]>));
  if (acrossNodes.has(io)) io.serverSideEmit(EMIT_MANY, event, deliveries);
}
