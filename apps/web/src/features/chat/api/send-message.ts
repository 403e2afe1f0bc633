import { useMutation } from '@tanstack/react-query';
import { ZChatMessage, type TChatMessage } from '@kolikko/core/schemas/chat';
import { apiRequest } from '../../../lib/api-client.ts';
import { appendChatMessage, conversationParams, type TConversation } from './chat-cache.ts';

export function sendChatMessage(conversation: TConversation, message: string): Promise<TChatMessage> {
  return apiRequest('/chat', { method: 'POST', body: { ...conversationParams(conversation), message }, schema: ZChatMessage });
}

export function useSendChatMessage(conversation: TConversation) {
  return useMutation({
    mutationFn: (message: string) => sendChatMessage(conversation, message),
    onSuccess: appendChatMessage,
  });
}
