import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { e2ePort, freePort, freePortSync } from './free-port.mjs';

const servers = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Listens on the port (127.0.0.1); resolves with the error code when it cannot, else null. */
function occupy(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (err) => resolve(err.code));
    server.listen(port, '127.0.0.1', () => {
      servers.push(server);
      resolve(null);
    });
  });
}

describe('the browser tests port', () => {
  it('freePort and freePortSync answer a port that can be listened on at once', async () => {
    for (const port of [await freePort(), freePortSync()]) {
      expect(Number.isInteger(port) && port > 0 && port < 65536).toBe(true);
      expect(await occupy(port)).toBeNull();
    }
  });

  it('is not 3100 when something listens there, and E2E_PORT wins when set', async () => {
    // Taken by this test, or already by something else (EADDRINUSE): either way it is not free.
    expect([null, 'EADDRINUSE']).toContain(await occupy(3100));
    const port = e2ePort({});
    expect(port).not.toBe(3100);
    expect(await occupy(port)).toBeNull();
    expect(e2ePort({ E2E_PORT: '4321' })).toBe(4321);
    expect(() => e2ePort({ E2E_PORT: 'http://localhost:3100' })).toThrow(/not a port number/);
  });

  it('answers a port below the range the kernel gives listeners that ask for any, so none of them takes it meanwhile', async () => {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    const picked = await Promise.all(Array.from({ length: 5 }, () => freePort()));
    for (const port of picked) expect(port).toBeLessThan(low);
    // Ten listeners asking for any port, started after the picks, get none of them.
    for (let i = 0; i < 10; i++) {
      await occupy(0);
      const given = servers.at(-1).address().port;
      expect(picked).not.toContain(given);
    }
  });
});

