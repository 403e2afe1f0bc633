import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import type { TMember } from '@kolikko/core/schemas/groups';
import { useSession } from '../../lib/auth.ts';
import { TeacherProfile } from '../../features/account/components/teacher-profile.tsx';
import { GroupsPage } from '../../features/groups/components/groups-page.tsx';
import { isMemberView, MemberPage, type MemberTodosSlotProps } from '../../features/groups/components/member-page.tsx';
import { HistoryTimeline } from '../../features/history/components/history-timeline.tsx';
import { PurchasedRewards } from '../../features/history/components/purchased-rewards.tsx';
import { RewardsPage } from '../../features/rewards/components/rewards-page.tsx';
import { MemberTodosPanel } from '../../features/shared-todos/components/member-todos-panel.tsx';
import { SharedPage } from '../../features/shared-todos/components/shared-page.tsx';
import { CheckoutPage } from '../../features/shop/components/checkout-page.tsx';
import { CoinsPage } from '../../features/shop/components/coins-page.tsx';
import { PaymentSuccessPage } from '../../features/shop/components/payment-success-page.tsx';
import { UpgradesPage } from '../../features/shop/components/upgrades-page.tsx';
import { TodosPage } from '../../features/todos/components/todos-page.tsx';

/** The teacher guard has checked the role; this narrows the session user for the page. */
function WithTeacher({ children }: { children: (teacher: TTeacherUser) => ReactNode }) {
  const { user } = useSession();
  return user?.admin ? children(user) : null;
}

export function GroupsRoute() {
  return <WithTeacher>{(teacher) => <GroupsPage teacher={teacher} />}</WithTeacher>;
}

/**
 * The member page's todos view is the shared-todos feature's panel: features never import each
 * other, so the router puts the two together.
 */
function memberTodos({ member, onMemberCoins }: MemberTodosSlotProps) {
  return <MemberTodosPanel groupId={member.group_id} memberId={member.id} username={member.username} onMemberCoins={onMemberCoins} showListName />;
}

/** The member page's rewards and history views are the history feature's. */
function memberRewards(member: TMember) {
  return <PurchasedRewards memberId={member.id} username={member.username} />;
}

function memberActions(member: TMember) {
  return <HistoryTimeline memberId={member.id} audience="teacher" />;
}

/** /teacher/groups/:memberId defaults to the todos view; an unknown view goes there too. */
export function MemberRoute() {
  const { memberId = '', view } = useParams();
  if (!isMemberView(view)) return <Navigate to={`/teacher/groups/${memberId}/todos`} replace />;
  return (
    <WithTeacher>
      {(teacher) => (
        <MemberPage
          key={memberId}
          teacher={teacher}
          memberId={memberId}
          view={view}
          renderTodos={memberTodos}
          renderRewards={memberRewards}
          renderActions={memberActions}
        />
      )}
    </WithTeacher>
  );
}

/** /teacher/todos and /teacher/todos/:todolistId. */
export function TodosRoute() {
  const { todolistId } = useParams();
  return <WithTeacher>{(teacher) => <TodosPage teacher={teacher} todolistId={todolistId ?? null} />}</WithTeacher>;
}

/** /teacher/shared, optionally /:memberId/:view; a member has one view (todos), where any other goes. */
export function SharedRoute() {
  const { memberId, view } = useParams();
  if (memberId && view !== 'todos') return <Navigate to={`/teacher/shared/${memberId}/todos`} replace />;
  return <WithTeacher>{(teacher) => <SharedPage teacher={teacher} memberId={memberId ?? null} />}</WithTeacher>;
}

export function CoinsRoute() {
  return <WithTeacher>{(teacher) => <CoinsPage teacher={teacher} />}</WithTeacher>;
}

export function CheckoutRoute() {
  return <WithTeacher>{(teacher) => <CheckoutPage teacher={teacher} />}</WithTeacher>;
}

export function PaymentSuccessRoute() {
  return <WithTeacher>{(teacher) => <PaymentSuccessPage teacher={teacher} />}</WithTeacher>;
}

export function UpgradesRoute() {
  return <WithTeacher>{(teacher) => <UpgradesPage teacher={teacher} />}</WithTeacher>;
}

export function TeacherProfileRoute() {
  return <WithTeacher>{(teacher) => <TeacherProfile teacher={teacher} />}</WithTeacher>;
}

/** /teacher/rewards and /teacher/rewards/:rewardlistId. */
export function RewardsRoute() {
  const { rewardlistId } = useParams();
  return <WithTeacher>{(teacher) => <RewardsPage teacher={teacher} rewardlistId={rewardlistId ?? null} />}</WithTeacher>;
}
