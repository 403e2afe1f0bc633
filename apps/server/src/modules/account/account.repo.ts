import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { awards, groups, members, sessions, teachers } from '../../db/schema/index.ts';

export async function setTeacherUsername(db: DbOrTx, teacherId: string, username: string) {
  const [row] = await db.update(teachers).set({ username }).where(eq(teachers.id, teacherId)).returning();
  return row;
}

/** The teacher's row, its awards (no foreign key cascades to them: schema awards.teacherId) and what cascades from the row. */
export async function deleteTeacher(db: DbOrTx, teacherId: string): Promise<void> {
  await db.delete(awards).where(eq(awards.teacherId, teacherId));
  await db.delete(teachers).where(eq(teachers.id, teacherId));
}

/** The teacher's members with coins, locked for the deletion's refunds, in id order. */
export async function lockTeacherMembersWithCoins(db: DbOrTx, teacherId: string) {
  return db
    .select({ id: members.id, coins: members.coins, groupId: members.groupId })
    .from(members)
    .innerJoin(groups, eq(groups.id, members.groupId))
    .where(and(eq(groups.teacherId, teacherId), sql`${members.coins} > 0`))
    .orderBy(members.id)
    .for('update', { of: members });
}

export async function listTeacherMemberIds(db: DbOrTx, teacherId: string): Promise<string[]> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .innerJoin(groups, eq(groups.id, members.groupId))
    .where(eq(groups.teacherId, teacherId));
  return rows.map((r) => r.id);
}

/** Ends the teacher's other sessions; answers their token hashes. */
export async function deleteOtherTeacherSessions(db: DbOrTx, teacherId: string, keepTokenHash: string): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.teacherId, teacherId), sql`${sessions.tokenHash} <> ${keepTokenHash}`))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.map((r) => r.tokenHash);
}
