import { classmatesQueryKey } from '../features/account/api/get-classmates.ts';
import { publishedRewardsQueryKey } from '../features/student-rewards/api/get-published-rewards.ts';
import { refreshSession, setSessionCoins, setSessionTrading } from '../lib/auth.ts';
import { showBanner } from '../lib/banner.ts';
import { invalidateMemberHistory } from '../lib/queries/member-history.ts';
import { memberTodosGroupKey } from '../lib/queries/member-todos.ts';
import { closeSocket } from '../lib/socket.ts';
import { chatHandlers, invalidate, type HandlersFor } from './use-live-updates.ts';

/** The student's live events (spec section 7), for the student layout's useLiveUpdates. */
export const studentHandlers: HandlersFor = ({ userId: memberId, groupId, signedOut }) => {
  const signOut = () => {
    closeSocket();
    showBanner('info', 'live.memberRemoved');
    signedOut('student');
  };
  const refreshTodos = () => invalidate(memberTodosGroupKey(groupId));
  return {
    ...chatHandlers,
    'teacher-gave-coins': ({ member_id, coins, amount, reason, undone }) => {
      if (member_id !== memberId) return;
      setSessionCoins(coins);
      invalidateMemberHistory(memberId);
      // Ours (issue 32): an award names its reason ("Teamwork! +1 coin"); an undone one says so, plainly.
      if (undone) showBanner('info', 'live.awardUndone');
      else if (amount && reason) showBanner(amount > 0 ? 'success' : 'info', amount > 0 ? 'live.reasonGiven' : 'live.reasonTaken', { reason: reason.name, count: Math.abs(amount) });
      else if (amount) showBanner('info', amount > 0 ? 'live.coinsGiven' : 'live.coinsTaken', { count: Math.abs(amount) });
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
    'member-coins-transfer': ({ recipient, recipient_coins, sender_username, amount }) => {
      if (recipient !== memberId) return;
      setSessionCoins(recipient_coins);
      invalidateMemberHistory(memberId);
      // Issue 33: as an award does, a transfer says who sent it ("Emma sent you 5 coins").
      showBanner('success', 'live.coinsReceived', { name: sender_username, count: amount });
    },
    // Issue 33: the teacher handed a reward out, or gave it back with its coins.
    'reward-purchase-settled': ({ member_id, member_coins, state, reward_name, refunded }) => {
      if (member_id !== memberId) return;
      setSessionCoins(member_coins);
      invalidateMemberHistory(memberId);
      invalidate(publishedRewardsQueryKey(groupId));
      if (state === 'returned' && refunded > 0) showBanner('info', 'live.rewardReturned', { reward: reward_name, count: refunded });
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
};
