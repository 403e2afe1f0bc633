import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedisAdapter } from '../../plugins/realtime.ts';
import { REDIS_SERVER, startOwnRedis, type OwnRedis } from '../../test/own-servers.ts';

/**
 * Redis going away for longer than node-redis's default command timeout (5 s) while a process
 * keeps emitting across nodes. A Redis server of the test's own (test/own-servers.ts) is stopped
 * and started again; the machine's Redis is not touched. Skipped, saying why, without redis-server.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let redis: OwnRedis | undefined;
let away = false;
const stops: (() => Promise<unknown>)[] = [];

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
  if (stops.length > 0 && away) await redis?.start();
  for (const stop of stops.splice(0)) await stop();
  await redis?.stop();
});

describe.skipIf(!REDIS_SERVER)('the Redis adapter when Redis is away', () => {
  it('keeps the process up through an outage longer than 5 s, and crosses nodes again once Redis is back', { timeout: 40_000 }, async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      redis = await startOwnRedis();
      const { url } = redis;
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

      await redis.stop();
      away = true;
      // Emitted while Redis is away: queued by the client, for longer than its default timeout.
      a.io.serverSideEmit('probe', 2);
      await sleep(6000);
      expect(unhandled).toEqual([]);

      await redis.start();
      away = false;
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
