import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, max, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { groups, members, rewardListItems, rewardListShares, rewardLists, rewardPurchases, rewards, teachers } from '../../db/schema/index.ts';

export type RewardRow = typeof rewards.$inferSelect;
export type RewardListRow = typeof rewardLists.$inferSelect;
export type RewardPurchaseRow = typeof rewardPurchases.$inferSelect;
export type RewardValues = Pick<RewardRow, 'name' | 'description' | 'price'>;

// Rewards

export async function insertReward(db: DbOrTx, teacherId: string, values: RewardValues): Promise<RewardRow> {
  const [row] = await db.insert(rewards).values({ teacherId, ...values }).returning();
  if (!row) throw new Error('insert reward returned nothing');
  return row;
}

export async function findReward(db: DbOrTx, rewardId: string): Promise<RewardRow | undefined> {
  const [row] = await db.select().from(rewards).where(eq(rewards.id, rewardId));
  return row;
}

export async function updateReward(db: DbOrTx, rewardId: string, values: Partial<RewardValues>): Promise<RewardRow | undefined> {
  if (Object.keys(values).length === 0) return findReward(db, rewardId);
  const [row] = await db.update(rewards).set(values).where(eq(rewards.id, rewardId)).returning();
  return row;
}

export async function deleteReward(db: DbOrTx, rewardId: string): Promise<void> {
  await db.delete(rewards).where(eq(rewards.id, rewardId));
}

export async function listRewardsOfTeacher(db: DbOrTx, teacherId: string): Promise<RewardRow[]> {
  return db.select().from(rewards).where(eq(rewards.teacherId, teacherId)).orderBy(asc(rewards.createdAt), asc(rewards.id));
}

export async function countRewardsOfTeacher(db: DbOrTx, teacherId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(rewards).where(eq(rewards.teacherId, teacherId));
  return row?.n ?? 0;
}

// Reward lists

export async function insertRewardList(db: DbOrTx, teacherId: string, name: string): Promise<RewardListRow> {
  const [row] = await db.insert(rewardLists).values({ teacherId, name }).returning();
  if (!row) throw new Error('insert reward list returned nothing');
  return row;
}

/** A list, and whether it is shared with this teacher. */
export async function findRewardListForTeacher(db: DbOrTx, rewardListId: string, teacherId: string) {
  const [row] = await db
    .select({ list: rewardLists, sharedWithMe: rewardListShares.teacherId })
    .from(rewardLists)
    .leftJoin(rewardListShares, and(eq(rewardListShares.rewardListId, rewardLists.id), eq(rewardListShares.teacherId, teacherId)))
    .where(eq(rewardLists.id, rewardListId));
  return row && { list: row.list, sharedWithMe: row.sharedWithMe !== null };
}

export async function listRewardListsOfTeacher(db: DbOrTx, teacherId: string): Promise<RewardListRow[]> {
  return db.select().from(rewardLists).where(eq(rewardLists.teacherId, teacherId)).orderBy(asc(rewardLists.createdAt), asc(rewardLists.id));
}

/** The rewards of the given lists, each list's in the order they were added. */
export async function listRewardsOfLists(db: DbOrTx, rewardListIds: string[]) {
  if (rewardListIds.length === 0) return [];
  return db
    .select({ rewardListId: rewardListItems.rewardListId, addedAt: rewardListItems.addedAt, reward: rewards })
    .from(rewardListItems)
    .innerJoin(rewards, eq(rewards.id, rewardListItems.rewardId))
    .where(inArray(rewardListItems.rewardListId, rewardListIds))
    .orderBy(asc(rewardListItems.addedAt), asc(rewardListItems.seq));
}

export async function listSharesOfRewardLists(db: DbOrTx, rewardListIds: string[]) {
  if (rewardListIds.length === 0) return [];
  return db
    .select({ rewardListId: rewardListShares.rewardListId, username: teachers.username })
    .from(rewardListShares)
    .innerJoin(teachers, eq(teachers.id, rewardListShares.teacherId))
    .where(inArray(rewardListShares.rewardListId, rewardListIds))
    .orderBy(asc(teachers.username));
}

/** Locks the list row: adds to one list count against its bound one after the other. */
export async function lockRewardList(db: DbOrTx, rewardListId: string): Promise<boolean> {
  const rows = await db.select({ id: rewardLists.id }).from(rewardLists).where(eq(rewardLists.id, rewardListId)).for('update');
  return rows.length === 1;
}

