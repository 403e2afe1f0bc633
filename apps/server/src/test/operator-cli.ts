import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { readOperatorFile } from '../modules/operator/operator.ts';
import { freePort } from '../../../../scripts/free-port.mjs';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** `npm run admin -- <args>` as an operator runs it, on the embedded database in dataDir or on PostgreSQL. */
export function admin(place: { dataDir: string } | { databaseUrl: string }, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  if ('dataDir' in place) env.DATA_DIR = place.dataDir;
  else env.DATABASE_URL = place.databaseUrl;
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/admin.ts'), ...args], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
}

/** The server, as `npm start` runs it on the embedded database (jobs off); resolves once it holds dataDir. */
export async function startServer(dataDir: string) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', CAPTCHA: 'off', NODE_ENV: 'development', WEB_DIST: '/nonexistent', JOBS: 'off' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };
  try {
    await expect.poll(() => readOperatorFile(dataDir)?.port, { timeout: 90_000, interval: 200 }).toBe(port);
  } catch (err) {
    await stop();
    throw new Error(`${String(err)}\nserver stderr:\n${stderr}`, { cause: err });
  }
  return { base: `http://127.0.0.1:${port}`, stderr: () => stderr, stop };
}
