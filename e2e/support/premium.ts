import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The DATA_DIR of the server this run tests (playwright.config.ts keeps it in E2E_DATA_DIR). */
function serverDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the tests with e2e/playwright.config.ts');
  return dir;
}

/** Makes a teacher premium with the operator command (README, "Operations"); the running server applies it. */
export async function makePremium(username: string): Promise<void> {
  await promisify(execFile)('node', ['--import', 'tsx', 'apps/server/src/admin.ts', 'premium', username], {
    cwd: root,
    env: { ...process.env, DATA_DIR: serverDataDir(), NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    timeout: 120_000,
  });
}
