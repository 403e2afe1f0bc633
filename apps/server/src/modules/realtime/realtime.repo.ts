import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { groups } from '../../db/schema/index.ts';

export async function listTeacherGroupIds(db: DbOrTx, teacherId: string): Promise<string[]> {
  const rows = await db.select({ id: groups.id }).from(groups).where(eq(groups.teacherId, teacherId));
  return rows.map((r) => r.id);
}

export async function isTeacherGroup(db: DbOrTx, teacherId: string, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.teacherId, teacherId)));
  return row !== undefined;
}
