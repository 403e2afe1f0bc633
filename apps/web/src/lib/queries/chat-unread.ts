import { useQuery } from '@tanstack/react-query';
import type { TMemberUnread, TTeacherUnread } from '@kolikko/core/schemas/chat';
import { apiRequest } from '../api-client.ts';
import { queryClient } from '../query-client.ts';

/**
 * Unread chat counters (spec section 4, Chat). Shared because the groups page (member cards,
 * group chat button), the student layout and the chat feature all read or refresh them.
 */
export const CHAT_UNREAD_ROOT = ['chatUnread'] as const;

export function teacherUnreadQueryKey(teacherId: string) {
  return [...CHAT_UNREAD_ROOT, 'teacher', teacherId] as const;
}

export function memberUnreadQueryKey(memberId: string) {
  return [...CHAT_UNREAD_ROOT, 'member', memberId] as const;
}

export function useTeacherUnread(teacherId: string | null) {
  return useQuery({
    queryKey: teacherUnreadQueryKey(teacherId ?? ''),
    queryFn: ({ signal }): Promise<TTeacherUnread> =>
      apiRequest<TTeacherUnread>(`/chat/unread/teacher?userId=${encodeURIComponent(teacherId ?? '')}`, { signal }),
    enabled: teacherId !== null,
  });
}

export function useMemberUnread(memberId: string | null) {
  return useQuery({
    queryKey: memberUnreadQueryKey(memberId ?? ''),
    queryFn: ({ signal }): Promise<TMemberUnread> =>
      apiRequest<TMemberUnread>(`/chat/unread/member?userId=${encodeURIComponent(memberId ?? '')}`, { signal }),
    enabled: memberId !== null,
  });
}

/** The teacher's unread count of one conversation: a member's private chat, or the group's chat. */
export function teacherUnreadCount(list: TTeacherUnread | undefined, target: { groupId: string } | { memberId: string }): number {
  if (!list) return 0;
  const entry =
    'memberId' in target
      ? list.find((item) => item.member_id === target.memberId)
      : list.find((item) => item.group_id === target.groupId && item.member_id === null);
  return entry?.unread_count ?? 0;
}

/** Refetches every unread counter (a chat event arrived, or a conversation was marked seen). */
export function invalidateChatUnread(): void {
  void queryClient.invalidateQueries({ queryKey: CHAT_UNREAD_ROOT });
}
