import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { TChatMessage } from '@kolikko/core/schemas/chat';
import { apiRequest } from '../../../lib/api-client.ts';
import { removeChatMessage } from './chat-cache.ts';

const ZOk = z.object({ ok: z.literal(true) });

export function deleteChatMessage(id: string): Promise<{ ok: true }> {
  return apiRequest(`/chat/${encodeURIComponent(id)}`, { method: 'DELETE', schema: ZOk });
}

export function useDeleteChatMessage() {
  return useMutation({
    mutationFn: (message: TChatMessage) => deleteChatMessage(message.id),
    onSuccess: (_answer, message) => removeChatMessage(message),
  });
}
