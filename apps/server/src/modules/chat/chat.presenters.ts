import type { TChatMessage } from '@kolikko/core/schemas/chat';
import type { ChatMessageView } from './chat.repo.ts';

export function presentChatMessage({ message: m, memberName, teacherName }: ChatMessageView): TChatMessage {
  return {
    id: m.id,
    group_id: m.groupId,
    member_id: m.memberId,
    teacher_id: m.teacherId,
    send_by: m.sendBy,
    sender_member_id: m.senderMemberId,
    sender_teacher_id: m.senderTeacherId,
    sender_username: m.sendBy === 'teacher' ? teacherName : memberName,
    message: m.message,
    send_at: m.sendAt.toISOString(),
    seen_by_the_other: m.seenByTheOther,
  };
}
