import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { groups, members, teachers } from '../../db/schema/index.ts';
import type { MemberRow } from '../auth/auth.repo.ts';

/** A group's members, or those of `memberIds` that are in it, locked until the transaction ends. */
export async function lockGroupMembers(tx: Tx, groupId: string, memberIds?: readonly string[]): Promise<{ id: string; username: string }[]> {
  const only = memberIds ? inArray(members.id, [...memberIds]) : undefined;
  return tx
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(and(eq(members.groupId, groupId), only))
    .for('update');
}

/** Gives each member a new badge hash in one statement: the badge it had stops at once. */
export async function setBadgeHashes(tx: Tx, groupId: string, badges: readonly { memberId: string; badgeHash: string }[]): Promise<void> {
  if (badges.length === 0) return;
  const values = sql.join(
    badges.map((b) => sql`(${b.memberId}::uuid, ${b.badgeHash})`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${members} set badge_hash = v.badge_hash
    from (values ${values}) as v(id, badge_hash)
    where ${members.id} = v.id and ${members.groupId} = ${groupId}
  `);
}

/** The member a badge's hash belongs to, with what a badge sign-in depends on. */
export async function findMemberByBadgeHash(
  db: DbOrTx,
  badgeHash: string,
): Promise<{ member: MemberRow; tradingAllowed: boolean; badgesEnabled: boolean; isDemo: boolean } | undefined> {
  const [row] = await db
    .select({
      member: members,
      tradingAllowed: groups.tradingAllowed,
      badgesEnabled: groups.badgesEnabled,
      isDemo: sql<boolean>`${teachers.demoId} is not null`,
    })
    .from(members)
    .innerJoin(groups, eq(groups.id, members.groupId))
    .innerJoin(teachers, eq(teachers.id, groups.teacherId))
    .where(eq(members.badgeHash, badgeHash));
  return row;
}
