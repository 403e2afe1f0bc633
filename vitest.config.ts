import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that spend most of their time waiting (on servers and tools they start, on timers,
 * on a Redis that is down), in the order they take longest. They run first, so their waits overlap
 * the other files' work: by the default order (larger files first, when no earlier run's times
 * are cached, as in CI) pg-boss's 60 s started last and the run ended on it alone.
 */
const WAITING_FILES = [
  'apps/server/src/platform/jobs-pg-boss.test.ts',
  'apps/server/src/modules/operator/operator-users.test.ts',
  'apps/server/src/modules/operator/backup.test.ts',
  'apps/server/src/faults/redis-down.test.ts',
  'apps/server/src/modules/export/export.test.ts',
  'apps/server/src/modules/operator/operator.test.ts',
];

class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = WAITING_FILES.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? WAITING_FILES.length : index;
    };
    // A stable sort: the rest keep the default order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// Timeouts are generous: CI may run on a busy 2-core machine, where property tests of 2 s took 9 s
// and a login burst of 10 s took 31 s (load average 20). A hang still fails; no test waits for time to pass.
export default defineConfig({
  test: {
    // Three on the 2-core machine: with two, the CPU stood 27 % idle (both workers at once in a
    // test that waits, as Redis down for 30 s); three kept it 93 % busy, 198 s against 236 s for
    // the whole run (docs/decisions.md, "CI time").
    maxWorkers: 3,
    sequence: { sequencer: WaitingFirst },
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
