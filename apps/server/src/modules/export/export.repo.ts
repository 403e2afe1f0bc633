import { and, asc, eq, getTableColumns, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { awardReasons, awards, chatMessages, coinLedger, coinPurchases, communityLists, communityPurchases, groups, images, memberTodos, members, oneTimeTokens, owedRewards, rewardListItems, rewardListShares, rewardLists, rewardPurchases, rewards, sessions, teacherBlocks, teachers, todolistShares, todolists, todos } from '../../db/schema/index.ts';

/**
 * The reads of the data export (export.service.ts). Each returns what the product holds about the
 * owner, never a password hash, and nothing of another teacher but the username it typed itself
 * (a share's recipient, a blocked sender, a shared list's owner). The large tables are read page
 * by page after a key (`after`), so no read holds more than a page.
 */

/** The owner of an export: a teacher, or a member (a student). */
export type ExportOwner = { kind: 'teacher'; teacherId: string } | { kind: 'member'; memberId: string };
/** A member with its group, for what the group shares (the teacher's messages to the group). */
export type MemberInGroup = { kind: 'member'; memberId: string; groupId: string };

const { passwordHash: _teacherHash, ...teacherColumns } = getTableColumns(teachers);
// Neither the password's hash nor the badge secret's leaves the server (issue 31).
const { passwordHash: _memberHash, badgeHash: _badgeHash, ...memberColumns } = getTableColumns(members);

/** The teacher's own row without its password hash, or undefined. */
export async function findTeacher(db: DbOrTx, teacherId: string) {
  const [row] = await db.select(teacherColumns).from(teachers).where(eq(teachers.id, teacherId));
  return row;
}

/** The member's own row without its password hash, with its group's name and its teacher's username. */
export async function findMember(db: DbOrTx, memberId: string) {
  const [row] = await db
    .select({ ...memberColumns, groupName: groups.name, teacherUsername: teachers.username })
    .from(members)
    .innerJoin(groups, eq(groups.id, members.groupId))
    .innerJoin(teachers, eq(teachers.id, groups.teacherId))
    .where(eq(members.id, memberId));
  return row;
}

/** The owner's login sessions (when made, when they end); never the token's hash. */
export async function sessionRows(db: DbOrTx, owner: ExportOwner) {
  const whose = owner.kind === 'teacher' ? eq(sessions.teacherId, owner.teacherId) : eq(sessions.memberId, owner.memberId);
  return db.select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt }).from(sessions).where(whose).orderBy(asc(sessions.createdAt));
}

/** The teacher's e-mail verification and password reset links (kind and dates); never the token's hash. */
export async function oneTimeTokenRows(db: DbOrTx, teacherId: string) {
  return db
    .select({ kind: oneTimeTokens.kind, createdAt: oneTimeTokens.createdAt, expiresAt: oneTimeTokens.expiresAt, usedAt: oneTimeTokens.usedAt })
    .from(oneTimeTokens)
    .where(eq(oneTimeTokens.teacherId, teacherId))
    .orderBy(asc(oneTimeTokens.createdAt));
}

/** Usernames of the teachers this teacher blocked (its own setting). */
export async function blockedUsernames(db: DbOrTx, teacherId: string) {
  return db
    .select({ username: teachers.username, blockedAt: teacherBlocks.createdAt })
    .from(teacherBlocks)
    .innerJoin(teachers, eq(teachers.id, teacherBlocks.blockedId))
    .where(eq(teacherBlocks.teacherId, teacherId))
    .orderBy(asc(teachers.username));
}

/** The award reasons of these groups (issue 32), in each group's order. */
export async function groupReasons(db: DbOrTx, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db.select().from(awardReasons).where(inArray(awardReasons.groupId, groupIds)).orderBy(asc(awardReasons.groupId), asc(awardReasons.position));
}

/** The teacher's awards (issue 32): with which reason, how many coins, when, whether undone; oldest first. */
export async function teacherAwards(db: DbOrTx, teacherId: string) {
  return db.select().from(awards).where(eq(awards.teacherId, teacherId)).orderBy(asc(awards.createdAt), asc(awards.id));
}

