import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_PAGE_DEFAULT, CHAT_PAGE_MAX } from '../limits.ts';
import { cleanChatMessage } from '../rules/chat.ts';
import { ZGroupId, ZMemberId, ZUserId } from './groups.ts';

const invalid = { error: 'VALIDATION.INVALID_INPUT' } as const;
const empty = { error: 'CHAT.MESSAGE_EMPTY' } as const;

/**
 * A chat message's text: plain text, cleaned (rules/chat.ts), 1 to CHAT_MESSAGE_MAX_LENGTH
 * characters (UTF-16 units, as a text field's maxlength counts them). Blank after cleaning is
 * CHAT.MESSAGE_EMPTY; too long is VALIDATION.INVALID_INPUT with field "message".
 */
export const ZChatText = z
  .string(empty)
  .max(CHAT_MESSAGE_MAX_LENGTH * 4, invalid)
  .transform(cleanChatMessage)
  .pipe(z.string().min(1, empty).max(CHAT_MESSAGE_MAX_LENGTH, invalid));

export const ZChatMessageId = z.uuid({ error: 'CHAT.MESSAGE_NOT_FOUND' });

/**
 * Which conversation: `member_id` names the private chat between a member and its teacher,
 * else `group_id` names the group's chat. One of them is required.
 */
const conversation = {
  /** The group's chat (the teacher and every member of the group). */
  group_id: ZGroupId.optional(),
  /** The private chat between this member and its teacher. */
  member_id: ZMemberId.optional(),
};

export const ZSendChatRequest = z.object({
  ...conversation,
  /** Plain text, at most 1,000 characters; never interpreted as HTML. */
  message: ZChatText,
});
export type TSendChatRequest = z.infer<typeof ZSendChatRequest>;

export const ZChatConversation = z.object(conversation);
export type TChatConversation = z.infer<typeof ZChatConversation>;

export const ZChatQuery = z.object({
  ...conversation,
  /** Page backwards: only messages older than this message (the oldest one the client holds). */
  before: ZChatMessageId.optional(),
  /** How many messages, 1 to 100 (default 50). */
  limit: z.coerce.number(invalid).int(invalid).min(1, invalid).max(CHAT_PAGE_MAX, invalid).default(CHAT_PAGE_DEFAULT),
});
export type TChatQuery = z.infer<typeof ZChatQuery>;

export const ZChatSendBy = z.enum(['teacher', 'member']);

/** A chat message (spec section 3), with the conversation and sender it belongs to. */
export const ZChatMessage = z.object({
  id: z.string(),
  group_id: z.string(),
  /** The member of a private chat; null in the group's chat. */
  member_id: z.string().nullable(),
  teacher_id: z.string(),
  send_by: ZChatSendBy,
  /** The member who wrote it (send_by member); null for the teacher's messages. */
  sender_member_id: z.string().nullable(),
  /**
   * Ours (issue 34): the teacher who wrote it (send_by teacher): the group's owner (teacher_id) or
   * one of its co-teachers, whose messages the screens mark; null for a member's.
   */
  sender_teacher_id: z.string().nullable(),
  /** The writer's current username (teacher or member), for the group chat's bubbles. */
  sender_username: z.string().nullable(),
  message: z.string(),
  send_at: z.string(),
  /**
   * Seen by the other side: by the teacher for a member's message; by the member for the
   * teacher's private message; by at least one member for the teacher's group message.
   */
  seen_by_the_other: z.boolean(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** One page of a conversation, oldest first (newest last). */
export const ZChatPage = z.object({
  messages: z.array(ZChatMessage),
  /** Older messages exist: ask again with `before` = the first message's id. */
  has_more: z.boolean(),
});
export type TChatPage = z.infer<typeof ZChatPage>;

export const ZChatUnreadQuery = z.object({
  /** The caller's own id (teacher or member). */
  userId: ZUserId,
});

/** The teacher's unread messages per conversation; only conversations with any. */
export const ZTeacherUnread = z.array(
  z.object({
    group_id: z.string(),
    /** The private chat's member; null for the group's chat. */
    member_id: z.string().nullable(),
    unread_count: z.number().int(),
  }),
);
export type TTeacherUnread = z.infer<typeof ZTeacherUnread>;

export const ZMemberUnread = z.object({
  /** Both conversations together: the number on the student's chat button. */
  unread_count: z.number().int(),
  private_unread_count: z.number().int(),
  group_unread_count: z.number().int(),
});
export type TMemberUnread = z.infer<typeof ZMemberUnread>;

export const ZChatSeenResponse = z.object({
  ok: z.literal(true),
  /** How many messages became seen. */
  marked: z.number().int(),
});
export type TChatSeenResponse = z.infer<typeof ZChatSeenResponse>;

export const ZChatDeleteParams = z.object({ chatId: ZChatMessageId });
