import type { ComponentType, ReactNode } from 'react';
import type { TMemberUser, TTeacherUser } from '@kolikko/core/schemas/auth';
import { useSession } from '../../lib/auth.ts';

/** The teacher guard has checked the role; this narrows the session user for the page. */
export function WithTeacher({ children }: { children: (teacher: TTeacherUser) => ReactNode }) {
  const { user } = useSession();
  return user?.admin ? children(user) : null;
}

/** The student guard has checked the role; this narrows the session user for the page. */
export function WithStudent({ children }: { children: (student: TMemberUser) => ReactNode }) {
  const { user } = useSession();
  return user && !user.admin ? children(user) : null;
}

/** A page that takes the signed-in teacher, as a route component. */
export function asTeacherPage(Page: ComponentType<{ teacher: TTeacherUser }>): ComponentType {
  return function TeacherPageRoute() {
    return <WithTeacher>{(teacher) => <Page teacher={teacher} />}</WithTeacher>;
  };
}

/** A page that takes the signed-in student, as a route component. */
export function asStudentPage(Page: ComponentType<{ student: TMemberUser }>): ComponentType {
  return function StudentPageRoute() {
    return <WithStudent>{(student) => <Page student={student} />}</WithStudent>;
  };
}
