import { beforeEach } from 'vitest';
import { resetDatabase } from '../db/reset.ts';
import { testDatabase } from './database.ts';

beforeEach(async () => {
  const { db } = await testDatabase();
  await resetDatabase(db);
});
