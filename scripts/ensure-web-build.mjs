// Builds the web app when it is missing or older than its sources, so `npm start` always
// serves what the working tree holds without paying for a build on every start.
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildState } from './build-freshness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/build', 'apps/web/public', 'packages/core/src'];

const state = buildState(root, built, sources);
if (state !== 'fresh') {
  process.stdout.write(state === 'missing' ? 'Building the web app (first start)...\n' : 'Web sources changed: rebuilding...\n');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
