import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PREDEFINED_TODO_IMAGES } from '@kolikko/core/enumerations';
// The build script is plain JavaScript of the repository's own.
import { buildServer } from '../../../scripts/ensure-server-build.mjs';
import { freePort } from '../../../scripts/free-port.mjs';

// Inside the checkout, as the real bundle is: the packages it leaves out resolve from node_modules.
const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
mkdirSync(distDir, { recursive: true });
const dir = mkdtempSync(join(distDir, 'test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * `npm start` runs the compiled server (scripts/ensure-server-build.mjs), which the rest of the
 * suite never does: this compiles it somewhere else and starts it on a fresh PGlite, so a bundle
 * that cannot find its migrations, avatar art or predefined images fails here.
 */
describe('the compiled server (npm start)', () => {
  it('starts on a fresh database and serves what it reads from files next to its sources', async () => {
    const bundle = join(dir, 'server.mjs');
    await buildServer(bundle);
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn', CAPTCHA: 'off', NODE_ENV: 'development', WEB_DIST: '/nonexistent' };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const child = spawn(process.execPath, ['--enable-source-maps', bundle], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const base = `http://127.0.0.1:${port}`;
      await expect
        .poll(async () => (await fetch(`${base}/healthz`).catch(() => undefined))?.status, { timeout: 150_000, interval: 100 })
        .toBe(200);
      // Migrations ran: a route that reads a table answers.
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect((await fetch(`${base}/api/checkStatus`)).status).toBe(401);
      // The avatar art (assets/characters) and a predefined todo image (modules/todos/predefined).
      const faces = (await (await fetch(`${base}/api/images/faces`)).json()) as { path: string }[];
      expect(faces.length).toBeGreaterThan(0);
      expect((await fetch(`${base}/api/images/${faces[0]?.path}`)).status).toBe(200);
      const predefined = await fetch(`${base}/api/public/predefined-images/${PREDEFINED_TODO_IMAGES[0]}`);
      expect([predefined.status, predefined.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    } catch (err) {
      throw new Error(`${String(err)}\nserver stderr:\n${stderr}`, { cause: err });
    } finally {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
    expect(stderr).not.toMatch(/Error/);
  }, 240_000);
});