export async function countRewardsOfList(db: DbOrTx, rewardListId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(rewardListItems).where(eq(rewardListItems.rewardListId, rewardListId));
  return row?.n ?? 0;
}

/** Adds a reward to a list; adding one it holds changes nothing. */
export async function addRewardToList(db: DbOrTx, rewardListId: string, rewardId: string): Promise<void> {
  await db.insert(rewardListItems).values({ rewardListId, rewardId }).onConflictDoNothing();
}

export async function removeRewardFromList(db: DbOrTx, rewardListId: string, rewardId: string): Promise<void> {
  await db.delete(rewardListItems).where(and(eq(rewardListItems.rewardListId, rewardListId), eq(rewardListItems.rewardId, rewardId)));
}

/** Deletes a list; groups publishing it publish nothing (foreign key ON DELETE SET NULL). */
export async function deleteRewardList(db: DbOrTx, rewardListId: string): Promise<void> {
  await db.delete(rewardLists).where(eq(rewardLists.id, rewardListId));
}

/**
 * Fills a new list with the rewards of another, in the same order. The owner's own copy holds the
 * same rewards; another teacher's copy gets copies of them, since a list holds only its owner's rewards.
 */
export async function copyRewardListItems(db: DbOrTx, from: RewardListRow, to: RewardListRow): Promise<void> {
  const items = await listRewardsOfLists(db, [from.id]);
  if (items.length === 0) return;
  if (from.teacherId === to.teacherId) {
    await db.insert(rewardListItems).values(items.map((i) => ({ rewardListId: to.id, rewardId: i.reward.id, addedAt: i.addedAt })));
    return;
  }
  const copies = items.map((i) => ({ id: randomUUID(), addedAt: i.addedAt, reward: i.reward }));
  await db.insert(rewards).values(
    copies.map((c) => ({ id: c.id, teacherId: to.teacherId, name: c.reward.name, description: c.reward.description, price: c.reward.price })),
  );
  await db.insert(rewardListItems).values(copies.map((c) => ({ rewardListId: to.id, rewardId: c.id, addedAt: c.addedAt })));
}

// Publishing to a group

export async function setGroupRewardList(db: DbOrTx, groupId: string, rewardListId: string | null): Promise<void> {
  await db.update(groups).set({ sharedRewardListId: rewardListId }).where(eq(groups.id, groupId));
}

/** The groups whose published list is this one. */
export async function listGroupsPublishingList(db: DbOrTx, rewardListId: string): Promise<string[]> {
  const rows = await db.select({ id: groups.id }).from(groups).where(eq(groups.sharedRewardListId, rewardListId));
  return rows.map((r) => r.id);
}

/** The groups whose published list offers this reward. */
export async function listGroupsOfferingReward(db: DbOrTx, rewardId: string): Promise<string[]> {
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .innerJoin(rewardListItems, eq(rewardListItems.rewardListId, groups.sharedRewardListId))
    .where(eq(rewardListItems.rewardId, rewardId));
  return rows.map((r) => r.id);
}

/** The rewards of the list published to a group, in list order (none when none is published). */
export async function listPublishedRewards(db: DbOrTx, groupId: string): Promise<RewardRow[]> {
  const rows = await db
    .select({ reward: rewards })
    .from(groups)
    .innerJoin(rewardListItems, eq(rewardListItems.rewardListId, groups.sharedRewardListId))
    .innerJoin(rewards, eq(rewards.id, rewardListItems.rewardId))
    .where(eq(groups.id, groupId))
    .orderBy(asc(rewardListItems.addedAt), asc(rewardListItems.seq));
  return rows.map((r) => r.reward);
}

/**
 * The reward if the group's published list offers it, held FOR SHARE to the end of the purchase:
 * an edit of its price waits, so the price paid is the price it had when the purchase committed.
 */
export async function findOfferedReward(db: DbOrTx, groupId: string, rewardId: string): Promise<RewardRow | undefined> {
  const [row] = await db
    .select({ reward: rewards })
    .from(rewards)
    .innerJoin(rewardListItems, eq(rewardListItems.rewardId, rewards.id))
    .innerJoin(groups, eq(groups.sharedRewardListId, rewardListItems.rewardListId))
    .where(and(eq(groups.id, groupId), eq(rewards.id, rewardId)))
    .for('share', { of: rewards });
  return row?.reward;
}

