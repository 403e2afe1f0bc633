import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitMany } from './emit-many.ts';
import type { RealtimeServer } from './io.ts';

// A real Socket.IO server (one process, the in-memory adapter) and a real client in two rooms.
let http: HttpServer;
let io: RealtimeServer;
let client: Socket;

beforeAll(async () => {
  http = createServer();
  io = new Server(http, { path: '/socket.io' }) as unknown as RealtimeServer;
  const joined = new Promise<void>((resolve) =>
    io.on('connection', (socket) => {
      void socket.join(['member:here', 'teachers:g1']);
      resolve();
    }),
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  await joined;
});

afterAll(async () => {
  client.disconnect();
  await io.close();
});

describe('emitMany', () => {
  it('sends each delivery to the sockets in its rooms, in order, and broadcasts none that no socket here would receive', async () => {
    const adapter = io.of('/').adapter;
    const broadcasts: unknown[] = [];
    const broadcast = adapter.broadcast.bind(adapter);
    adapter.broadcast = (packet, opts) => {
      broadcasts.push((packet as { data: unknown[] }).data[1]);
      broadcast(packet, opts);
    };
    const got: unknown[] = [];
    const all = new Promise<void>((resolve) =>
      client.on('teacher-gave-coins', (p) => {
        got.push(p);
        if (got.length === 3) resolve();
      }),
    );
    const payload = (id: string, coins: number) => ({ member_id: id, coins, amount: 1 });
    try {
      emitMany(io, 'teacher-gave-coins', [
        { to: ['member:here', 'teachers:g2'], payload: payload('here', 1) },
        // Another process's student of another class: no socket here is in either room.
        { to: ['member:elsewhere', 'teachers:g2'], payload: payload('elsewhere', 2) },
        // Another process's student of this socket's class: it hears it as the class's teacher.
        { to: ['member:elsewhere', 'teachers:g1'], payload: payload('elsewhere', 3) },
        { to: ['member:here', 'teachers:g1'], payload: payload('here', 4) },
      ]);
      await all;
    } finally {
      adapter.broadcast = broadcast;
    }
    expect(got).toEqual([payload('here', 1), payload('elsewhere', 3), payload('here', 4)]);
    // The delivery to rooms with no socket here was never encoded nor broadcast.
    expect(broadcasts).toEqual(got);
  });
});
