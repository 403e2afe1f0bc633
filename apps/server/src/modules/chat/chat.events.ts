import { rooms, type ChatDeletedPayload, type TeacherReadChatPayload } from '@kolikko/core/events';
import type { TChatMessage } from '@kolikko/core/schemas/chat';
import type { RealtimeServer } from '../realtime/io.ts';

/**
 * The chat's live events, sent after the change is committed, to the conversation's rooms only:
 * the group's chat to the group's members and teachers; a private chat to that member and the
 * group's teachers. Services depend on this interface; the socket adapter below is the only sender.
 */
export interface ChatEvents {
  sent(message: TChatMessage): void;
  deleted(payload: ChatDeletedPayload): void;
  /** The teacher read students' messages: its other tabs' unread counts follow. */
  readByTeacher(payload: TeacherReadChatPayload): void;
}

const roomsOf = (groupId: string, memberId: string | null) => [
  memberId === null ? rooms.groupMembers(groupId) : rooms.member(memberId),
  rooms.groupTeachers(groupId),
];

export function socketChatEvents(io: RealtimeServer): ChatEvents {
  return {
    sent(message) {
      const to = io.to(roomsOf(message.group_id, message.member_id));
      if (message.send_by === 'teacher') to.emit('teacher-sent-a-chat', message);
      else to.emit('member-sent-a-chat', message);
    },
    deleted(payload) {
      io.to(roomsOf(payload.group_id, payload.member_id)).emit('chat-message-deleted', payload);
    },
    readByTeacher(payload) {
      io.to(rooms.groupTeachers(payload.group_id)).emit('teacher-read-chat', payload);
    },
  };
}
