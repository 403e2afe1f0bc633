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
 */
export function batchWebsocketWrites(io: RealtimeServer): void {
  io.engine.on('connection', (conn: { transport: WebsocketTransport; on(event: 'upgrade', fn: (t: WebsocketTransport) => void): void }) => {
    batch(conn.transport);
    conn.on('upgrade', batch);
  });
}

function batch(transport: WebsocketTransport): void {
  if (transport.name !== 'websocket' || batched.has(transport)) return;
  // ws keeps its TCP socket in `_socket`; should a later version not, frames go out one by one, as before.
  const tcp = transport.socket?._socket;
  if (!tcp || typeof tcp.cork !== 'function' || typeof tcp.uncork !== 'function') return;
  batched.add(transport);
  const send = transport.send.bind(transport);
  transport.send = (packets) => {
    if (packets.length < 2) return send(packets);
    tcp.cork();
    try {
      send(packets);
    } finally {
      tcp.uncork();
    }
  };
}
