import { AppError } from '@kolikko/core/errors';
import { CHAT_RATE_LIMIT_MESSAGES, CHAT_RATE_LIMIT_WINDOW_MS } from '@kolikko/core/limits';
import type { TChatConversation, TChatMessage, TChatPage, TChatQuery, TMemberUnread, TTeacherUnread } from '@kolikko/core/schemas/chat';
import type { Db } from '../../db/client.ts';
import { findMemberWithTeacher } from '../members/members.repo.ts';
import { isCoteacher } from '../groups/groups.repo.ts';
import type { ChatEvents } from './chat.events.ts';
import { presentChatMessage } from './chat.presenters.ts';
import * as repo from './chat.repo.ts';

/** Who chats: a teacher, or a member of one group. */
export type ChatActor = { kind: 'teacher'; teacherId: string } | { kind: 'member'; memberId: string; groupId: string };

export type ChatService = ReturnType<typeof createChatService>;

/**
 * The group's chat (its teachers and all its members) and the private chat between the group's
 * teachers and one member. A teacher reaches every conversation of the groups it teaches, its own
 * or ones it co-teaches now (any other answers CHAT.CHAT_NOT_FOUND, so ids cannot be probed); a
 * member only its group's chat and its own private chat (anything else is CHAT.UNAUTHORIZED_USER).
 * A conversation's teacher_id stays the group's owner: a co-teacher's message names its writer
 * (sender_teacher_id), so the owner and the students see who wrote it.
 */
