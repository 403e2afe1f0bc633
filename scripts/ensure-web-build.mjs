// Builds the web app when it is missing or older than its sources, so `npm start` always
// serves what the working tree holds without paying for a build on every start.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/core/src'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), s.mtimeMs);
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const changedAt = Math.max(...sources.map((p) => newest(join(root, p))));
if (builtAt === 0 || changedAt > builtAt) {
  process.stdout.write(builtAt === 0 ? 'Building the web app (first start)...\n' : 'Web sources changed: rebuilding...\n');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
