import { defineConfig } from 'vitest/config';

// Timeouts are generous: CI may run on a busy 2-core machine, where property tests of 2 s took 9 s
// and a login burst of 10 s took 31 s (load average 20). A hang still fails; no test waits for time to pass.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
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
          testTimeout: 90_000,
          hookTimeout: 120_000,
          setupFiles: ['apps/server/src/test/setup.ts'],
        },
      },
      {
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'apps/web/build/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
      },
      {
        test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node', testTimeout: 60_000 },
      },
    ],
  },
});
