import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { groups, teachers } from '../../db/schema/index.ts';

export async function createFixtureGroup(db: DbOrTx, teacherUsername: string, name: string, locked: boolean) {
  const [teacher] = await db.select({ id: teachers.id }).from(teachers).where(eq(sql`lower(${teachers.username})`, teacherUsername.toLowerCase()));
  if (!teacher) return undefined;
  const [group] = await db.insert(groups).values({ teacherId: teacher.id, name, locked }).returning({ id: groups.id, name: groups.name });
  return group;
}
