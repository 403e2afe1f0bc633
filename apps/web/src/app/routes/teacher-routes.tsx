import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import { useSession } from '../../lib/auth.ts';
import { TeacherProfile } from '../../features/account/components/teacher-profile.tsx';
import { GroupsPage } from '../../features/groups/components/groups-page.tsx';
import { isMemberView, MemberPage } from '../../features/groups/components/member-page.tsx';
import { UpgradesPage } from '../../features/shop/components/upgrades-page.tsx';

/** The teacher guard has checked the role; this narrows the session user for the page. */
function WithTeacher({ children }: { children: (teacher: TTeacherUser) => ReactNode }) {
  const { user } = useSession();
  return user?.admin ? children(user) : null;
}

export function GroupsRoute() {
  return <WithTeacher>{(teacher) => <GroupsPage teacher={teacher} />}</WithTeacher>;
}

/** /teacher/groups/:memberId defaults to the todos view; an unknown view goes there too. */
export function MemberRoute() {
  const { memberId = '', view } = useParams();
  if (!isMemberView(view)) return <Navigate to={`/teacher/groups/${memberId}/todos`} replace />;
  return <WithTeacher>{(teacher) => <MemberPage key={memberId} teacher={teacher} memberId={memberId} view={view} />}</WithTeacher>;
}

export function UpgradesRoute() {
  return <WithTeacher>{(teacher) => <UpgradesPage teacher={teacher} />}</WithTeacher>;
}

export function TeacherProfileRoute() {
  return <WithTeacher>{(teacher) => <TeacherProfile teacher={teacher} />}</WithTeacher>;
}