/** The teacher's groups, oldest first (a teacher has a handful). */
export async function teacherGroups(db: DbOrTx, teacherId: string) {
  return db.select().from(groups).where(eq(groups.teacherId, teacherId)).orderBy(asc(groups.createdAt), asc(groups.id));
}

/** The members of these groups, without password hashes (bounded by the groups' size limit). */
export async function groupMembers(db: DbOrTx, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db.select(memberColumns).from(members).where(inArray(members.groupId, groupIds)).orderBy(asc(members.createdAt), asc(members.id));
}

/** A page of the teacher's own todo lists, after a list id. */
export async function todolistPage(db: DbOrTx, teacherId: string, after: string | undefined, limit: number) {
  return db
    .select()
    .from(todolists)
    .where(and(eq(todolists.teacherId, teacherId), after === undefined ? undefined : gt(todolists.id, after)))
    .orderBy(asc(todolists.id))
    .limit(limit);
}

/** A page of a list's todos by position, each with its image's file name. */
export async function todoPage(db: DbOrTx, todolistId: string, afterPosition: number, limit: number) {
  return db
    .select({ ...getTableColumns(todos), imageName: images.name })
    .from(todos)
    .leftJoin(images, eq(images.todoId, todos.id))
    .where(and(eq(todos.todolistId, todolistId), gt(todos.position, afterPosition)))
    .orderBy(asc(todos.position))
    .limit(limit);
}

/** Who a list is shared with: the username the owner typed and the permission. */
export async function todolistSharedWith(db: DbOrTx, todolistId: string) {
  return db
    .select({ username: teachers.username, permissions: todolistShares.permissions, sharedAt: todolistShares.createdAt })
    .from(todolistShares)
    .innerJoin(teachers, eq(teachers.id, todolistShares.teacherId))
    .where(eq(todolistShares.todolistId, todolistId))
    .orderBy(asc(teachers.username));
}

/** Lists other teachers shared with this one: which, by whom (username) and how; not their content. */
export async function todolistsSharedWithTeacher(db: DbOrTx, teacherId: string) {
  return db
    .select({ todolistId: todolistShares.todolistId, ownerUsername: teachers.username, permissions: todolistShares.permissions, sharedAt: todolistShares.createdAt })
    .from(todolistShares)
    .innerJoin(todolists, eq(todolists.id, todolistShares.todolistId))
    .innerJoin(teachers, eq(teachers.id, todolists.teacherId))
    .where(eq(todolistShares.teacherId, teacherId))
    .orderBy(asc(todolistShares.createdAt));
}

/** The members of the teacher's groups, as a subquery. */
function teacherMemberIds(db: DbOrTx, teacherId: string) {
  return db.select({ id: members.id }).from(members).innerJoin(groups, eq(groups.id, members.groupId)).where(eq(groups.teacherId, teacherId));
}

/** A page of member todos (each with the todo's list, position and its answer image's file name), after an id. */
export async function memberTodoPage(db: DbOrTx, owner: ExportOwner, after: string | undefined, limit: number) {
  const whose = owner.kind === 'teacher' ? inArray(memberTodos.memberId, teacherMemberIds(db, owner.teacherId)) : eq(memberTodos.memberId, owner.memberId);
  return db
    .select({
      id: memberTodos.id,
      memberId: memberTodos.memberId,
      todoId: memberTodos.todoId,
      todolistId: memberTodos.todolistId,
      todolistName: todolists.name,
      position: todos.position,
      // What the student sees of the todo; a strict todo's answer is not among it.
      contentHtml: todos.contentHtml,
      reward: todos.reward,
      answertype: todos.answertype,
      completed: memberTodos.completed,
      rewardCollected: memberTodos.rewardCollected,
      memberAnswer: memberTodos.memberAnswer,
      sentBackComment: memberTodos.sentBackComment,
      updatedAt: memberTodos.updatedAt,
      imageName: images.name,
    })
    .from(memberTodos)
    .innerJoin(todos, eq(todos.id, memberTodos.todoId))
    .innerJoin(todolists, eq(todolists.id, memberTodos.todolistId))
    .leftJoin(images, eq(images.memberTodoId, memberTodos.id))
    .where(and(whose, after === undefined ? undefined : gt(memberTodos.id, after)))
    .orderBy(asc(memberTodos.id))
    .limit(limit);
}

