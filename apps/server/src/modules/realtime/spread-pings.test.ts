import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeServer } from './io.ts';
import { spreadFirstPings } from './spread-pings.ts';

// A real Socket.IO server pinging every second, and real clients over a WebSocket (as the web app).
const PING_INTERVAL_MS = 1000;
let http: HttpServer;
let io: Server;
let base = '';
const clients: Socket[] = [];
/** The fractions of the interval the connections' first pings wait, in the order they connect. */
const fractions: number[] = [];

beforeAll(async () => {
  http = createServer();
  io = new Server(http, { path: '/socket.io', pingInterval: PING_INTERVAL_MS, pingTimeout: 2000 });
  spreadFirstPings(io as unknown as RealtimeServer, () => fractions.shift() ?? 1);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  clients.forEach((c) => c.disconnect());
  await io.close();
});

async function open(): Promise<Socket> {
  const client = connect(base, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  return client;
}

describe('spread first pings', () => {
  it('ping a socket first at its own moment of the interval, then every interval after the pong, as engine.io does', async () => {
    const heard: string[] = [];
    const pinged = (client: Socket, name: string, times: number) =>
      new Promise<void>((resolve) => {
        let n = 0;
        client.io.engine.on('ping', () => {
          heard.push(name);
          if (++n === times) resolve();
        });
      });
    // The first to connect waits 90 % of the interval for its first ping, the second 10 %: the
    // second is pinged first (without the spreading, the first would be, a whole interval after
    // it connected).
    fractions.push(0.9, 0.1);
    const early = await open();
    const late = await open();
    const earlyPings = pinged(early, 'early', 3);
    const latePings = pinged(late, 'late', 3);
    await Promise.all([earlyPings, latePings]);
    expect(heard[0]).toBe('late');
    // Both were pinged again after their first pong and stayed connected: engine.io's own timer
    // took over.
    expect([early.connected, late.connected]).toEqual([true, true]);
    const sockets = await io.fetchSockets();
    expect(sockets).toHaveLength(2);
  });
});