export function createChatService({ db, events }: { db: Db; events: ChatEvents }) {
  /** Whether the teacher may act in a group owned by `ownerId`: it is the owner, or co-teaches it now. */
  async function teaches(teacherId: string, groupId: string, ownerId: string): Promise<boolean> {
    return ownerId === teacherId || isCoteacher(db, teacherId, groupId);
  }

  async function conversationOf(actor: ChatActor, target: TChatConversation): Promise<repo.Conversation> {
    const notYours = () => new AppError(actor.kind === 'teacher' ? 'CHAT.CHAT_NOT_FOUND' : 'CHAT.UNAUTHORIZED_USER');
    if (target.member_id) {
      if (actor.kind === 'member' && target.member_id !== actor.memberId) throw notYours();
      const row = await findMemberWithTeacher(db, target.member_id);
      if (!row) throw notYours();
      if (actor.kind === 'teacher' && !(await teaches(actor.teacherId, row.member.groupId, row.teacherId))) throw notYours();
      if (target.group_id && target.group_id !== row.member.groupId) throw notYours();
      return { groupId: row.member.groupId, teacherId: row.teacherId, memberId: row.member.id };
    }
    if (target.group_id) {
      if (actor.kind === 'member' && target.group_id !== actor.groupId) throw notYours();
      const teacherId = await repo.findGroupTeacher(db, target.group_id);
      if (!teacherId || (actor.kind === 'teacher' && !(await teaches(actor.teacherId, target.group_id, teacherId)))) throw notYours();
      return { groupId: target.group_id, teacherId, memberId: null };
    }
    throw new AppError('VALIDATION.INVALID_INPUT', { field: 'group_id', message: 'Name the conversation: group_id or member_id' });
  }

  async function present(id: string): Promise<TChatMessage> {
    const view = await repo.findMessageView(db, id);
    if (!view) throw new AppError('CHAT.MESSAGE_NOT_FOUND');
    return presentChatMessage(view);
  }

  return {
    /**
     * Stores a message (already cleaned by the request schema) and sends it to the conversation's
     * rooms. At most CHAT_RATE_LIMIT_MESSAGES per sender in CHAT_RATE_LIMIT_WINDOW_MS, counted in
     * the database (so across every server process) under a per-sender lock (so exactly).
     */
    async send(actor: ChatActor, target: TChatConversation, message: string): Promise<TChatMessage> {
      const conversation = await conversationOf(actor, target);
      const sender = actor.kind === 'teacher' ? { teacherId: actor.teacherId } : { memberId: actor.memberId };
      const row = await db.transaction(async (tx) => {
        await repo.lockSender(tx, actor.kind === 'teacher' ? actor.teacherId : actor.memberId);
        if ((await repo.countRecentMessages(tx, sender, CHAT_RATE_LIMIT_WINDOW_MS)) >= CHAT_RATE_LIMIT_MESSAGES) {
          throw new AppError('SERVER.TRY_AGAIN', { message: 'Too many messages; wait a moment' });
        }
        return repo.insertChatMessage(tx, {
          ...conversation,
          sendBy: actor.kind,
          senderMemberId: actor.kind === 'member' ? actor.memberId : null,
          senderTeacherId: actor.kind === 'teacher' ? actor.teacherId : null,
          message,
        });
      });
      const sent = await present(row.id);
      events.sent(sent);
      return sent;
    },

    /** A page of a conversation, newest last; `before` pages back from a message of it. */
    async list(actor: ChatActor, query: TChatQuery): Promise<TChatPage> {
      const conversation = await conversationOf(actor, query);
      if (query.before) {
        const cursor = await repo.findMessage(db, query.before);
        if (!cursor || cursor.groupId !== conversation.groupId || cursor.memberId !== conversation.memberId) {
          throw new AppError('CHAT.MESSAGE_NOT_FOUND', { field: 'before' });
        }
      }
      const rows = await repo.listConversation(db, conversation, query.before, query.limit + 1);
      return { messages: rows.slice(0, query.limit).reverse().map(presentChatMessage), has_more: rows.length > query.limit };
    },

    /**
     * The caller opened a conversation: what the other side wrote becomes seen. A member opening
     * its group's chat also moves its own read mark (a group message has many readers).
     */
    async markSeen(actor: ChatActor, target: TChatConversation): Promise<number> {
      const conversation = await conversationOf(actor, target);
      if (actor.kind === 'teacher') {
        const count = await repo.markSeen(db, conversation, 'member');
        if (count > 0) events.readByTeacher({ group_id: conversation.groupId, member_id: conversation.memberId, count });
        return count;
      }
      if (conversation.memberId === null) await repo.markGroupChatRead(db, actor.memberId);
      return repo.markSeen(db, conversation, 'teacher');
    },

    /** A group's owner deletes any message of the group; a co-teacher or a member only its own. */
    async remove(actor: ChatActor, messageId: string): Promise<void> {
      const row = await repo.findMessage(db, messageId);
      if (!row) throw new AppError('CHAT.MESSAGE_NOT_FOUND');
      if (actor.kind === 'teacher') {
        if (!(await teaches(actor.teacherId, row.groupId, row.teacherId))) throw new AppError('CHAT.MESSAGE_NOT_FOUND');
        if (row.teacherId !== actor.teacherId && row.senderTeacherId !== actor.teacherId) throw new AppError('CHAT.UNAUTHORIZED_USER');
      } else {
        const visible = row.groupId === actor.groupId && (row.memberId === null || row.memberId === actor.memberId);
        if (!visible) throw new AppError('CHAT.MESSAGE_NOT_FOUND');
        if (row.senderMemberId !== actor.memberId) throw new AppError('CHAT.UNAUTHORIZED_USER');
      }
      await repo.deleteMessage(db, messageId);
      events.deleted({ id: row.id, group_id: row.groupId, member_id: row.memberId });
    },

    async teacherUnread(teacherId: string): Promise<TTeacherUnread> {
      const rows = await repo.countTeacherUnread(db, teacherId);
      return rows.map((r) => ({ group_id: r.groupId, member_id: r.memberId, unread_count: r.n }));
    },

    async memberUnread(memberId: string, groupId: string): Promise<TMemberUnread> {
      const privateCount = await repo.countMemberPrivateUnread(db, memberId);
      const groupCount = await repo.countMemberGroupUnread(db, memberId, groupId);
      return { unread_count: privateCount + groupCount, private_unread_count: privateCount, group_unread_count: groupCount };
    },
  };
}
