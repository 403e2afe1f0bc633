// Compiles the server (apps/server/src and packages/core) into one ES module,
// apps/server/dist/server.mjs, when it is missing or older than its sources, so `npm start` runs
// plain JavaScript: without tsx compiling at run time the server starts faster and holds about
// 75 MB less (bench/README.md). Packages from node_modules stay outside the bundle.
//
// A file that finds its data next to itself (`new URL('./migrations', import.meta.url)`) keeps
// finding it: in each such file, `import.meta.url` becomes the URL of that source file, computed
// from where the bundle is, so the checkout may move after the build.
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildState } from './build-freshness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUNDLE = join(root, 'apps/server/dist/server.mjs');
const sources = ['apps/server/src', 'apps/server/package.json', 'packages/core/src', 'packages/core/package.json', 'scripts/ensure-server-build.mjs', 'scripts/build-freshness.mjs'];

/** Compiles the server into `outfile` (the bundle `npm start` runs, unless a test asks for another). */
export async function buildServer(outfile = SERVER_BUNDLE) {
  const { build } = await import('esbuild');
  const manifest = JSON.parse(readFileSync(join(root, 'apps/server/package.json'), 'utf8'));
  const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) => !name.startsWith('@kolikko/'));
  await build({
    entryPoints: [join(root, 'apps/server/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    logLevel: 'warning',
    plugins: [
      {
        name: 'source-file-urls',
        setup(builder) {
          builder.onLoad({ filter: /\.ts$/ }, (args) => {
            const text = readFileSync(args.path, 'utf8');
            if (!text.includes('import.meta.url')) return undefined;
            const fromBundle = relative(dirname(outfile), args.path).split('\\').join('/');
            return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader: 'ts' };
          });
        },
      },
    ],
  });
}

/** Builds the bundle if it is missing or older than its sources; answers whether it built. */
export async function ensureServerBuild() {
  const state = buildState(root, SERVER_BUNDLE, sources);
  if (state === 'fresh') return false;
  process.stdout.write(state === 'missing' ? 'Compiling the server (first start)...\n' : 'Server sources changed: compiling...\n');
  await buildServer();
  return true;
}

// `--force` compiles whatever the dates say (npm run build).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--force')) await buildServer();
  else await ensureServerBuild();
}
