import { useMutation } from '@tanstack/react-query';
import type { TChatMessage } from '@kolikko/core/schemas/chat';
import { apiRequest } from '../../../lib/api-client.ts';
import { appendChatMessage, conversationParams, type TConversation } from './chat-cache.ts';

export function sendChatMessage(conversation: TConversation, message: string): Promise<TChatMessage> {
  return apiRequest<TChatMessage>('/chat', { method: 'POST', body: { ...conversationParams(conversation), message } });
}

export function useSendChatMessage(conversation: TConversation) {
  return useMutation({
    mutationFn: (message: string) => sendChatMessage(conversation, message),
    onSuccess: appendChatMessage,
  });
}
