import { useSession } from '../../lib/auth.ts';
import { StudentHome } from '../../features/student/components/student-home.tsx';
import { TeacherHome } from '../../features/teacher/components/teacher-home.tsx';

/** The area guards have checked the role; these narrow the session user for the home pages. */
export function TeacherHomeRoute() {
  const { user } = useSession();
  return user?.admin ? <TeacherHome teacher={user} /> : null;
}

export function StudentHomeRoute() {
  const { user } = useSession();
  return user && !user.admin ? <StudentHome student={user} /> : null;
}
