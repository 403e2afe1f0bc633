import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, teachers } from '../../db/schema/index.ts';

/** Usernames of the members and teachers that still exist, by id. */
export async function findUsernames(db: DbOrTx, ids: { memberIds: string[]; teacherIds: string[] }): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (ids.memberIds.length > 0) {
    for (const r of await db.select({ id: members.id, username: members.username }).from(members).where(inArray(members.id, ids.memberIds))) {
      found.set(`member:${r.id}`, r.username);
    }
  }
  if (ids.teacherIds.length > 0) {
    for (const r of await db.select({ id: teachers.id, username: teachers.username }).from(teachers).where(inArray(teachers.id, ids.teacherIds))) {
      found.set(`teacher:${r.id}`, r.username);
    }
  }
  return found;
}
