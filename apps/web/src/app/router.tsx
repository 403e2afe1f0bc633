import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { ChangePasswordForm } from '../features/auth/components/change-password-form.tsx';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form.tsx';
import { FrontPage } from '../features/public/components/front-page.tsx';
import { installUnauthorizedHandler } from '../lib/auth.ts';
import { PublicOnly, RequireArea } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';
import { AuthPageLayout } from './layouts/auth-page-layout.tsx';
import { PageLayout } from './layouts/page-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { StudentLayout } from './layouts/student-layout.tsx';
import { TeacherLayout } from './layouts/teacher-layout.tsx';
import { StudentHomeRoute, TeacherHomeRoute } from './routes/area-homes.tsx';
import { LoginRoute, SignupRoute } from './routes/auth-routes.tsx';

/** A page of the spec that is not built yet: a translated "coming soon" inside its area layout. */
function placeholder(path: string, titleKey: string): RouteObject {
  return { path, element: <ComingSoon titleKey={titleKey} /> };
}

const publicRoutes: RouteObject = {
  element: <PublicOnly />,
  children: [
    {
      element: <PublicLayout />,
      children: [
        {
          element: <PageLayout />,
          children: [
            { index: true, element: <FrontPage /> },
            placeholder('proto', 'public.pages.proto'),
            placeholder('about', 'public.pages.about'),
            placeholder('tutorials', 'public.pages.tutorials'),
            placeholder('community', 'public.pages.community'),
            placeholder('contact', 'public.pages.contact'),
            // Spec section 2: any other path shows the front page.
            { path: '*', element: <FrontPage /> },
          ],
        },
        {
          element: <AuthPageLayout />,
          children: [
            { path: ':userType/login', element: <LoginRoute /> },
            { path: ':userType/signup', element: <SignupRoute /> },
            { path: 'teacher/forgot-password', element: <ForgotPasswordForm /> },
            { path: 'teacher/change-password', element: <ChangePasswordForm /> },
          ],
        },
      ],
    },
  ],
};

const teacherRoutes: RouteObject = {
  path: 'teacher',
  element: <RequireArea area="teacher" />,
  children: [
    {
      element: <TeacherLayout />,
      children: [
        { path: 'home', element: <TeacherHomeRoute /> },
        placeholder('groups', 'teacher.pages.groups'),
        placeholder('groups/:memberId', 'teacher.pages.member'),
        placeholder('groups/:memberId/:view', 'teacher.pages.member'),
        placeholder('todos', 'teacher.pages.todos'),
        placeholder('todos/:todolistId', 'teacher.pages.todolist'),
        placeholder('shared', 'teacher.pages.shared'),
        placeholder('shared/:memberId', 'teacher.pages.sharedMember'),
        placeholder('shared/:memberId/:view', 'teacher.pages.sharedMember'),
        placeholder('rewards', 'teacher.pages.rewards'),
        placeholder('rewards/:rewardlistId', 'teacher.pages.rewardlist'),
        {
          path: 'shop',
          children: [
            { index: true, element: <Navigate to="coins" replace /> },
            placeholder('coins', 'teacher.pages.shopCoins'),
            placeholder('coins/checkout', 'teacher.pages.checkout'),
            placeholder('coins/payment-success', 'teacher.pages.paymentSuccess'),
            placeholder('upgrades', 'teacher.pages.shopUpgrades'),
            placeholder('upgrades/checkout', 'teacher.pages.checkout'),
          ],
        },
        placeholder('community', 'teacher.pages.community'),
        placeholder('profile', 'teacher.pages.profile'),
      ],
    },
  ],
};

const studentRoutes: RouteObject = {
  path: 'student',
  element: <RequireArea area="student" />,
  children: [
    {
      element: <StudentLayout />,
      children: [
        { path: 'home', element: <StudentHomeRoute /> },
        placeholder('todos', 'student.pages.todos'),
        placeholder('history', 'student.pages.history'),
        placeholder('profile', 'student.pages.profile'),
        placeholder('rewards', 'student.pages.rewards'),
      ],
    },
  ],
};

export const router = createBrowserRouter([
  { path: '/', element: <RootLayout />, children: [publicRoutes, teacherRoutes, studentRoutes] },
]);

installUnauthorizedHandler((to) => void router.navigate(to, { replace: true }));
