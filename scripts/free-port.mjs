// The browser tests' port. A fixed one fails as soon as something else listens there (the app a
// newcomer left running), so unless E2E_PORT names one, the system picks a free one.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The range the kernel takes a port from when a listener asks for any (Linux), or null. */
function anyPortRange() {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return low > 0 && high >= low ? [low, high] : null;
  } catch {
    return null;
  }
}

/** Whether a server can listen on 127.0.0.1:port now (tried, and closed again). */
function canListen(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port nothing listens on, for a server started a little later. Taken below the range the kernel
 * hands out for port 0: a port given for 0 and closed again is the next one the kernel gives the
 * next listener that asks for any (a test's OpenID provider took a spec's "provider that is down"
 * port that way), while one below that range only a listener naming it can take.
 */
export async function freePort() {
  const range = anyPortRange();
  if (range && range[0] > 10_001) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = 10_000 + Math.floor(Math.random() * (range[0] - 10_000));
      if (await canListen(port)) return port;
    }
  }
  return anyPort();
}

/** What the system gives for port 0 on 127.0.0.1, closed again at once. */
function anyPort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** freePort() for a caller that cannot wait (Playwright reads its config synchronously): asked of a child process. */
export function freePortSync() {
  const script = `import { freePort } from ${JSON.stringify(import.meta.url)}; process.stdout.write(String(await freePort()));`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

/** E2E_PORT when it is set (it must be a port number), else a free port. */
export function e2ePort(env = process.env) {
  const given = env.E2E_PORT;
  if (given === undefined || given === '') return freePortSync();
  const port = Number(given);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`E2E_PORT is not a port number: ${given}`);
  return port;
}
