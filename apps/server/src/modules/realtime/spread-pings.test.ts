import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { RealtimeServer } from './io.ts';
import { spreadFirstPings, type SpreadOptions } from './spread-pings.ts';

// A real Socket.IO server pinging every second or few, and real clients over a WebSocket (as the web app).
let io: Server | undefined;
const clients: Socket[] = [];

afterEach(async () => {
  clients.splice(0).forEach((c) => c.disconnect());
  await io?.close();
  io = undefined;
});

/** A server with spread first pings; answers its URL and, per connection id, when it sent each ping. */
async function serve(options: SpreadOptions, pingInterval = 1000): Promise<{ base: string; pings: Map<string, number[]> }> {
  const http = createServer();
  io = new Server(http, { path: '/socket.io', pingInterval, pingTimeout: 2000 });
  spreadFirstPings(io as unknown as RealtimeServer, options);
  const pings = new Map<string, number[]>();
  io.engine.on('connection', (conn: { id: string; on(event: 'packetCreate', fn: (p: { type: string }) => void): void }) => {
    conn.on('packetCreate', (packet) => {
      if (packet.type === 'ping') pings.set(conn.id, [...(pings.get(conn.id) ?? []), performance.now()]);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, pings };
}

async function open(base: string): Promise<Socket> {
  const client = connect(base, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  return client;
}

/** Resolves once the client has been pinged `times` times, calling `heard` on each ping. */
function pinged(client: Socket, times: number, heard: () => void = () => {}): Promise<void> {
  return new Promise((resolve) => {
    let n = 0;
    client.io.engine.on('ping', () => {
      heard();
      if (++n === times) resolve();
    });
  });
}

describe('spread first pings', () => {
  it('ping a socket first at its own moment of the interval, then every interval after the pong, as engine.io does', async () => {
    // The first to connect waits 90 % of the interval for its first ping, the second 10 %: the
    // second is pinged first (without the spreading, the first would be, a whole interval after
    // it connected).
    const fractions = [0.9, 0.1];
    const { base } = await serve({ random: () => fractions.shift() ?? 1 });
    const heard: string[] = [];
    const early = await open(base);
    const late = await open(base);
    await Promise.all([pinged(early, 3, () => heard.push('early')), pinged(late, 3, () => heard.push('late'))]);
    expect(heard[0]).toBe('late');
    // Both were pinged again after their first pong and stayed connected: engine.io's own timer
    // took over.
    expect([early.connected, late.connected]).toEqual([true, true]);
    expect(await io!.fetchSockets()).toHaveLength(2);
  });

  it('ping the connections due at the same moment together, by one timer', async () => {
    // A clock that stands still: the three connections, opened 300 ms apart, are all due at the
    // same moment, about 3 s after the first (the interval: time to spare on a busy machine). One
    // timer for the moment pings them in one go; a timer for each would ping them 300 ms apart,
    // as they connected.
    const { base, pings } = await serve({ random: () => 0.99, clock: () => 5_000 }, 3000);
    const sockets: Socket[] = [];
    for (let i = 0; i < 3; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 300));
      sockets.push(await open(base));
    }
    await Promise.all(sockets.map((s) => pinged(s, 1)));
    const firsts = [...pings.values()].map((times) => times[0]!);
    expect(firsts).toHaveLength(3);
    expect(Math.max(...firsts) - Math.min(...firsts)).toBeLessThan(150);
  });
});
