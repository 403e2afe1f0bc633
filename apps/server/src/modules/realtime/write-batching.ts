import type { RealtimeServer } from './io.ts';

/** The parts of engine.io's websocket transport this touches (engine.io 6; ws underneath). */
interface WebsocketTransport {
  name: string;
  send(packets: unknown[]): void;
  socket?: { _socket?: { cork(): void; uncork(): void } };
}

const batched = new WeakSet<object>();

/**
 * Sends each flush of a websocket connection's queued packets as one write. engine.io hands a
 * connection's queued packets to its transport in one `send`, and ws writes every frame with a
 * `writev` of its own: a teacher watching a class gets an award's 30 `teacher-gave-coins` events
 * as 30 system calls, the largest share of the server's CPU at 10,000 sockets
 * (bench/README.md, "Live updates: 10,000 sockets"). Corking the TCP socket around that `send`
 * makes them one `writev`, with the same frames in the same order. Long-polling connections are
 * left alone until they upgrade.
 *
 * Once a flush is written, its array of packets is emptied. It is engine.io's queue
 * (`writeBuffer`), which a socket keeps between flushes: on a socket that waits a second or more
 * for its next event (every student's), V8 has moved that array to the old generation by then,
 * and an old array still pointing at the packets after engine.io drops it keeps them alive
 * through every minor GC until the next major one. That carried some 28 KB an award (the
 * packets, their encoded text and frames) into the old generation, which made a major GC every
 * 10–20 s at 125 awards a second (bench/README.md, "Less garbage per award, fewer bytes per
 * socket, and the GC").
 */
export function batchWebsocketWrites(io: RealtimeServer): void {
  io.engine.on('connection', (conn: { transport: WebsocketTransport; on(event: 'upgrade', fn: (t: WebsocketTransport) => void): void }) => {
    batch(conn.transport);
    conn.on('upgrade', batch);
  });
}

function batch(transport: WebsocketTransport): void {
  if (transport.name !== 'websocket' || batched.has(transport)) return;
  batched.add(transport);
  // ws keeps its TCP socket in `_socket`; should a later version not, frames go out one by one, as before.
  const tcp = transport.socket?._socket;
  const corkable = tcp !== undefined && typeof tcp.cork === 'function' && typeof tcp.uncork === 'function';
  const send = transport.send.bind(transport);
  transport.send = (packets) => {
    try {
      if (!corkable || packets.length < 2) return send(packets);
      tcp.cork();
      try {
        send(packets);
      } finally {
        tcp.uncork();
      }
    } finally {
      // The transport has taken each packet from the array by now; it keeps none of it.
      packets.length = 0;
    }
  };
}
