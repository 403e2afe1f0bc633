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

/** Tests pick the moments: `random` in [0, 1), `clock` in ms (performance.now()). */
export interface SpreadOptions {
  random?: () => number;
  clock?: () => number;
}

/** The moments of the interval the first pings go at: a hundredth of it apart (250 ms). */
const SLOTS = 100;

/**
 * Sends each connection's first ping at one of a hundred moments of the ping interval, picked at
 * random, instead of a whole interval after it connected, so that the pings of sockets that
 * connected together do not stay together. engine.io pings every socket `pingInterval` (25 s)
 * after its last pong: sockets that connect within a few seconds, as a whole school's do when a
 * server restarts, are pinged within those same seconds every 25 s for as long as they stay
 * connected. At 10,000 sockets that was the server's main thread busy another 90–210 ms a second
 * for 6–7 s of every 25 (bench/README.md, "The disk under the bursts, a skipped broadcast, and
 * the clients' scheduling"). After the first ping, engine.io's own timer takes over: the next ping
 * goes `pingInterval` after the pong, as before.
 *
 * The connections of a moment are pinged together, by one timer. Pinged each at a moment of its
 * own, 10,000 idle sockets cost the server (and the clients) almost twice the CPU for about the
 * same writes, likely as every ping and every pong woke the event loop by itself (bench/README.md,
 * "Pings spread out, and 333 awards a second held on one process").
 *
 * The client is none the wiser: it only waits at most `pingInterval + pingTimeout` for a ping, and
 * the first one now comes sooner. Should a later engine.io lack the parts used, the connection is
 * left with its own timer.
 */
export function spreadFirstPings(io: RealtimeServer, { random = Math.random, clock = () => performance.now() }: SpreadOptions = {}): void {
  const interval = io.engine.opts.pingInterval ?? 25_000;
  const slotMs = interval / SLOTS;
  /** The connections waiting for their first ping, by the moment it is due (on `clock`). */
  const due = new Map<number, PingingConnection[]>();
  io.engine.on('connection', (conn: PingingConnection) => {
    const parts = [conn.schedulePing, conn.sendPacket, conn.resetPingTimeout];
    if (conn.protocol < 4 || !conn.pingIntervalTimer || parts.some((part) => typeof part !== 'function')) return;
    clearTimeout(conn.pingIntervalTimer);
    conn.pingIntervalTimer = null;
    const now = clock();
    const at = Math.ceil((now + random() * interval) / slotMs) * slotMs;
    const waiting = due.get(at);
    if (waiting) {
      waiting.push(conn);
      return;
    }
    due.set(at, [conn]);
    // Unref'd: a first ping still to come keeps no closing process alive.
    setTimeout(() => {
      const batch = due.get(at) ?? [];
      due.delete(at);
      for (const c of batch) firstPing(c);
    }, Math.max(1, at - now)).unref();
  });
}

function firstPing(conn: PingingConnection): void {
  if (conn.readyState !== 'open') return;
  // engine.io's timer from now on (the pong refreshes it), then the ping it would have sent.
  conn.schedulePing();
  conn.hasRefreshedPingTimeout = false;
  conn.sendPacket('ping');
  conn.resetPingTimeout();
}
