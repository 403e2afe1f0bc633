import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { suiteDatabaseTests } from './suite-database-tests.mjs';

describe('the server test files that use the suite database', () => {
  const files = suiteDatabaseTests();

  it('names those that build the app or open the suite database, directly or through a module they import', () => {
    // buildTestApp (test/build-test-app.ts imports test/database.ts), testDatabase itself.
    expect(files).toContain('apps/server/src/modules/members/members.test.ts');
    expect(files).toContain('apps/server/src/platform/jobs.test.ts');
    expect(files).toContain('apps/server/src/db/prepared.test.ts');
    for (const file of files) expect(existsSync(file), file).toBe(true);
  });

  it('leaves out those that run the same on any suite database', () => {
    // A PostgreSQL of their own, a built bundle, pure functions.
    for (const file of ['apps/server/src/platform/jobs-pg-boss.test.ts', 'apps/server/src/db/client.test.ts', 'apps/server/src/main.build.test.ts', 'apps/server/src/platform/html.test.ts']) {
      expect(existsSync(file), file).toBe(true);
      expect(files).not.toContain(file);
    }
  });
});