/** The teacher's rewards (a teacher has tens). */
export async function teacherRewards(db: DbOrTx, teacherId: string) {
  return db.select().from(rewards).where(eq(rewards.teacherId, teacherId)).orderBy(asc(rewards.createdAt), asc(rewards.id));
}

/** The teacher's reward lists with their rewards' ids, in the order added, and who each is shared with. */
export async function teacherRewardLists(db: DbOrTx, teacherId: string) {
  const lists = await db.select().from(rewardLists).where(eq(rewardLists.teacherId, teacherId)).orderBy(asc(rewardLists.createdAt), asc(rewardLists.id));
  if (lists.length === 0) return [];
  const ids = lists.map((l) => l.id);
  const items = await db.select().from(rewardListItems).where(inArray(rewardListItems.rewardListId, ids)).orderBy(asc(rewardListItems.addedAt), asc(rewardListItems.seq));
  const shares = await db
    .select({ rewardListId: rewardListShares.rewardListId, username: teachers.username, sharedAt: rewardListShares.createdAt })
    .from(rewardListShares)
    .innerJoin(teachers, eq(teachers.id, rewardListShares.teacherId))
    .where(inArray(rewardListShares.rewardListId, ids));
  return lists.map((list) => ({
    ...list,
    rewardIds: items.filter((i) => i.rewardListId === list.id).map((i) => i.rewardId),
    sharedWith: shares.filter((s) => s.rewardListId === list.id).map(({ username, sharedAt }) => ({ username, sharedAt })),
  }));
}

/** A page of reward purchases (the teacher's members' or the member's own), after an id. */
export async function rewardPurchasePage(db: DbOrTx, owner: ExportOwner, after: string | undefined, limit: number) {
  const whose = owner.kind === 'teacher' ? inArray(rewardPurchases.memberId, teacherMemberIds(db, owner.teacherId)) : eq(rewardPurchases.memberId, owner.memberId);
  return db
    .select()
    .from(rewardPurchases)
    .where(and(whose, after === undefined ? undefined : gt(rewardPurchases.id, after)))
    .orderBy(asc(rewardPurchases.id))
    .limit(limit);
}

/**
 * A page of chat messages, after an id. A teacher: every message of its groups' chats. A member:
 * its private chat, what it wrote in the group's chat, and the teacher's messages to the group
 * (not the other students' words).
 */
export async function chatPage(db: DbOrTx, owner: ExportOwner | MemberInGroup, after: string | undefined, limit: number) {
  const whose: SQL | undefined =
    owner.kind === 'teacher'
      ? eq(chatMessages.teacherId, owner.teacherId)
      : or(
          eq(chatMessages.memberId, owner.memberId),
          eq(chatMessages.senderMemberId, owner.memberId),
          'groupId' in owner ? and(isNull(chatMessages.memberId), eq(chatMessages.groupId, owner.groupId), eq(chatMessages.sendBy, 'teacher')) : undefined,
        );
  return db
    .select({
      id: chatMessages.id,
      groupId: chatMessages.groupId,
      chat: sql<'group' | 'private'>`case when ${chatMessages.memberId} is null then 'group' else 'private' end`,
      privateMemberId: chatMessages.memberId,
      sendBy: chatMessages.sendBy,
      senderMemberId: chatMessages.senderMemberId,
      message: chatMessages.message,
      sendAt: chatMessages.sendAt,
      seenByTheOther: chatMessages.seenByTheOther,
    })
    .from(chatMessages)
    .where(and(whose, after === undefined ? undefined : gt(chatMessages.id, after)))
    .orderBy(asc(chatMessages.id))
    .limit(limit);
}

/**
 * A page of ledger rows (by id, after one) that move coins from or to the owner's accounts: a
 * teacher's purse and its current members' purses, or the member's purse.
 */
