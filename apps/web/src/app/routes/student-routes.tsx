import { useSession } from '../../lib/auth.ts';
import { StudentProfile } from '../../features/account/components/student-profile.tsx';
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
