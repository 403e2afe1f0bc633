import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The DATA_DIR of the server this run tests. playwright.config.ts makes it with mkdtemp in the
 * runner, and each worker, which reads the config again, would make another: so it is found as
 * the kolikko-e2e-* directory whose operator.json (written by the running server) names our port.
 */
function serverDataDir(): string {
  const port = Number(process.env.E2E_PORT);
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith('kolikko-e2e-')) continue;
    const file = join(tmpdir(), name, 'operator.json');
    if (!existsSync(file)) continue;
    try {
      if ((JSON.parse(readFileSync(file, 'utf8')) as { port?: number }).port === port) return join(tmpdir(), name);
    } catch {
      // Another run's file, being written or removed: not ours.
    }
  }
  throw new Error(`no operator.json for port ${port} under ${tmpdir()}`);
}

/** Makes a teacher premium with the operator command (README, "Operations"); the running server applies it. */
export async function makePremium(username: string): Promise<void> {
  await promisify(execFile)('node', ['--import', 'tsx', 'apps/server/src/admin.ts', 'premium', username], {
    cwd: root,
    env: { ...process.env, DATA_DIR: serverDataDir(), NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    timeout: 120_000,
  });
}
