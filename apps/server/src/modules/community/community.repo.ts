import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TodolistLanguage } from '@kolikko/core/enumerations';
import type { DbOrTx } from '../../db/client.ts';
import { communityLists, communityPurchases, teachers, todolists } from '../../db/schema/index.ts';

export type CommunityRow = typeof communityLists.$inferSelect;
export type CommunityValues = Partial<
  Pick<CommunityRow, 'title' | 'descriptionHtml' | 'descriptionDelta' | 'price' | 'categories' | 'targets' | 'language'>
>;

export async function findTodolist(db: DbOrTx, todolistId: string) {
  const [row] = await db.select().from(todolists).where(eq(todolists.id, todolistId));
  return row;
}

export async function isPremium(db: DbOrTx, teacherId: string): Promise<boolean> {
  const [row] = await db.select({ premium: teachers.isPremium }).from(teachers).where(eq(teachers.id, teacherId));
  return row?.premium ?? false;
}

/** Publishes a list: the item, and the list's community_status; false when it already is published. */
export async function insertCommunityList(db: DbOrTx, values: Required<CommunityValues> & { todolistId: string; teacherId: string }): Promise<CommunityRow | null> {
  const [row] = await db.insert(communityLists).values(values).onConflictDoNothing({ target: communityLists.todolistId }).returning();
  if (!row) return null;
  await db.update(todolists).set({ communityStatus: true }).where(eq(todolists.id, values.todolistId));
  return row;
}

export async function findCommunityByTodolist(db: DbOrTx, todolistId: string): Promise<CommunityRow | undefined> {
  const [row] = await db.select().from(communityLists).where(eq(communityLists.todolistId, todolistId));
  return row;
}

export async function updateCommunityList(db: DbOrTx, id: string, values: CommunityValues): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(communityLists).set(values).where(eq(communityLists.id, id));
}

/** Stops publishing: the item goes (with its purchase rows; buyers keep their copies), the list's status is false. */
export async function deleteCommunityList(db: DbOrTx, id: string, todolistId: string): Promise<void> {
  await db.delete(communityLists).where(eq(communityLists.id, id));
  await db.update(todolists).set({ communityStatus: false }).where(eq(todolists.id, todolistId));
}

/** A list's item, locked against a stop or an edit while a purchase copies it. */
export async function lockCommunityByTodolist(db: DbOrTx, todolistId: string): Promise<CommunityRow | undefined> {
  const [row] = await db.select().from(communityLists).where(eq(communityLists.todolistId, todolistId)).for('share');
  return row;
}

/** Locks two teachers' purses in id order (a purchase moves coins between them), so two purchases in opposite directions cannot deadlock. */
export async function lockPurses(db: DbOrTx, teacherIds: string[]): Promise<void> {
  await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(inArray(teachers.id, [...new Set(teacherIds)]))
    .orderBy(asc(teachers.id))
    .for('update');
}

export async function findPurchase(db: DbOrTx, communityListId: string, buyerId: string) {
  const [row] = await db
    .select({ copyId: communityPurchases.copyId, copyExists: sql<boolean>`exists (select 1 from ${todolists} where ${todolists.id} = ${communityPurchases.copyId})` })
    .from(communityPurchases)
    .where(and(eq(communityPurchases.communityListId, communityListId), eq(communityPurchases.buyerId, buyerId)));
  return row;
}

/** Records a purchase; false when the buyer already has one for this item (then nothing is written). */
export async function insertPurchase(db: DbOrTx, values: { communityListId: string; buyerId: string; price: number }): Promise<boolean> {
  const rows = await db.insert(communityPurchases).values(values).onConflictDoNothing().returning({ id: communityPurchases.buyerId });
  return rows.length === 1;
}

export async function setPurchaseCopy(db: DbOrTx, communityListId: string, buyerId: string, copyId: string): Promise<void> {
  await db
    .update(communityPurchases)
    .set({ copyId })
    .where(and(eq(communityPurchases.communityListId, communityListId), eq(communityPurchases.buyerId, buyerId)));
}

export interface CommunitySearch {
  q?: string | undefined;
  category?: string | undefined;
  target?: string | undefined;
  language?: TodolistLanguage | undefined;
  limit: number;
  offset: number;
}

/** Escapes LIKE's wildcards, so a search for "50%" means those characters. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of items, newest first, with the publisher's username and the todo count; and how many match. */
export async function searchCommunity(db: DbOrTx, search: CommunitySearch) {
  const conditions: SQL[] = [];
  if (search.q) {
    const text = likeText(search.q);
    const match = or(ilike(communityLists.title, text), ilike(communityLists.descriptionHtml, text));
    if (match) conditions.push(match);
  }
  if (search.category) conditions.push(sql`${search.category} = any(${communityLists.categories})`);
  if (search.target) conditions.push(sql`${search.target} = any(${communityLists.targets})`);
  if (search.language) conditions.push(eq(communityLists.language, search.language));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select({ item: communityLists, username: teachers.username })
    .from(communityLists)
    .innerJoin(teachers, eq(teachers.id, communityLists.teacherId))
    .where(where)
    .orderBy(desc(communityLists.sharedAt), asc(communityLists.id))
    .limit(search.limit)
    .offset(search.offset);
  const [total] = await db.select({ n: count() }).from(communityLists).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The items among these that the teacher bought. */
export async function boughtAmong(db: DbOrTx, buyerId: string, communityListIds: string[]): Promise<Set<string>> {
  if (communityListIds.length === 0) return new Set();
  const rows = await db
    .select({ id: communityPurchases.communityListId })
    .from(communityPurchases)
    .where(and(eq(communityPurchases.buyerId, buyerId), inArray(communityPurchases.communityListId, communityListIds)));
  return new Set(rows.map((r) => r.id));
}
