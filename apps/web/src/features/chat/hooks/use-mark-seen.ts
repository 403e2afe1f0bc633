import { useEffect } from 'react';
import type { TChatMessage } from '@kolikko/core/schemas/chat';
import { useSocket } from '../../../lib/socket.ts';
import type { TConversation } from '../api/chat-cache.ts';
import { markChatSeen } from '../api/mark-seen.ts';

function conversationFrom(memberId: string | null, groupId: string): TConversation {
  return memberId === null ? { groupId } : { memberId };
}

/** Written by someone else than the signed-in user. */
function isFromOthers(message: TChatMessage, isTeacher: boolean, userId: string): boolean {
  return isTeacher ? message.send_by === 'member' : message.sender_member_id !== userId;
}

/**
 * While a conversation is open: marks it seen when it opens, and again whenever someone else
 * writes to it (the message itself reaches the cache through app/use-live-updates.ts).
 * `memberId` names a private chat; null means the group's chat.
 */
export function useMarkSeen(memberId: string | null, groupId: string, isTeacher: boolean, userId: string): void {
  const socket = useSocket();

  useEffect(() => {
    void markChatSeen(conversationFrom(memberId, groupId));
  }, [memberId, groupId]);

  useEffect(() => {
    if (!socket) return;
    const onMessage = (message: TChatMessage) => {
      const inThisChat = memberId === null ? message.member_id === null && message.group_id === groupId : message.member_id === memberId;
      if (inThisChat && isFromOthers(message, isTeacher, userId)) void markChatSeen(conversationFrom(memberId, groupId));
    };
    socket.on('member-sent-a-chat', onMessage);
    socket.on('teacher-sent-a-chat', onMessage);
    return () => {
      socket.off('member-sent-a-chat', onMessage);
      socket.off('teacher-sent-a-chat', onMessage);
    };
  }, [socket, memberId, groupId, isTeacher, userId]);
}
