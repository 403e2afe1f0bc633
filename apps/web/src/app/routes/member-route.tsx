import { Navigate, useParams } from '../../lib/router.tsx';
import type { TMember } from '@kolikko/core/schemas/groups';
import { isMemberView, MemberPage, type MemberTodosSlotProps } from '../../features/groups/components/member-page.tsx';
import { HistoryTimeline } from '../../features/history/components/history-timeline.tsx';
import { PurchasedRewards } from '../../features/history/components/purchased-rewards.tsx';
import { MemberTodosPanel } from '../../features/shared-todos/components/member-todos-panel.tsx';
import { WithTeacher } from './as-user.tsx';

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
  return <HistoryTimeline memberId={member.id} skinTone={member.skin_tone} audience="teacher" />;
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

