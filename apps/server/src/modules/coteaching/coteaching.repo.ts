import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { groupCoteachers, groups, teachers } from '../../db/schema/index.ts';

/** An invitation or co-teaching whose last day has not passed. */
const notOver = sql`(${groupCoteachers.until} is null or ${groupCoteachers.until} > now())`;

/** A group's co-teachers and invitations, the earliest invited first. */
export async function listCoteachers(db: DbOrTx, groupId: string) {
  return db
    .select({ id: groupCoteachers.id, teacherId: groupCoteachers.teacherId, username: teachers.username, until: groupCoteachers.until, acceptedAt: groupCoteachers.acceptedAt, createdAt: groupCoteachers.createdAt })
    .from(groupCoteachers)
    .innerJoin(teachers, eq(teachers.id, groupCoteachers.teacherId))
    .where(eq(groupCoteachers.groupId, groupId))
    .orderBy(asc(groupCoteachers.createdAt), asc(teachers.username));
}

/**
 * Invites a teacher into a group; answers the row, or nothing when the teacher already has one
 * there (invited or accepted): the unique index decides, so two racing invitations make one.
 */
export async function insertInvitation(db: DbOrTx, groupId: string, teacherId: string, until: Date | null) {
  const [row] = await db.insert(groupCoteachers).values({ groupId, teacherId, until }).onConflictDoNothing().returning();
  return row;
}

export async function countCoteachers(db: DbOrTx, groupId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(groupCoteachers).where(eq(groupCoteachers.groupId, groupId));
  return row?.n ?? 0;
}

/** The invitations waiting for a teacher's answer, newest first, with their groups and owners. */
export async function listInvitations(db: DbOrTx, teacherId: string) {
  return db
    .select({ id: groupCoteachers.id, groupId: groups.id, groupName: groups.name, ownerUsername: teachers.username, until: groupCoteachers.until, createdAt: groupCoteachers.createdAt })
    .from(groupCoteachers)
    .innerJoin(groups, eq(groups.id, groupCoteachers.groupId))
    .innerJoin(teachers, eq(teachers.id, groups.teacherId))
    .where(and(eq(groupCoteachers.teacherId, teacherId), isNull(groupCoteachers.acceptedAt), notOver))
    .orderBy(desc(groupCoteachers.createdAt));
}

/**
 * Accepts one of the teacher's open invitations; answers its group and the group's owner, or
 * nothing when there is none (answered, withdrawn, expired).
 */
export async function acceptInvitation(db: DbOrTx, teacherId: string, invitationId: string): Promise<{ groupId: string; ownerId: string } | undefined> {
  const [row] = await db
    .update(groupCoteachers)
    .set({ acceptedAt: sql`now()` })
    .where(and(eq(groupCoteachers.id, invitationId), eq(groupCoteachers.teacherId, teacherId), isNull(groupCoteachers.acceptedAt), notOver))
    .returning({ groupId: groupCoteachers.groupId, ownerId: sql<string>`(select ${groups.teacherId} from ${groups} where ${groups.id} = ${groupCoteachers.groupId})` });
  return row;
}

/** Declines one of the teacher's open invitations (the row goes); answers whether there was one. */
export async function declineInvitation(db: DbOrTx, teacherId: string, invitationId: string): Promise<boolean> {
  const rows = await db
    .delete(groupCoteachers)
    .where(and(eq(groupCoteachers.id, invitationId), eq(groupCoteachers.teacherId, teacherId), isNull(groupCoteachers.acceptedAt)))
    .returning({ id: groupCoteachers.id });
  return rows.length > 0;
}

/** Removes a co-teacher (or withdraws an invitation) from a group; answers whether there was one. */
export async function removeCoteacher(db: DbOrTx, groupId: string, teacherId: string): Promise<boolean> {
  const rows = await db
    .delete(groupCoteachers)
    .where(and(eq(groupCoteachers.groupId, groupId), eq(groupCoteachers.teacherId, teacherId)))
    .returning({ id: groupCoteachers.id });
  return rows.length > 0;
}

/** Deletes the co-teachings and invitations whose last day ended by `now`; answers what went. */
export async function deleteEnded(db: DbOrTx, now: Date) {
  return db
    .delete(groupCoteachers)
    .where(lte(groupCoteachers.until, now))
    .returning({
      groupId: groupCoteachers.groupId,
      teacherId: groupCoteachers.teacherId,
      accepted: sql<boolean>`${groupCoteachers.acceptedAt} is not null`,
      ownerId: sql<string>`(select ${groups.teacherId} from ${groups} where ${groups.id} = ${groupCoteachers.groupId})`,
    });
}
