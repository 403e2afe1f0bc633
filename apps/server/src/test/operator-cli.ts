import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { readOperatorFile } from '../modules/operator/operator.ts';
import { freePort } from '../../../../scripts/free-port.mjs';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** Where a command or server runs: the embedded database in dataDir, or PostgreSQL (with Redis: `env` sets REDIS_URL and REDIS_KEY_PREFIX). */
export type Place = { dataDir: string } | { databaseUrl: string; env?: NodeJS.ProcessEnv };

function placeEnv(place: Place): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if ('dataDir' in place) return { ...env, DATA_DIR: place.dataDir };
  return { ...env, DATABASE_URL: place.databaseUrl, ...place.env };
}

/** `npm run admin -- <args>` as an operator runs it, on the embedded database in dataDir or on PostgreSQL. */
export function admin(place: Place, ...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/admin.ts'), ...args], { cwd: root, env: placeEnv(place), encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
}

/**
 * The server, as `npm start` runs it (jobs off), on the embedded database in dataDir or on
 * PostgreSQL; resolves once it holds dataDir (its operator file names its port), or on
 * PostgreSQL once it answers /healthz.
 */
export async function startServer(place: Place, extraEnv: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...placeEnv(place), HOST: '127.0.0.1', PORT: String(port), CAPTCHA: 'off', LIMITS_EXEMPT_ADDRESSES: '127.0.0.1,::1', WEB_DIST: '/nonexistent', JOBS: 'off', ...extraEnv };
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Its log (stdout, at LOG_LEVEL warn) and anything else it said, for a failure's message.
  let stderr = '';
  server.stdout.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };
  const healthy = () => fetch(`${base}/healthz`).then((res) => res.status, () => 0);
  try {
    if ('dataDir' in place) await expect.poll(() => readOperatorFile(place.dataDir)?.port, { timeout: 90_000, interval: 200 }).toBe(port);
    else await expect.poll(healthy, { timeout: 90_000, interval: 200 }).toBe(200);
  } catch (err) {
    await stop();
    throw new Error(`${String(err)}\nserver stderr:\n${stderr}`, { cause: err });
  }
  return { base, process: server, stderr: () => stderr, stop };
}
