import type { TChatSeenResponse } from '@kolikko/core/schemas/chat';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateChatUnread } from '../../../lib/queries/chat-unread.ts';
import { conversationParams, type TConversation } from './chat-cache.ts';

/** Marks the other side's messages of a conversation seen, then refreshes the counters. */
export async function markChatSeen(conversation: TConversation): Promise<void> {
  try {
    const answer = await apiRequest<TChatSeenResponse>('/chat/seen', { method: 'POST', body: conversationParams(conversation) });
    if (answer.marked > 0) invalidateChatUnread();
  } catch {
    // Not worth a banner: the counter simply stays until the next time.
  }
}