// Purchases

/** When the member's latest purchase of this reward stops being active; null if never bought (a purchase given back is not active). */
export async function latestActiveUntil(db: DbOrTx, memberId: string, rewardId: string): Promise<Date | null> {
  const [row] = await db
    .select({ until: max(rewardPurchases.activeUntil) })
    .from(rewardPurchases)
    .where(and(eq(rewardPurchases.memberId, memberId), eq(rewardPurchases.rewardId, rewardId), ne(rewardPurchases.state, 'returned')));
  return row?.until ?? null;
}

export async function insertPurchase(db: DbOrTx, values: typeof rewardPurchases.$inferInsert): Promise<RewardPurchaseRow> {
  const [row] = await db.insert(rewardPurchases).values(values).returning();
  if (!row) throw new Error('insert reward purchase returned nothing');
  return row;
}

/** The member's purchases still active at `now`, by reward (not those given back). */
export async function listActivePurchases(db: DbOrTx, memberId: string, now: Date) {
  return db
    .select({ rewardId: rewardPurchases.rewardId, activeUntil: rewardPurchases.activeUntil })
    .from(rewardPurchases)
    .where(and(eq(rewardPurchases.memberId, memberId), gt(rewardPurchases.activeUntil, now), ne(rewardPurchases.state, 'returned')));
}

/** The member's purchases, newest first. */
export async function listPurchasesOf(db: DbOrTx, memberId: string, limit: number): Promise<RewardPurchaseRow[]> {
  return db
    .select()
    .from(rewardPurchases)
    .where(eq(rewardPurchases.memberId, memberId))
    .orderBy(desc(rewardPurchases.purchasedAt), desc(rewardPurchases.id))
    .limit(limit);
}

export async function findMemberUsername(db: DbOrTx, memberId: string): Promise<string | undefined> {
  const [row] = await db.select({ username: members.username }).from(members).where(eq(members.id, memberId));
  return row?.username;
}

// The hand-out queue (issue 33)

export type GroupPurchaseRow = RewardPurchaseRow & { username: string };

/** A group's purchases in one state (or all), newest first, with each buyer's nickname. */
export async function listGroupPurchases(db: DbOrTx, groupId: string, state: RewardPurchaseRow['state'] | 'all', limit: number): Promise<GroupPurchaseRow[]> {
  const rows = await db
    .select({ purchase: rewardPurchases, username: members.username })
    .from(rewardPurchases)
    .innerJoin(members, eq(members.id, rewardPurchases.memberId))
    .where(state === 'all' ? eq(rewardPurchases.groupId, groupId) : and(eq(rewardPurchases.groupId, groupId), eq(rewardPurchases.state, state)))
    .orderBy(desc(rewardPurchases.purchasedAt), desc(rewardPurchases.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.purchase, username: r.username }));
}

/** A purchase with its group's teacher, read without a lock (who may settle it, and whose row to lock first). */
export async function findPurchaseWithTeacher(db: DbOrTx, purchaseId: string) {
  const [row] = await db
    .select({ purchase: rewardPurchases, teacherId: groups.teacherId })
    .from(rewardPurchases)
    .innerJoin(groups, eq(groups.id, rewardPurchases.groupId))
    .where(eq(rewardPurchases.id, purchaseId));
  return row;
}

/** The purchase held FOR UPDATE: racing settlements take turns here and the later ones see it settled. */
export async function lockPurchase(db: DbOrTx, purchaseId: string): Promise<GroupPurchaseRow | undefined> {
  const [row] = await db
    .select({ purchase: rewardPurchases, username: members.username })
    .from(rewardPurchases)
    .innerJoin(members, eq(members.id, rewardPurchases.memberId))
    .where(eq(rewardPurchases.id, purchaseId))
    .for('update', { of: rewardPurchases });
  return row && { ...row.purchase, username: row.username };
}

export async function settlePurchase(db: DbOrTx, purchaseId: string, state: 'given' | 'returned', at: Date): Promise<void> {
  await db.update(rewardPurchases).set({ state, settledAt: at }).where(eq(rewardPurchases.id, purchaseId));
}
