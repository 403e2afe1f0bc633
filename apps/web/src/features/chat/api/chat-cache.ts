import type { InfiniteData } from '@tanstack/react-query';
import type { TChatMessage, TChatPage } from '@kolikko/core/schemas/chat';
import { queryClient } from '../../../lib/query-client.ts';

/** One conversation: a member's private chat with the teacher, or a group's chat. */
export type TConversation = { memberId: string } | { groupId: string };

export function chatMessagesQueryKey(conversation: TConversation) {
  return 'memberId' in conversation
    ? (['chat', 'member', conversation.memberId] as const)
    : (['chat', 'group', conversation.groupId] as const);
}

/** The request fields that name a conversation. */
export function conversationParams(conversation: TConversation): { member_id: string } | { group_id: string } {
  return 'memberId' in conversation ? { member_id: conversation.memberId } : { group_id: conversation.groupId };
}

/** The conversation a message (or a deleted message's payload) belongs to. */
export function conversationOf(message: { group_id: string; member_id: string | null }): TConversation {
  return message.member_id === null ? { groupId: message.group_id } : { memberId: message.member_id };
}

/** The pages are kept newest first (pages[0] is the latest page); each page is oldest first. */
export type TChatPages = InfiniteData<TChatPage, string | null>;

/** Appends a message to its cached conversation, once. */
export function appendChatMessage(message: TChatMessage): void {
  queryClient.setQueryData<TChatPages>(chatMessagesQueryKey(conversationOf(message)), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.messages.some((existing) => existing.id === message.id))) return data;
    const [newest, ...rest] = data.pages;
    if (!newest) return data;
    return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...rest] };
  });
}

/** Removes a message from its cached conversation. */
export function removeChatMessage(payload: { id: string; group_id: string; member_id: string | null }): void {
  queryClient.setQueryData<TChatPages>(chatMessagesQueryKey(conversationOf(payload)), (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, messages: page.messages.filter((message) => message.id !== payload.id) })) }
      : data,
  );
}
