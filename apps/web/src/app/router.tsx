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
import { ShopLayout } from './layouts/shop-layout.tsx';
import { StudentHomeRoute, TeacherHomeRoute } from './routes/area-homes.tsx';
import { LoginRoute, SignupRoute } from './routes/auth-routes.tsx';
import { StudentHistoryRoute, StudentProfileRoute, StudentRewardsRoute, StudentTodosRoute } from './routes/student-routes.tsx';
import {
  CheckoutRoute,
  CoinsRoute,
  GroupsRoute,
  MemberRoute,
  PaymentSuccessRoute,
  RewardsRoute,
  SharedRoute,
  TeacherProfileRoute,
  TodosRoute,
  UpgradesRoute,
} from './routes/teacher-routes.tsx';

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
            // Spec section 2: every other path shows the front page.
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
        { path: 'groups', element: <GroupsRoute /> },
        { path: 'groups/:memberId', element: <MemberRoute /> },
        { path: 'groups/:memberId/:view', element: <MemberRoute /> },
        { path: 'todos', element: <TodosRoute /> },
        { path: 'todos/:todolistId', element: <TodosRoute /> },
        { path: 'shared', element: <SharedRoute /> },
        { path: 'shared/:memberId', element: <SharedRoute /> },
        { path: 'shared/:memberId/:view', element: <SharedRoute /> },
        { path: 'rewards', element: <RewardsRoute /> },
        { path: 'rewards/:rewardlistId', element: <RewardsRoute /> },
        {
          path: 'shop',
          element: <ShopLayout />,
          children: [
            { index: true, element: <Navigate to="coins" replace /> },
            { path: 'coins', element: <CoinsRoute /> },
            // Without a listed package (checkout) or coins (payment-success) these go back to coins.
            { path: 'coins/checkout', element: <CheckoutRoute /> },
            { path: 'coins/payment-success', element: <PaymentSuccessRoute /> },
            { path: 'upgrades', element: <UpgradesRoute /> },
            // Group slots are bought with coins on the upgrades page itself; nothing to check out.
            { path: 'upgrades/checkout', element: <Navigate to="/teacher/shop/upgrades" replace /> },
          ],
        },
        placeholder('community', 'teacher.pages.community'),
        { path: 'profile', element: <TeacherProfileRoute /> },
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
        { path: 'todos', element: <StudentTodosRoute /> },
        { path: 'history', element: <StudentHistoryRoute /> },
        { path: 'profile', element: <StudentProfileRoute /> },
        { path: 'rewards', element: <StudentRewardsRoute /> },
      ],
    },
  ],
};

export const router = createBrowserRouter([
  { path: '/', element: <RootLayout />, children: [publicRoutes, teacherRoutes, studentRoutes] },
]);

installUnauthorizedHandler((to) => void router.navigate(to, { replace: true }));
