import type { RealtimeServer } from './io.ts';

/** The parts of an engine.io connection this touches (engine.io 6, protocol 4: the server pings). */
interface PingingConnection {
  protocol: number;
  readyState: string;
  pingIntervalTimer: NodeJS.Timeout | null;
  hasRefreshedPingTimeout?: boolean;
  schedulePing(): void;
  sendPacket(type: 'ping'): void;
  resetPingTimeout(): void;
}

/**
 * Sends each connection's first ping at a random moment of the ping interval instead of a whole
 * interval after it connected, so that the pings of sockets that connected together do not stay
 * together. engine.io pings every socket `pingInterval` (25 s) after its last pong: sockets that
 * connect within a few seconds, as a whole school's do when a server restarts, are pinged within
 * those same seconds every 25 s for as long as they stay connected. At 10,000 sockets that was the
 * server's main thread busy another 90–210 ms a second for 6–7 s of every 25 (bench/README.md,
 * "session 14"; "session 15" has the same run with this). After the first ping, engine.io's own
 * timer takes over: the next ping goes `pingInterval` after the pong, as before.
 *
 * The client is none the wiser: it only waits at most `pingInterval + pingTimeout` for a ping, and
 * the first one now comes sooner. Should a later engine.io lack the parts used, the connection is
 * left with its own timer.
 */
export function spreadFirstPings(io: RealtimeServer, random: () => number = Math.random): void {
  const interval = io.engine.opts.pingInterval ?? 25_000;
  io.engine.on('connection', (conn: PingingConnection) => {
    const parts = [conn.schedulePing, conn.sendPacket, conn.resetPingTimeout];
    if (conn.protocol < 4 || !conn.pingIntervalTimer || parts.some((part) => typeof part !== 'function')) return;
    clearTimeout(conn.pingIntervalTimer);
    conn.pingIntervalTimer = setTimeout(
      () => {
        if (conn.readyState !== 'open') return;
        // engine.io's timer from now on (the pong refreshes it), then the ping it would have sent.
        conn.schedulePing();
        conn.hasRefreshedPingTimeout = false;
        conn.sendPacket('ping');
        conn.resetPingTimeout();
      },
      Math.max(1, Math.ceil(random() * interval)),
    );
  });
}
