import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatGroupReads, chatMessages, groups, members, teachers } from '../../db/schema/index.ts';

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** A conversation: the group's chat (memberId null) or the private chat of one member. */
export interface Conversation {
  groupId: string;
  teacherId: string;
  memberId: string | null;
}

const inConversation = (c: Conversation): SQL | undefined =>
  and(eq(chatMessages.groupId, c.groupId), c.memberId === null ? isNull(chatMessages.memberId) : eq(chatMessages.memberId, c.memberId));

export async function findGroupTeacher(db: DbOrTx, groupId: string): Promise<string | undefined> {
  const [row] = await db.select({ teacherId: groups.teacherId }).from(groups).where(eq(groups.id, groupId));
  return row?.teacherId;
}

/**
 * Serializes one sender's messages for the rest of the transaction (an advisory lock, so no row
 * that coin movements lock is held), so the rate limit counts exactly.
 */
export async function lockSender(tx: DbOrTx, senderKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat:${senderKey}`}))`);
}

/** How many messages a sender (a teacher, or a member) wrote within the last windowMs. */
export async function countRecentMessages(db: DbOrTx, sender: { teacherId: string } | { memberId: string }, windowMs: number): Promise<number> {
  const who = 'teacherId' in sender ? eq(chatMessages.senderTeacherId, sender.teacherId) : eq(chatMessages.senderMemberId, sender.memberId);
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(who, sql`${chatMessages.sendAt} > now() - ${windowMs} * interval '1 millisecond'`));
  return row?.n ?? 0;
}

export async function insertChatMessage(
  db: DbOrTx,
  values: Conversation & { sendBy: 'teacher' | 'member'; senderMemberId: string | null; senderTeacherId: string | null; message: string },
): Promise<ChatMessageRow> {
  const [row] = await db.insert(chatMessages).values(values).returning();
  if (!row) throw new Error('insert chat message returned nothing');
  return row;
}

/** Messages with their writer's current username (a member's, or the owner's or a co-teacher's). */
const withNames = (db: DbOrTx) =>
  db
    .select({ message: chatMessages, memberName: members.username, teacherName: teachers.username })
    .from(chatMessages)
    .leftJoin(teachers, eq(teachers.id, chatMessages.senderTeacherId))
    .leftJoin(members, eq(members.id, chatMessages.senderMemberId));

export interface ChatMessageView {
  message: ChatMessageRow;
  memberName: string | null;
  teacherName: string | null;
}

export async function findMessageView(db: DbOrTx, id: string): Promise<ChatMessageView | undefined> {
  const [row] = await withNames(db).where(eq(chatMessages.id, id));
  return row;
}

export async function findMessage(db: DbOrTx, id: string): Promise<ChatMessageRow | undefined> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
  return row;
}

/** The newest `limit` messages of a conversation, older than the `before` message if given; newest first. */
export async function listConversation(db: DbOrTx, c: Conversation, before: string | undefined, limit: number): Promise<ChatMessageView[]> {
  const older = before
    ? sql`(${chatMessages.sendAt}, ${chatMessages.id}) < (select m.send_at, m.id from ${chatMessages} m where m.id = ${before})`
    : undefined;
  return withNames(db)
    .where(and(inConversation(c), older))
    .orderBy(desc(chatMessages.sendAt), desc(chatMessages.id))
    .limit(limit);
}

export async function deleteMessage(db: DbOrTx, id: string): Promise<void> {
  await db.delete(chatMessages).where(eq(chatMessages.id, id));
}

/** Marks what one side wrote in a conversation as seen by the other; answers how many changed. */
export async function markSeen(db: DbOrTx, c: Conversation, writtenBy: 'teacher' | 'member'): Promise<number> {
  const rows = await db
    .update(chatMessages)
    .set({ seenByTheOther: true })
    .where(and(inConversation(c), eq(chatMessages.sendBy, writtenBy), eq(chatMessages.seenByTheOther, false)))
    .returning({ id: chatMessages.id });
  return rows.length;
}

/** The member has read its group's chat up to now. */
export async function markGroupChatRead(db: DbOrTx, memberId: string): Promise<void> {
  await db
    .insert(chatGroupReads)
    .values({ memberId, seenAt: sql`now()` })
    .onConflictDoUpdate({ target: chatGroupReads.memberId, set: { seenAt: sql`now()` } });
}

/**
 * The unseen messages from members of the groups the teacher teaches, per conversation: its own
 * groups', and those it co-teaches now (a message seen by one of a group's teachers is seen).
 */
export async function countTeacherUnread(db: DbOrTx, teacherId: string) {
  const coteaching = sql`${chatMessages.groupId} in (select gc.group_id from group_coteachers gc
    where gc.teacher_id = ${teacherId}::uuid and gc.accepted_at is not null and (gc.until is null or gc.until > now()))`;
  return db
    .select({ groupId: chatMessages.groupId, memberId: chatMessages.memberId, n: count() })
    .from(chatMessages)
    .where(and(or(eq(chatMessages.teacherId, teacherId), coteaching), eq(chatMessages.sendBy, 'member'), eq(chatMessages.seenByTheOther, false)))
    .groupBy(chatMessages.groupId, chatMessages.memberId)
    .orderBy(chatMessages.groupId, chatMessages.memberId);
}

/** The teacher's private messages the member has not seen. */
export async function countMemberPrivateUnread(db: DbOrTx, memberId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.memberId, memberId), eq(chatMessages.sendBy, 'teacher'), eq(chatMessages.seenByTheOther, false)));
  return row?.n ?? 0;
}

/**
 * Messages of the member's group chat written by others since the member last read it (or, if
 * it never has, since it joined the group).
 */
export async function countMemberGroupUnread(db: DbOrTx, memberId: string, groupId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.groupId, groupId),
        isNull(chatMessages.memberId),
        sql`${chatMessages.senderMemberId} is distinct from ${memberId}`,
        sql`${chatMessages.sendAt} > coalesce(
          (select ${chatGroupReads.seenAt} from ${chatGroupReads} where ${chatGroupReads.memberId} = ${memberId}),
          (select ${members.createdAt} from ${members} where ${members.id} = ${memberId}))`,
      ),
    );
  return row?.n ?? 0;
}
