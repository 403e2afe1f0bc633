import { Navigate, useParams } from '../../lib/router.tsx';
import { isUserArea } from '../../lib/auth.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { StudentSignupForm } from '../../features/auth/components/student-signup-form.tsx';
import { TeacherSignupForm } from '../../features/auth/components/teacher-signup-form.tsx';

export { AuthPageLayout } from '../layouts/auth-page-layout.tsx';
export { ForgotPasswordForm as ForgotPasswordRoute } from '../../features/auth/components/forgot-password-form.tsx';
export { ChangePasswordForm as ChangePasswordRoute } from '../../features/auth/components/change-password-form.tsx';
export { BadgeSignIn as BadgeRoute } from '../../features/auth/components/badge-sign-in.tsx';

/** /:userType/login: teacher or student; any other value goes to the front page. */
export function LoginRoute() {
  const { userType } = useParams();
  if (!isUserArea(userType)) return <Navigate to="/" replace />;
  return <LoginForm key={userType} area={userType} />;
}

/** /:userType/signup: teacher or student; any other value goes to the front page. */
export function SignupRoute() {
  const { userType } = useParams();
  if (userType === 'teacher') return <TeacherSignupForm />;
  if (userType === 'student') return <StudentSignupForm />;
  return <Navigate to="/" replace />;
}
