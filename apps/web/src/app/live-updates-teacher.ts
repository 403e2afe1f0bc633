import type { Query } from '@tanstack/react-query';
import type { ServerToClientEvents } from '@kolikko/core/events';
import type { TMember } from '@kolikko/core/schemas/groups';
import { coteachersQueryKey, invitationsQueryKey } from '../features/coteaching/api/coteaching.ts';
import { memberQueryKey } from '../features/groups/api/get-member.ts';
import { putMemberInCaches } from '../features/groups/api/group-cache.ts';
import { todolistQueryKey } from '../features/shared-todos/api/get-todolist.ts';
import { todosQueryKey } from '../features/todos/api/get-todos.ts';
import { purchaseHistoryQueryKey } from '../features/shop/api/get-purchase-history.ts';
import { refreshSession, setSessionCoins } from '../lib/auth.ts';
import { queryClient } from '../lib/query-client.ts';
import { activeGroupQueryKey } from '../lib/queries/get-active-group.ts';
import { groupMembersQueryKey } from '../lib/queries/get-group-members.ts';
import { groupsQueryKey } from '../lib/queries/get-groups.ts';
import { invalidateChatUnread } from '../lib/queries/chat-unread.ts';
import { invalidateMemberHistory } from '../lib/queries/member-history.ts';
import { memberTodosGroupKey } from '../lib/queries/member-todos.ts';
import { invalidateOwedRewards, setOwedRewards } from '../lib/queries/owed-rewards.ts';
import { invalidateDashboard, invalidateHandout } from '../lib/queries/handout.ts';
import { showBanner } from '../lib/banner.ts';
import { chatHandlers, invalidate, type HandlersFor } from './use-live-updates.ts';

/** Every cached member list of any group: ['group', groupId, 'members']. */
function isMembersList(query: Query): boolean {
  return query.queryKey[0] === 'group' && query.queryKey[2] === 'members';
}

/** Changes a member wherever it is cached, when the event does not say its group. */
function patchMember(memberId: string, patch: Partial<TMember>): void {
  queryClient.setQueryData<TMember>(memberQueryKey(memberId), (member) => (member ? { ...member, ...patch } : member));
  queryClient.setQueriesData<TMember[]>({ predicate: isMembersList }, (members) =>
    members?.map((member) => (member.id === memberId ? { ...member, ...patch } : member)),
  );
}

