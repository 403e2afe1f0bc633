import { useSession } from '../../lib/auth.ts';
import { StudentProfile } from '../../features/account/components/student-profile.tsx';

/** The student guard has checked the role; this narrows the session user for the page. */
export function StudentProfileRoute() {
  const { user } = useSession();
  return user && !user.admin ? <StudentProfile student={user} /> : null;
}
