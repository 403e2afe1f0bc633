import type { DbOrTx } from '../db/client.ts';
import { groups } from '../db/schema/index.ts';

export async function insertGroup(db: DbOrTx, values: { teacherId: string; name: string; locked: boolean }) {
  const [row] = await db.insert(groups).values(values).returning();
  if (!row) throw new Error('insert group returned nothing');
  return row;
}
