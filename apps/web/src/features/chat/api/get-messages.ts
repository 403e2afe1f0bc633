import { useInfiniteQuery } from '@tanstack/react-query';
import type { TChatPage } from '@kolikko/core/schemas/chat';
import { CHAT_PAGE_DEFAULT } from '@kolikko/core/limits';
import { apiRequest } from '../../../lib/api-client.ts';
import { chatMessagesQueryKey, conversationParams, type TConversation } from './chat-cache.ts';

export function getChatMessages(conversation: TConversation, before: string | null, signal?: AbortSignal): Promise<TChatPage> {
  const params = new URLSearchParams({ ...conversationParams(conversation), limit: String(CHAT_PAGE_DEFAULT) });
  if (before !== null) params.set('before', before);
  return apiRequest<TChatPage>(`/chat?${params.toString()}`, { signal });
}

/** A conversation, newest page first; fetchNextPage loads older messages. */
export function useChatMessages(conversation: TConversation) {
  return useInfiniteQuery({
    queryKey: chatMessagesQueryKey(conversation),
    queryFn: ({ pageParam, signal }) => getChatMessages(conversation, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => (lastPage.has_more ? (lastPage.messages[0]?.id ?? null) : null),
  });
}
