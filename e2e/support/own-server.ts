import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface OwnServer {
  url: string;
  port: number;
  stop: () => Promise<void>;
}

/** A port nothing listens on, for a server a spec starts itself (and must know before it starts, e.g. for PUBLIC_URL). */
export const pickPort = (): Promise<number> => freePort();

/**
 * A server of a spec's own (the shared one of playwright.config.ts cannot take a spec's settings,
 * e.g. SSO_* pointing at a provider the spec runs): `node --import tsx apps/server/src/main.ts`
 * on `port`, with a data directory (PGlite) of its own and `env` on top of the shared server's.
 * Answers once /healthz does; `stop` ends it by its PID.
 */
export async function startOwnServer(port: number, env: Record<string, string>): Promise<OwnServer> {
  const url = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  // Its own PGlite database and in-memory state, never a database or Redis the shell points at.
  delete inherited.DATABASE_URL;
  delete inherited.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kolikko-e2e-own-')),
      PUBLIC_URL: url,
      CAPTCHA: 'on',
      LIMITS_EXEMPT_ADDRESSES: '127.0.0.1,::1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let done = false;
  void exited.then(() => (done = true));
  const stop = async () => {
    if (!done && child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
    await exited;
  };
  // tsx compiles the server at start: up to a minute on a busy machine (playwright.config.ts).
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (done) throw new Error(`the server stopped before it answered:\n${stderr}`);
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { url, port, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server did not answer /healthz within 180 s:\n${stderr}`);
}
