import { useMutation } from '@tanstack/react-query';
import type { TChatMessage } from '@kolikko/core/schemas/chat';
import { apiRequest } from '../../../lib/api-client.ts';
import { removeChatMessage } from './chat-cache.ts';

type TOk = { ok: true };

export function deleteChatMessage(id: string): Promise<{ ok: true }> {
  return apiRequest<TOk>(`/chat/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteChatMessage() {
  return useMutation({
    mutationFn: (message: TChatMessage) => deleteChatMessage(message.id),
    onSuccess: (_answer, message) => removeChatMessage(message),
  });
}