export async function ledgerPage(db: DbOrTx, owner: ExportOwner, after: number, limit: number) {
  const accounts =
    owner.kind === 'teacher'
      ? sql`(select 'teacher:' || ${owner.teacherId}::text union all select 'member:' || m.id::text from ${members} m join ${groups} g on g.id = m.group_id where g.teacher_id = ${owner.teacherId})`
      : sql`(select 'member:' || ${owner.memberId}::text)`;
  return db
    .select({
      id: coinLedger.id,
      at: coinLedger.at,
      from: coinLedger.fromAccount,
      to: coinLedger.toAccount,
      amount: coinLedger.amount,
      reason: coinLedger.reason,
      actor: coinLedger.actor,
      groupId: coinLedger.groupId,
      reference: coinLedger.reference,
    })
    .from(coinLedger)
    .where(and(gt(coinLedger.id, after), or(sql`${coinLedger.fromAccount} in ${accounts}`, sql`${coinLedger.toAccount} in ${accounts}`)))
    .orderBy(asc(coinLedger.id))
    .limit(limit);
}

/** Rewards owed to the owner's students (a teacher) or to the member, oldest first. */
export async function owedRewardRows(db: DbOrTx, owner: ExportOwner) {
  const whose = owner.kind === 'teacher' ? eq(owedRewards.teacherId, owner.teacherId) : eq(owedRewards.memberId, owner.memberId);
  return db
    .select({ id: owedRewards.id, memberId: owedRewards.memberId, groupId: owedRewards.groupId, memberTodoId: owedRewards.memberTodoId, amount: owedRewards.amount, createdAt: owedRewards.createdAt })
    .from(owedRewards)
    .where(whose)
    .orderBy(asc(owedRewards.id));
}

/** The teacher's card payments for coins. */
export async function coinPurchaseRows(db: DbOrTx, teacherId: string) {
  const { teacherId: _teacher, ...columns } = getTableColumns(coinPurchases);
  return db.select(columns).from(coinPurchases).where(eq(coinPurchases.teacherId, teacherId)).orderBy(asc(coinPurchases.createdAt));
}

/**
 * The teacher's community: what it publishes, what it bought (the item and its own copy; the
 * item's text is the publisher's), and what it sold (when and for how much; not to whom).
 */
export async function communityRows(db: DbOrTx, teacherId: string) {
  const { teacherId: _teacher, ...columns } = getTableColumns(communityLists);
  const published = await db.select(columns).from(communityLists).where(eq(communityLists.teacherId, teacherId)).orderBy(asc(communityLists.sharedAt));
  const bought = await db
    .select({ communityListId: communityPurchases.communityListId, copyId: communityPurchases.copyId, price: communityPurchases.price, boughtAt: communityPurchases.createdAt })
    .from(communityPurchases)
    .where(eq(communityPurchases.buyerId, teacherId))
    .orderBy(asc(communityPurchases.createdAt));
  const sold = await db
    .select({ communityListId: communityPurchases.communityListId, price: communityPurchases.price, soldAt: communityPurchases.createdAt })
    .from(communityPurchases)
    .innerJoin(communityLists, eq(communityLists.id, communityPurchases.communityListId))
    .where(eq(communityLists.teacherId, teacherId))
    .orderBy(asc(communityPurchases.createdAt));
  return { published, bought, sold };
}

/**
 * The owner's pictures' ids and names (a teacher's todos' pictures and its students' answer
 * pictures; a member's answer pictures), without their bytes, which are read one at a time.
 */
export async function imageList(db: DbOrTx, owner: ExportOwner) {
  const whose =
    owner.kind === 'teacher'
      ? or(
          inArray(images.todoId, db.select({ id: todos.id }).from(todos).innerJoin(todolists, eq(todolists.id, todos.todolistId)).where(eq(todolists.teacherId, owner.teacherId))),
          inArray(images.memberTodoId, db.select({ id: memberTodos.id }).from(memberTodos).where(inArray(memberTodos.memberId, teacherMemberIds(db, owner.teacherId)))),
        )
      : inArray(images.memberTodoId, db.select({ id: memberTodos.id }).from(memberTodos).where(eq(memberTodos.memberId, owner.memberId)));
  return db.select({ id: images.id, name: images.name }).from(images).where(whose).orderBy(asc(images.id));
}

/** One image's bytes. */
export async function imageBytes(db: DbOrTx, imageId: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ bytes: images.bytes }).from(images).where(eq(images.id, imageId));
  return row?.bytes;
}
