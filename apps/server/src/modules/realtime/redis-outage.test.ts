import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import net from 'node:net';
import { Server } from 'socket.io';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../../scripts/free-port.mjs';
import { connectRedisAdapter } from '../../plugins/realtime.ts';

/**
 * Redis going away for longer than node-redis's default command timeout (5 s) while a process
 * keeps emitting across nodes. A Redis server of the test's own, on a free port, is stopped and
 * started again; the machine's Redis is not touched. Skipped, saying why, without redis-server.
 */
const REDIS_SERVER = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let redis: ChildProcess | undefined;
let redisPort = 0;
const stops: (() => Promise<unknown>)[] = [];

async function startRedis(port: number): Promise<void> {
  redisPort = port;
  redis = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)));
      s.on('error', () => resolve(false));
    });
    if (up) return;
    await sleep(50);
  }
  throw new Error('redis-server did not start');
}

async function stopRedis(): Promise<void> {
  const child = redis;
  redis = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** A Socket.IO server on the server's own Redis adapter; `heard` collects its 'probe' events. */
async function node(url: string) {
  const { pub, sub, adapter } = await connectRedisAdapter(url, 'outage-test', () => undefined);
  // Attached to an HTTP server that never listens: Server.close() closes an engine.
  const io = new Server(createServer());
  io.adapter(adapter);
  const heard: number[] = [];
  io.on('probe', (n: number) => heard.push(n));
  stops.push(async () => {
    await io.close();
    // close() waits for every command's answer; a client whose command timed out in the outage
    // (the test failing) never gets one, and is destroyed instead.
    const closed = Promise.allSettled([pub.close(), sub.close()]).then(() => true);
    if (!(await Promise.race([closed, sleep(3000).then(() => false)]))) {
      pub.destroy();
      sub.destroy();
    }
  });
  return { io, heard, ready: () => pub.isReady && sub.isReady };
}

afterAll(async () => {
  // A client closes once its commands are answered: with Redis away (the test failed during the
  // outage) that would be never.
  if (stops.length > 0 && !redis) await startRedis(redisPort);
  for (const stop of stops.splice(0)) await stop();
  await stopRedis();
});

describe.skipIf(!REDIS_SERVER)('the Redis adapter when Redis is away', () => {
  it('keeps the process up through an outage longer than 5 s, and crosses nodes again once Redis is back', { timeout: 40_000 }, async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const port = await freePort();
      await startRedis(port);
      const url = `redis://127.0.0.1:${port}`;
      const a = await node(url);
      const b = await node(url);
      const crosses = async (n: number) => {
        for (let i = 0; i < 100 && !b.heard.includes(n); i++) {
          a.io.serverSideEmit('probe', n);
          await sleep(100);
        }
        return b.heard.includes(n);
      };
      expect(await crosses(1)).toBe(true);

      await stopRedis();
      // Emitted while Redis is away: queued by the client, for longer than its default timeout.
      a.io.serverSideEmit('probe', 2);
      await sleep(6000);
      expect(unhandled).toEqual([]);

      await startRedis(port);
      expect(await crosses(3)).toBe(true);
      // Every client back (each reconnects on its own backoff), so that they close cleanly.
      for (let i = 0; i < 100 && !(a.ready() && b.ready()); i++) await sleep(100);
      expect(a.ready() && b.ready()).toBe(true);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
