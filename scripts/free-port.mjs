// The browser tests' port. A fixed one fails as soon as something else listens there (the app a
// newcomer left running), so unless E2E_PORT names one, the system picks a free one.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nothing listens on: what the system gives for port 0 on 127.0.0.1, closed again at once. */
export function freePort() {
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
