import type { ServerToClientEvents } from '@kolikko/core/events';
import { DEMO_AS } from './api-client.ts';

/**
 * The browser's end of the live connection: the Socket.IO protocol (5, over Engine.IO 4) on a
 * WebSocket, for what this app does with it (the server sends events; the client only listens),
 * in 1.5 KB instead of socket.io-client's 12 KB (brotli) on every signed-in page's first load
 * (docs/decisions.md, issue 13). A network that does not let a WebSocket through gets
 * socket.io-client after all, fetched then, with its long-polling fallback.
 *
 * What it speaks, per WebSocket message (one Engine.IO packet each):
 * - `0{sid, pingInterval, pingTimeout}`: open; the client joins the main namespace with `40`,
 *   the server answers `40{sid}` (joined: 'connect') or `44{message}` (refused by the handshake).
 * - `2`: the server's ping; the client answers `3`. No ping for pingInterval + pingTimeout: the
 *   line is dead, the client reconnects.
 * - `42["event", payload]`: an event. `41`: the server ended the socket (no reconnect, as
 *   socket.io-client does).
 * A lost line reconnects after 1 s, doubling up to 5 s, ±50 % (socket.io-client's defaults).
 */
type ServerEvent = keyof ServerToClientEvents;
type Listener = (...args: never[]) => void;
/**
 * `lost`: the WebSocket line dropped or an attempt failed, connected or not; the client tries
 * again. socket.io-client, where it takes over, says `disconnect` only (it took over after two
 * attempts failed, each `lost`).
 */
type ConnectionEvent = 'connect' | 'disconnect' | 'lost';

export interface LiveConnection {
  readonly connected: boolean;
  on<E extends ServerEvent>(event: E, listener: ServerToClientEvents[E]): void;
  on(event: ConnectionEvent, listener: () => void): void;
  off<E extends ServerEvent>(event: E, listener: ServerToClientEvents[E]): void;
  off(event: ConnectionEvent, listener: () => void): void;
  /** Ends the connection for good and forgets every listener. */
  close(): void;
}

const RECONNECT_FIRST_MS = 1000;
const RECONNECT_MAX_MS = 5000;
const RECONNECT_JITTER = 0.5;
/** WebSocket attempts that fail before ever opening, after which the polling client takes over. */
const WEBSOCKET_ATTEMPTS = 2;

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/socket.io/?EIO=4&transport=websocket`;
}

class WebSocketConnection implements LiveConnection {
  connected = false;
  private readonly listeners = new Map<string, Set<Listener>>();
  private ws: WebSocket | null = null;
  private ended = false;
  private attempts = 0;
  private everOpened = false;
  private heartbeat: ReturnType<typeof setTimeout> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private pingWindowMs = 0;

  constructor(private readonly onWebSocketsBlocked: () => void) {
    this.open();
  }

  on(event: string, listener: Listener): void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
  }

  off(event: string, listener: Listener): void {
    this.listeners.get(event)?.delete(listener);
  }

  close(): void {
    this.ended = true;
    this.listeners.clear();
    this.stop();
  }

  private stop(): void {
    clearTimeout(this.heartbeat);
    clearTimeout(this.retry);
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
      ws.close();
    }
    if (this.connected) {
      this.connected = false;
      this.fire('disconnect');
    }
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) (listener as (...values: unknown[]) => void)(...args);
  }

  private open(): void {
    const ws = new WebSocket(socketUrl());
    ws.onmessage = (message) => this.receive(typeof message.data === 'string' ? message.data : '');
    ws.onclose = () => this.lost();
    this.ws = ws;
  }

  private lost(): void {
    const blocked = !this.everOpened;
    this.stop();
    if (this.ended) return;
    this.fire('lost');
    this.attempts += 1;
    if (blocked && this.attempts >= WEBSOCKET_ATTEMPTS) {
      this.ended = true;
      this.onWebSocketsBlocked();
      return;
    }
    const base = Math.min(RECONNECT_FIRST_MS * 2 ** (this.attempts - 1), RECONNECT_MAX_MS);
    const wait = base * (1 - RECONNECT_JITTER + Math.random() * 2 * RECONNECT_JITTER);
    this.retry = setTimeout(() => this.open(), wait);
  }

  /** A ping is due within pingInterval + pingTimeout; without one the line is dead. */
  private expectPing(): void {
    clearTimeout(this.heartbeat);
    this.heartbeat = setTimeout(() => this.lost(), this.pingWindowMs);
  }

  private receive(packet: string): void {
    const ws = this.ws;
    if (!ws) return;
    switch (packet[0]) {
      case '0': {
        const { pingInterval, pingTimeout } = JSON.parse(packet.slice(1)) as { pingInterval: number; pingTimeout: number };
        this.everOpened = true;
        this.pingWindowMs = pingInterval + pingTimeout;
        this.expectPing();
        ws.send(DEMO_AS === null ? '40' : `40${JSON.stringify({ demoAs: DEMO_AS })}`);
        break;
      }
      case '2':
        ws.send('3');
        this.expectPing();
        break;
      case '4':
        this.message(packet.slice(1));
        break;
      case '1':
        this.lost();
        break;
    }
  }

  private message(data: string): void {
    switch (data[0]) {
      case '0':
        this.connected = true;
        this.attempts = 0;
        this.fire('connect');
        break;
      case '2': {
        const [event, ...args] = JSON.parse(data.slice(data.indexOf('['))) as [string, ...unknown[]];
        this.fire(event, ...args);
        break;
      }
      case '1':
      case '4':
        // Ended by the server, or refused at the handshake (no session): no reconnect.
        this.ended = true;
        this.stop();
        break;
    }
  }
}

type Target = { on(event: string, listener: Listener): void; off(event: string, listener: Listener): void; readonly connected: boolean; close(): void };

/** A connection that begins on a WebSocket and moves to socket.io-client if WebSockets are blocked. */
class FallbackConnection implements LiveConnection {
  private readonly listeners = new Map<string, Set<Listener>>();
  private current: Target;
  private closed = false;

  constructor() {
    this.current = new WebSocketConnection(() => this.useSocketIo());
  }

  get connected(): boolean {
    return this.current.connected;
  }

  on(event: string, listener: Listener): void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    this.current.on(event, listener);
  }

  off(event: string, listener: Listener): void {
    this.listeners.get(event)?.delete(listener);
    this.current.off(event, listener);
  }

  close(): void {
    this.closed = true;
    this.listeners.clear();
    this.current.close();
  }

  private useSocketIo(): void {
    void import('socket.io-client').then(({ io }) => {
      if (this.closed) return;
      const socket = io({ path: '/socket.io', withCredentials: true, ...(DEMO_AS === null ? {} : { auth: { demoAs: DEMO_AS } }) });
      const as = (listener: Listener) => listener as (...args: unknown[]) => void;
      this.current = {
        get connected() {
          return socket.connected;
        },
        on: (event, listener) => socket.on(event, as(listener)),
        off: (event, listener) => socket.off(event, as(listener)),
        close: () => {
          socket.removeAllListeners();
          socket.disconnect();
        },
      };
      for (const [event, set] of this.listeners) for (const listener of set) this.current.on(event, listener);
    });
  }
}

export function connectLive(): LiveConnection {
  return new FallbackConnection();
}