/** The teacher's live events (spec section 7), for the teacher layout's useLiveUpdates. */
export const teacherHandlers: HandlersFor = ({ userId: teacherId }) => {
  const refreshGroups = () => {
    invalidate(groupsQueryKey(teacherId));
    invalidate(activeGroupQueryKey(teacherId));
  };
  // Lists shared between teachers: the lists, the open one and its todos (its controls follow its permissions).
  const invalidateTeacherShare = (todolistId: string) => {
    invalidate(['todolists']);
    invalidate(todolistQueryKey(todolistId));
    invalidate(todosQueryKey(todolistId));
  };
  const memberRemoved: ServerToClientEvents['member-delete-self'] = ({ member_id, group_id, teacher_coins }) => {
    queryClient.setQueryData<TMember[]>(groupMembersQueryKey(group_id), (members) => members?.filter((member) => member.id !== member_id));
    // Marked stale, not removed: the page that deleted the member must stay mounted until it
    // has moved on, or its own success handler (the navigation away) would never run.
    void queryClient.invalidateQueries({ queryKey: memberQueryKey(member_id), refetchType: 'none' });
    invalidate(memberTodosGroupKey(group_id));
    refreshGroups();
    if (teacher_coins !== undefined) setSessionCoins(teacher_coins);
  };
  return {
    ...chatHandlers,
    // Issue 33: a student's message is one more unread on the dashboard.
    'member-sent-a-chat': (message) => {
      chatHandlers['member-sent-a-chat']?.(message);
      invalidateDashboard();
    },
    // Issue 33: the teacher read a conversation (in another tab): fewer unread, here and on the dashboard.
    'teacher-read-chat': () => {
      invalidateChatUnread();
      invalidateDashboard();
    },
    // Issue 34: a co-teaching began or ended. The co-teacher's screens gain or lose the group (an
    // open page of it shows it is gone on its next read); the owner's list of co-teachers changes.
    'coteaching-changed': ({ group_id, teacher_id, change }) => {
      refreshGroups();
      invalidate(coteachersQueryKey(group_id));
      invalidate(invitationsQueryKey);
      if (teacher_id === teacherId && change === 'ended') {
        invalidate(groupMembersQueryKey(group_id));
        showBanner('info', 'teacher.invitations.ended');
      }
    },
    'teacher-gave-coins': ({ member_id, coins }) => {
      patchMember(member_id, { coins });
      invalidateMemberHistory(member_id);
      invalidateDashboard();
    },
    'member-created': (member) => {
      queryClient.setQueryData<TMember[]>(groupMembersQueryKey(member.group_id), (members) =>
        members && !members.some((existing) => existing.id === member.id) ? [...members, member] : members,
      );
      invalidate(groupMembersQueryKey(member.group_id));
      invalidate(memberTodosGroupKey(member.group_id));
      refreshGroups();
    },
    'teacher-delete-member': memberRemoved,
    'member-delete-self': memberRemoved,
    'member-settings-update': ({ change: _change, ...member }) => putMemberInCaches(member),
    // Issue 33: a purchase reaches the teacher: a notice on every teacher page, the hand-out queue and the dashboard.
    'member-purchased-reward': ({ member_id, member_coins, username, name, group_id }) => {
      patchMember(member_id, { coins: member_coins });
      invalidateMemberHistory(member_id);
      invalidateHandout(group_id);
      showBanner('info', 'teacher.notices.rewardPurchased', { name: username, reward: name });
    },
    'reward-purchase-settled': ({ member_id, member_coins, group_id }) => {
      patchMember(member_id, { coins: member_coins });
      invalidateMemberHistory(member_id);
      invalidateHandout(group_id);
    },
    'member-coins-transfer': ({ sender_id, recipient, recipient_coins, sender_coins }) => {
      patchMember(recipient, { coins: recipient_coins });
      if (sender_coins !== undefined) patchMember(sender_id, { coins: sender_coins });
      invalidateMemberHistory(recipient);
      invalidateMemberHistory(sender_id);
    },
    'member-updated-todo': ({ member_id, member_coins }) => {
      patchMember(member_id, { coins: member_coins });
      invalidate(['memberTodos']);
      invalidateMemberHistory(member_id);
      // A completed todo may be paid from the teacher's purse, or owe what the purse could not pay.
      void refreshSession();
      invalidateOwedRewards();
      invalidateDashboard();
    },
    // Coins bought by card arrived, or owed rewards were made or paid: the header's purse and
    // what it owes change at once; the purchase history shows the new rows when next looked at.
    'teacher-purse-updated': ({ coins, owed_rewards, owed_coins }) => {
      setSessionCoins(coins);
      setOwedRewards(teacherId, { rewards: owed_rewards, coins: owed_coins });
      invalidate(purchaseHistoryQueryKey(teacherId));
      invalidateDashboard();
    },
    'teacher-updated-todo': ({ todolist_id }) => {
      invalidate(todosQueryKey(todolist_id));
      invalidate(todolistQueryKey(todolist_id));
      invalidate(['memberTodos']);
    },
    'teacher-updated-shared-todolist-todos': ({ group_id, todolist_id }) => {
      invalidate(todosQueryKey(todolist_id));
      invalidate(todolistQueryKey(todolist_id));
      invalidate(memberTodosGroupKey(group_id));
    },
    // group_id null: a list shared between teachers (to this teacher, or no longer): its lists change.
    'teacher-shared-todolist': ({ group_id, todolist_id }) => {
      if (group_id === null) return invalidateTeacherShare(todolist_id);
      invalidate(memberTodosGroupKey(group_id));
      refreshGroups();
    },
    'teacher-unshared-todolist': ({ group_id, todolist_id }) => {
      if (group_id === null && todolist_id !== null) return invalidateTeacherShare(todolist_id);
      if (group_id !== null) invalidate(memberTodosGroupKey(group_id));
      refreshGroups();
    },
    'teacher-updated-shared-todolist-permissions': ({ todolist_id }) => invalidateTeacherShare(todolist_id),
    'teacher-shared-rewardlist': () => {
      invalidate(['rewardlists']);
      invalidate(['sharedRewardlists']);
    },
  };
};
