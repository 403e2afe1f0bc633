import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // One database per worker, shared by that worker's files (PGlite costs ~2 s and
          // ~250 MB to start), so files run in the same module graph.
          pool: 'forks',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['apps/server/src/test/setup.ts'],
        },
      },
      {
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'apps/web/build/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' },
      },
    ],
  },
});
