import { useSession } from '../../lib/auth.ts';
import { StudentProfile } from '../../features/account/components/student-profile.tsx';
import { StudentHistoryPage } from '../../features/history/components/student-history-page.tsx';
import { StudentRewardsPage } from '../../features/student-rewards/components/student-rewards-page.tsx';
import { StudentTodosPage } from '../../features/student-todos/components/student-todos-page.tsx';

/** The student guard has checked the role; these narrow the session user for the page. */
export function StudentProfileRoute() {
  const { user } = useSession();
  return user && !user.admin ? <StudentProfile student={user} /> : null;
}

export function StudentTodosRoute() {
  const { user } = useSession();
  return user && !user.admin ? <StudentTodosPage student={user} /> : null;
}

export function StudentRewardsRoute() {
  const { user } = useSession();
  return user && !user.admin ? <StudentRewardsPage student={user} /> : null;
}

export function StudentHistoryRoute() {
  const { user } = useSession();
  return user && !user.admin ? <StudentHistoryPage student={user} /> : null;
}
