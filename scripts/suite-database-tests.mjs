// The server's test files that use the suite's database (apps/server/src/test/database.ts, which
// is PGlite, or a database on DATABASE_URL's PostgreSQL), one path a line. CI runs the server suite
// a second time on PostgreSQL (.ci/run); a file that never reaches that database runs the same
// either way (its own PostgreSQL or PGlite, a built bundle, pure functions), so running it again
// would test nothing new. A file counts when it, or a module it imports (relative imports,
// followed through the repository), imports test/database.ts; the setup file every file runs
// (test/setup.ts, which only empties that database between tests) does not count.
//
//   node scripts/suite-database-tests.mjs          the files, relative to the repository
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverSrc = join(root, 'apps/server/src');
const suiteDatabase = join(serverSrc, 'test/database.ts');
const setupFile = join(serverSrc, 'test/setup.ts');

/** Every `*.test.ts` under dir. */
function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The files a module imports by a relative path (static imports, re-exports and import()). */
function relativeImports(file) {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);
  return specifiers.map((specifier) => resolve(dirname(file), specifier)).filter((path) => existsSync(path));
}

const importsOf = new Map();
/** Whether the module, or one it imports however indirectly, imports the suite's database. */
function reachesSuiteDatabase(file) {
  const seen = new Set([setupFile]);
  const pending = [file];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === suiteDatabase) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    if (!importsOf.has(next)) importsOf.set(next, relativeImports(next));
    pending.push(...importsOf.get(next));
  }
  return false;
}

export function suiteDatabaseTests() {
  return testFiles(serverSrc)
    .filter((file) => reachesSuiteDatabase(file))
    .map((file) => relative(root, file))
    .sort();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${suiteDatabaseTests().join('\n')}\n`);
}
