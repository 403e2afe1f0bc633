// When a build output was made, and whether its sources changed since: for the scripts that build
// on `npm start` only what is missing or stale.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time (ms) of a file, or of anything below a directory; 0 if missing. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), s.mtimeMs);
}

/**
 * 'missing' when `output` does not exist, 'stale' when one of `sources` (paths below `root`)
 * changed after it, else 'fresh'.
 */
export function buildState(root, output, sources) {
  if (!existsSync(output)) return 'missing';
  const changedAt = Math.max(...sources.map((path) => newest(join(root, path))));
  return changedAt > statSync(output).mtimeMs ? 'stale' : 'fresh';
}
