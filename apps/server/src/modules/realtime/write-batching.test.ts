import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeServer } from './io.ts';
import { batchWebsocketWrites } from './write-batching.ts';

// A real Socket.IO server with the batching, and real clients: straight over a WebSocket (as the
// web app), and long-polling that upgrades (socket.io-client's fallback).
let http: HttpServer;
let io: Server;
let base = '';
const clients: Socket[] = [];
/** Per server-side socket id: how many writes its TCP socket made during its burst. */
const writes = new Map<string, number>();
/** Per server-side socket id: the packet arrays engine.io handed its transport during its burst. */
const flushes = new Map<string, unknown[][]>();

interface TcpWrites {
  _write(...args: unknown[]): void;
  _writev(...args: unknown[]): void;
}

beforeAll(async () => {
  http = createServer();
  io = new Server(http, { path: '/socket.io' });
  batchWebsocketWrites(io as unknown as RealtimeServer);
  io.on('connection', (socket) => {
    socket.on('burst', (n: number) => {
      // The TCP socket's writes to the kernel: each _write or _writev is one system call.
      const tcp = (socket.conn.transport as unknown as { socket?: { _socket?: TcpWrites } }).socket?._socket;
      if (tcp) {
        const count = () => writes.set(socket.id, (writes.get(socket.id) ?? 0) + 1);
        const { _write: write, _writev: writev } = tcp;
        tcp._write = (...args) => (count(), write.apply(tcp, args));
        tcp._writev = (...args) => (count(), writev.apply(tcp, args));
      }
      const transport = socket.conn.transport as unknown as { send(packets: unknown[]): void };
      const send = transport.send.bind(transport);
      flushes.set(socket.id, []);
      transport.send = (packets) => {
        flushes.get(socket.id)?.push(packets);
        send(packets);
      };
      for (let i = 0; i < n; i++) socket.emit('n', i);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  clients.forEach((c) => c.disconnect());
  await io.close();
});

async function open(transports: ('polling' | 'websocket')[]): Promise<Socket> {
  const client = connect(base, { path: '/socket.io', transports, reconnection: false });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  return client;
}

/** Asks for n events in one go and answers what arrived, in order. */
function burst(client: Socket, n: number): Promise<number[]> {
  const got: number[] = [];
  return new Promise((resolve) => {
    client.on('n', (i: number) => {
      got.push(i);
      if (got.length === n) resolve(got);
    });
    client.emit('burst', n);
  });
}

describe('batched websocket writes', () => {
  it('deliver a burst whole and in order, its queued frames in one write', async () => {
    const client = await open(['websocket']);
    expect(await burst(client, 50)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    // The first frame goes out alone, the 49 queued behind it together: 2 writes, not 50.
    expect(writes.get(client.id ?? '')).toBeGreaterThanOrEqual(1);
    expect(writes.get(client.id ?? '')).toBeLessThanOrEqual(5);
  });

  it("let go of a flush's packets once they are written (engine.io's queue of an idle socket is an old array, which would keep them alive)", async () => {
    const client = await open(['websocket']);
    expect(await burst(client, 30)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    const sent = flushes.get(client.id ?? '') ?? [];
    expect(sent.length).toBeGreaterThanOrEqual(2);
    for (const packets of sent) expect(packets).toEqual([]);
  });

  it('batch a connection that starts with long-polling once it upgrades to a WebSocket', async () => {
    const client = await open(['polling', 'websocket']);
    await new Promise<void>((resolve) => (client.io.engine.transport.name === 'websocket' ? resolve() : client.io.engine.once('upgrade', () => resolve())));
    expect(await burst(client, 50)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(writes.get(client.id ?? '')).toBeGreaterThanOrEqual(1);
    expect(writes.get(client.id ?? '')).toBeLessThanOrEqual(5);
  });
});
