import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { groups, members } from '../../db/schema/index.ts';

/**
 * A member by id, or by username (case-insensitive): the sender's classmate of that name, else
 * any member who has it (whom the transfer rules then refuse as not in the group).
 */
export async function findRecipient(db: DbOrTx, by: { id: string } | { username: string; groupId: string }) {
  const where = 'id' in by ? eq(members.id, by.id) : eq(sql`lower(${members.username})`, sql`lower(${by.username})`);
  const inGroupFirst = 'id' in by ? [] : [sql`${members.groupId} <> ${by.groupId}`];
  const [row] = await db
    .select({ id: members.id, username: members.username, groupId: members.groupId })
    .from(members)
    .where(where)
    .orderBy(...inGroupFirst)
    .limit(1);
  return row;
}

export async function findTradingAllowed(db: DbOrTx, groupId: string): Promise<boolean> {
  const [row] = await db.select({ tradingAllowed: groups.tradingAllowed }).from(groups).where(eq(groups.id, groupId));
  return row?.tradingAllowed ?? false;
}

/** The other members of a group, by username. */
export async function listClassmates(db: DbOrTx, groupId: string, exceptMemberId: string) {
  return db
    .select({ id: members.id, username: members.username, face: members.face, hair: members.hair, skinTone: members.skinTone })
    .from(members)
    .where(and(eq(members.groupId, groupId), ne(members.id, exceptMemberId)))
    .orderBy(asc(sql`lower(${members.username})`));
}
