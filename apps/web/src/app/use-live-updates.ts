import { useEffect } from 'react';
import type { Query } from '@tanstack/react-query';
import type { ServerToClientEvents } from '@kolikko/core/events';
import type { TMember } from '@kolikko/core/schemas/groups';
import { memberQueryKey } from '../features/groups/api/get-member.ts';
import { putMemberInCaches } from '../features/groups/api/group-cache.ts';
import { todolistQueryKey } from '../features/shared-todos/api/get-todolist.ts';
import { todosQueryKey } from '../features/todos/api/get-todos.ts';
import { classmatesQueryKey } from '../features/account/api/get-classmates.ts';
import { appendChatMessage, removeChatMessage } from '../features/chat/api/chat-cache.ts';
import { purchaseHistoryQueryKey } from '../features/shop/api/get-purchase-history.ts';
import { publishedRewardsQueryKey } from '../features/student-rewards/api/get-published-rewards.ts';
import { refreshSession, setSessionCoins, setSessionTrading, useSession, useSignedOut } from '../lib/auth.ts';
import { showBanner } from '../lib/banner.ts';
import { queryClient } from '../lib/query-client.ts';
import { invalidateChatUnread } from '../lib/queries/chat-unread.ts';
import { activeGroupQueryKey } from '../lib/queries/get-active-group.ts';
import { groupMembersQueryKey } from '../lib/queries/get-group-members.ts';
import { groupsQueryKey } from '../lib/queries/get-groups.ts';
import { invalidateMemberHistory } from '../lib/queries/member-history.ts';
import { memberTodosGroupKey } from '../lib/queries/member-todos.ts';
import { invalidateOwedRewards, setOwedRewards } from '../lib/queries/owed-rewards.ts';
import { closeSocket, useSocket, type AppSocket } from '../lib/socket.ts';

type EventName = keyof ServerToClientEvents;
type Handlers = { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] };

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

function invalidate(queryKey: readonly unknown[]): void {
  void queryClient.invalidateQueries({ queryKey });
}

/** Chat events (spec section 7): the open conversation grows or shrinks, the counters refetch. */
const chatHandlers: Handlers = {
  'teacher-sent-a-chat': (message) => {
    appendChatMessage(message);
    invalidateChatUnread();
  },
  'member-sent-a-chat': (message) => {
    appendChatMessage(message);
    invalidateChatUnread();
  },
  'chat-message-deleted': (payload) => {
    removeChatMessage(payload);
    invalidateChatUnread();
  },
};

function teacherHandlers(teacherId: string): Handlers {
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
    'teacher-gave-coins': ({ member_id, coins }) => {
      patchMember(member_id, { coins });
      invalidateMemberHistory(member_id);
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
    'member-purchased-reward': ({ member_id, member_coins }) => {
      patchMember(member_id, { coins: member_coins });
      invalidateMemberHistory(member_id);
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
    },
    // Coins bought by card arrived, or owed rewards were made or paid: the header's purse and
    // what it owes change at once; the purchase history shows the new rows when next looked at.
    'teacher-purse-updated': ({ coins, owed_rewards, owed_coins }) => {
      setSessionCoins(coins);
      setOwedRewards(teacherId, { rewards: owed_rewards, coins: owed_coins });
      invalidate(purchaseHistoryQueryKey(teacherId));
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
}

function memberHandlers(memberId: string, groupId: string, signOut: () => void): Handlers {
  const refreshTodos = () => invalidate(memberTodosGroupKey(groupId));
  return {
    ...chatHandlers,
    'teacher-gave-coins': ({ member_id, coins, amount }) => {
      if (member_id !== memberId) return;
      setSessionCoins(coins);
      invalidateMemberHistory(memberId);
      if (amount) showBanner('info', amount > 0 ? 'live.coinsGiven' : 'live.coinsTaken', { count: Math.abs(amount) });
    },
    'teacher-delete-member': ({ member_id }) => {
      if (member_id !== memberId) return;
      signOut();
    },
    'teacher-updated-member-setting': () => {
      // The session holds the username, small group and character; a new small group shows another list.
      void refreshSession();
      refreshTodos();
      invalidate(classmatesQueryKey(memberId));
    },
    'member-coins-transfer': ({ recipient, recipient_coins }) => {
      if (recipient !== memberId) return;
      setSessionCoins(recipient_coins);
      invalidateMemberHistory(memberId);
    },
    'teacher-updated-member-todo': ({ member_coins, outcome, title, coins_change }) => {
      setSessionCoins(member_coins);
      refreshTodos();
      invalidateMemberHistory(memberId);
      if (outcome) {
        const key = `live.${outcome}${coins_change ? '' : 'NoCoins'}`;
        showBanner('info', key, { title: title || { key: 'live.untitledTask' }, coins: Math.abs(coins_change ?? 0) });
      }
    },
    'teacher-updated-group-settings': ({ trading_allowed }) => setSessionTrading(trading_allowed),
    // Ours: an answer sent back shows its comment on the task at once.
    'teacher-sent-back-todo': () => {
      refreshTodos();
      showBanner('info', 'live.sentBack');
    },
    'teacher-updated-shared-todolist-todos': refreshTodos,
    'teacher-shared-todolist': refreshTodos,
    'teacher-unshared-todolist': refreshTodos,
    'teacher-updated-rewards': () => invalidate(publishedRewardsQueryKey(groupId)),
  };
}

/** Adds or removes one typed listener. */
function listen(socket: AppSocket, name: EventName, handler: ServerToClientEvents[EventName] | undefined, how: 'on' | 'off'): void {
  if (!handler) return;
  if (how === 'on') socket.on(name, handler);
  else socket.off(name, handler);
}

/**
 * Applies the server's live events to the cached data (spec section 7). Mounted once in each
 * area's layout; the connection itself belongs to lib/socket.ts.
 */
export function useLiveUpdates(): void {
  const socket = useSocket();
  const { user } = useSession();
  const signedOut = useSignedOut();
  const userId = user?.id ?? null;
  const isTeacher = user?.admin ?? false;
  const groupId = user && !user.admin ? user.group_id : '';

  useEffect(() => {
    if (!socket || userId === null) return;
    const handlers: Handlers = isTeacher
      ? teacherHandlers(userId)
      : memberHandlers(userId, groupId, () => {
          closeSocket();
          showBanner('info', 'live.memberRemoved');
          signedOut('student');
        });
    const names = Object.keys(handlers) as EventName[];
    for (const name of names) listen(socket, name, handlers[name], 'on');
    return () => {
      for (const name of names) listen(socket, name, handlers[name], 'off');
    };
  }, [socket, userId, isTeacher, groupId, signedOut]);
}
