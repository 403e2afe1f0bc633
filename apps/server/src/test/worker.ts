/**
 * This Vitest worker's number, which names the databases its files make apart from other workers'.
 * A module of its own: importing test/database.ts marks a file as one that uses the suite's
 * database (scripts/suite-database-tests.mjs), and these files make databases of their own.
 */
export function testWorker(): string {
  return process.env.VITEST_POOL_ID ?? '0';
}
