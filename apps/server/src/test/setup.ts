import { beforeEach } from 'vitest';
import { resetDatabase } from '../db/reset.ts';
import { setPasswordCost } from '../platform/passwords.ts';
import { testDatabase } from './database.ts';

// Cheap hashes in the in-process tests (platform/passwords.ts); passwords.test.ts checks the serving cost.
setPasswordCost('test');

beforeEach(async () => {
  const { db } = await testDatabase();
  await resetDatabase(db);
});
