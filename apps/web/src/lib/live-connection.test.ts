// @vitest-environment node
/// <reference types="node" />
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { connectLive, type LiveConnection } from './live-connection.ts';

// The client against a real Socket.IO server (the server's own library and settings), over a
// real WebSocket (`ws` stands in for the browser's).
let http: HttpServer;
let io: Server;
let port = 0;
/** Sockets the handshake refuses: the cookie a browser would send is not there. */
let refuse = false;

beforeAll(async () => {
  http = createServer();
  io = new Server(http, { path: '/socket.io', pingInterval: 200, pingTimeout: 200 });
  io.use((_socket, next) => (refuse ? next(new Error('AUTH.NO_AUTH')) : next()));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  port = (http.address() as AddressInfo).port;
  Object.assign(globalThis, { WebSocket, window: { location: { protocol: 'http:', host: `127.0.0.1:${port}` } } });
});

afterAll(async () => {
  await io.close();
});

function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (check()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error('timed out'));
      else setTimeout(poll, 10);
    };
    poll();
  });
}

async function connected(): Promise<LiveConnection> {
  const live = connectLive();
  await until(() => live.connected);
  return live;
}

describe('the live connection', () => {
  it('connects, hears the events the server sends, and stops hearing one it leaves', async () => {
    const live = await connected();
    const heard: unknown[] = [];
    const listener = (payload: unknown) => heard.push(payload);
    live.on('teacher-gave-coins', listener as never);
    io.emit('teacher-gave-coins', { member_id: 'm1', coins: 5 });
    await until(() => heard.length === 1);
    expect(heard).toEqual([{ member_id: 'm1', coins: 5 }]);
    live.off('teacher-gave-coins', listener as never);
    io.emit('teacher-gave-coins', { member_id: 'm1', coins: 6 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toHaveLength(1);
    live.close();
  });

  it('answers the server\'s pings, so the server keeps it past several ping windows', async () => {
    const live = await connected();
    let disconnects = 0;
    live.on('disconnect', () => (disconnects += 1));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect([live.connected, disconnects]).toEqual([true, 0]);
    live.close();
  });

  it('reconnects when the line drops, and says connect again', async () => {
    const live = await connected();
    let connects = 0;
    live.on('connect', () => (connects += 1));
    for (const socket of io.sockets.sockets.values()) socket.conn.close();
    await until(() => !live.connected);
    await until(() => live.connected && connects === 1, 15_000);
    live.close();
  }, 60_000);

  it('says lost when an attempt fails before it connects, then connects on the next', async () => {
    // The server's answer to the namespace join is held back, and the line cut meanwhile: the
    // page never had a connection, yet it went on without one for a while.
    let hold = true;
    let cut = false;
    const held = (socket: { conn: { close(): void } }, next: (err?: Error) => void) => {
      if (!hold) return next();
      cut = true;
      socket.conn.close();
    };
    io.use(held);
    const live = connectLive();
    const events: string[] = [];
    live.on('lost', () => events.push('lost'));
    live.on('connect', () => events.push('connect'));
    await until(() => cut);
    hold = false;
    await until(() => live.connected, 15_000);
    expect(events).toEqual(['lost', 'connect']);
    live.close();
  }, 60_000);

  it('does not reconnect when the server ends the socket or the handshake refuses it', async () => {
    const live = await connected();
    io.disconnectSockets();
    await until(() => !live.connected);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(live.connected).toBe(false);
    expect(io.sockets.sockets.size).toBe(0);
    live.close();

    refuse = true;
    const refused = connectLive();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect([refused.connected, io.sockets.sockets.size]).toEqual([false, 0]);
    refused.close();
    refuse = false;
  });
});
