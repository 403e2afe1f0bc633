import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { groups } from '../../db/schema/index.ts';
import { teaches } from '../groups/groups.repo.ts';

/** The groups whose teachers room a teacher's socket joins: its own and those it co-teaches now (issue 34). */
export async function listTeacherGroupIds(db: DbOrTx, teacherId: string): Promise<string[]> {
  const rows = await db.select({ id: groups.id }).from(groups).where(teaches(teacherId, groups.id, groups.teacherId));
  return rows.map((r) => r.id);
}

export async function isTeacherGroup(db: DbOrTx, teacherId: string, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), teaches(teacherId, groups.id, groups.teacherId)));
  return row !== undefined;
}
