import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
// The port helper is plain JavaScript of the repository's own, shared with scripts/test.mjs.
import { e2ePort } from '../scripts/free-port.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// E2E_PORT, or a free port (scripts/free-port.mjs): something may already listen on any fixed one.
// Kept in the environment, so the workers, which read this file again, use the same port.
const port = e2ePort();
process.env.E2E_PORT = String(port);
export const baseURL = `http://localhost:${port}`;
// The server's data directory, kept in the environment like the port: a test that runs an
// operator command (e2e/support/premium.ts) needs the same one the server uses.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'kolikko-e2e-'));

/** Debian's Chromium, with the flags this machine's closed network needs. Never a downloaded browser. */
const launchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    // One renderer process for the app's pages of a context instead of one per site and frame:
    // the app is one origin, and the journeys ran 5 % faster (91-92 s against 96-97 s for 22 tests).
    '--disable-site-isolation-trials',
    '--disable-features=IsolateOrigins,site-per-process',
  ],
};

export default defineConfig({
  testDir: './tests',
  outputDir: join(root, 'test-results/e2e'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Generous: CI may run on a busy 2-core machine (load 10 to 20 seen), where the longest tests
  // took 75 s of the former 90; a real hang still fails, and nothing here waits for the time to pass.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? join(root, 'test-results/playwright.json') }]],
  use: {
    baseURL,
    // A failed test's trace keeps the page's DOM at each step, not a film of the screen: the
    // screencast, recorded for every test and thrown away when it passes, cost the browsers a
    // quarter of their time (bench/README.md, "Browser tests").
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
  ],
  webServer: {
    // The compiled server, as npm start runs it (compiled first when older than its sources):
    // tsx compiling the sources at start took 20 to 50 s of a busy machine.
    command: 'node scripts/ensure-server-build.mjs && node --enable-source-maps apps/server/dist/server.mjs',
    cwd: root,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      CAPTCHA: 'on',
      // The browsers and the tests' requests come from this machine: its many signups and demos are not limited.
      LIMITS_EXEMPT_ADDRESSES: '127.0.0.1,::1',
      // Every browser and test request comes from this one address, more than a class's 2,000 a minute.
      RATE_LIMIT_PER_MINUTE: '20000',
      // Contact form messages are mailed here, i.e. kept in the outbox (no SMTP_URL): e2e/tests/contact.spec.ts reads it.
      CONTACT_TO: 'contact@kolikko.test',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
  },
});
