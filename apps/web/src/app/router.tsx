import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from '../lib/router.tsx';
import type { TMemberUser, TTeacherUser } from '@kolikko/core/schemas/auth';
import { installUnauthorizedHandler } from '../lib/auth.ts';
import { loadLocaleBundle, type LocaleBundle } from '../lib/i18n.ts';
import { PublicOnly, RequireArea } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';
import { asStudentPage, asTeacherPage } from './routes/as-user.tsx';

/**
 * Every page and area layout is its own chunk, fetched when the router first needs it (React
 * Router waits for it before it commits the navigation, so no half-drawn page shows): a student's
 * first load downloads the student layout and the one page, never the teacher's pages, and a
 * visitor downloads neither area.
 */
type Module = Record<string, unknown>;
type Lazy = Pick<RouteObject, 'lazy'>;

/**
 * Starts loading a route's code in a task of its own. Each start costs the main thread a few
 * milliseconds (Vite's preload adds a <link> for every file the chunk needs), and on a first load
 * the router starts them all while the entry's modules evaluate: together one long task that
 * blocks the page (issue 13, Lighthouse's total blocking time). Apart, each is short.
 */
function inOwnTask<T>(start: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(start);
}

/**
 * A route's module, with its texts (`bundle`) and TanStack Query's layer (`queries`) when it
 * needs them, each started in a task of its own.
 */
async function loadRoute<M extends Module>(load: () => Promise<M>, bundle?: LocaleBundle, queries = false) {
  const [module, layer] = await Promise.all([
    inOwnTask(load),
    queries ? inOwnTask(() => import('../lib/query-layer.tsx')) : undefined,
    bundle ? inOwnTask(() => loadLocaleBundle(bundle)) : undefined,
  ]);
  return { module, layer };
}

/**
 * `bundle`: an area's layout also brings that area's texts (lib/i18n.ts). `queries`: the layout
 * of pages that ask the API gets TanStack Query's provider, and the first data in its cache
 * (lib/query-layer.tsx), loaded with it.
 */
function page<M extends Module>(load: () => Promise<M>, name: keyof M & string, bundle?: LocaleBundle, queries = false): Lazy {
  return {
    lazy: async () => {
      const { module, layer } = await loadRoute(load, bundle, queries);
      const Layout = module[name] as ComponentType;
      return { Component: layer ? layer.withQueries(Layout) : Layout };
    },
  };
}

/** A page component that takes `teacher`, shown for the signed-in teacher, with its own texts when it has them (build/locale-bundles.ts `PAGE_BUNDLES`). */
function teacherPage<M extends Module>(load: () => Promise<M>, name: keyof M & string, bundle?: LocaleBundle): Lazy {
  return { lazy: async () => ({ Component: asTeacherPage((await loadRoute(load, bundle)).module[name] as ComponentType<{ teacher: TTeacherUser }>) }) };
}

/** A page component that takes `student`, shown for the signed-in student, with its own texts when it has them (build/locale-bundles.ts `PAGE_BUNDLES`). */
function studentPage<M extends Module>(load: () => Promise<M>, name: keyof M & string, bundle?: LocaleBundle): Lazy {
  return { lazy: async () => ({ Component: asStudentPage((await loadRoute(load, bundle)).module[name] as ComponentType<{ student: TMemberUser }>) }) };
}

/**
 * The class board (issue 32): a teacher's page outside the teacher layout, so it brings what the
 * layout's route brings (the teacher's texts, TanStack Query) itself. One chunk, not a layout and a
 * page: every route module counts in how the build groups the modules pages share (build/area-chunks.ts).
 */
function boardPage(): Lazy {
  return {
    lazy: async () => {
      const [{ module }, layer] = await Promise.all([
        loadRoute(() => import('../features/groups/components/board-page.tsx'), 'teacher-board'),
        inOwnTask(() => import('../lib/query-layer.tsx')),
        inOwnTask(() => loadLocaleBundle('teacher')),
      ]);
      return { Component: layer.withQueries(asTeacherPage(module.BoardPage)) };
    },
  };
}

const frontPages = () => import('./routes/front-routes.tsx');
const infoPages = () => import('./routes/info-routes.tsx');
const authPages = () => import('./routes/auth-routes.tsx');
const memberRoute = () => import('./routes/member-route.tsx');
const todosRoute = () => import('./routes/todos-route.tsx');
const sharedRoute = () => import('./routes/shared-route.tsx');
const rewardsRoute = () => import('./routes/rewards-route.tsx');

const publicRoutes: RouteObject = {
  element: <PublicOnly />,
  children: [
    {
      ...page(frontPages, 'PublicLayout', 'public'),
      children: [
        {
          ...page(frontPages, 'PageLayout'),
          children: [
            { index: true, ...page(frontPages, 'FrontPage') },
            { path: 'about', ...page(infoPages, 'AboutPage', 'info') },
            { path: 'tutorials', ...page(infoPages, 'TutorialsPage', 'info') },
            { path: 'tutorials/:topic', ...page(infoPages, 'TutorialsPage', 'info') },
            { path: 'legal', ...page(infoPages, 'LegalPage', 'info') },
            { path: 'legal/:document', ...page(infoPages, 'LegalPage', 'info') },
            // Its own chunk, with TanStack Query: the only visitor page that reads the API.
            { path: 'community', ...page(() => import('./routes/community-route.tsx'), 'CommunityPage', 'community', true) },
            { path: 'contact', ...page(() => import('./routes/contact-route.tsx'), 'ContactPage', 'info') },
            // Spec section 2: every other path shows the front page.
            { path: '*', ...page(frontPages, 'FrontPage') },
          ],
        },
        // The demo (issue 19): the full width under the site's header, not the reading pages' column.
        { path: 'proto', ...page(() => import('./routes/proto-route.tsx'), 'ProtoPage', 'demo') },
        {
          ...page(authPages, 'AuthPageLayout', 'auth', true),
          children: [
            { path: ':userType/login', ...page(authPages, 'LoginRoute') },
            { path: ':userType/signup', ...page(authPages, 'SignupRoute') },
            { path: 'teacher/forgot-password', ...page(authPages, 'ForgotPasswordRoute') },
            { path: 'teacher/change-password', ...page(authPages, 'ChangePasswordRoute') },
            // A badge's link (issue 31): the secret after the #, signed out like the login page.
            { path: 'student/badge', ...page(authPages, 'BadgeRoute') },
            // Issue 34: a first sign-in through a provider (a username, or the existing account's password).
            { path: 'teacher/sso', ...page(() => import('./routes/sso-route.tsx'), 'SsoRoute') },
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
      ...page(() => import('./layouts/teacher-layout.tsx'), 'TeacherLayout', 'teacher', true),
      children: [
        { path: 'home', ...teacherPage(() => import('../features/teacher/components/teacher-home.tsx'), 'TeacherHome') },
        { path: 'groups', ...teacherPage(() => import('../features/groups/components/groups-page.tsx'), 'GroupsPage', 'teacher-groups') },
        { path: 'groups/:memberId', ...page(memberRoute, 'MemberRoute', 'teacher-member') },
        { path: 'groups/:memberId/:view', ...page(memberRoute, 'MemberRoute', 'teacher-member') },
        { path: 'todos', ...page(todosRoute, 'TodosRoute', 'teacher-todos') },
        { path: 'todos/:todolistId', ...page(todosRoute, 'TodosRoute', 'teacher-todos') },
        { path: 'shared', ...page(sharedRoute, 'SharedRoute', 'teacher-shared') },
        { path: 'shared/:memberId', ...page(sharedRoute, 'SharedRoute', 'teacher-shared') },
        { path: 'shared/:memberId/:view', ...page(sharedRoute, 'SharedRoute', 'teacher-shared') },
        { path: 'rewards', ...page(rewardsRoute, 'RewardsRoute', 'teacher-rewards') },
        { path: 'rewards/:rewardlistId', ...page(rewardsRoute, 'RewardsRoute', 'teacher-rewards') },
        {
          path: 'shop',
          ...page(() => import('./layouts/shop-layout.tsx'), 'ShopLayout'),
          children: [
            { index: true, element: <Navigate to="/teacher/shop/coins" replace /> },
            { path: 'coins', ...teacherPage(() => import('../features/shop/components/coins-page.tsx'), 'CoinsPage') },
            // Without a listed package (checkout) or coins (payment-success) these go back to coins.
            { path: 'coins/checkout', ...teacherPage(() => import('../features/shop/components/checkout-page.tsx'), 'CheckoutPage') },
            { path: 'coins/payment-success', ...teacherPage(() => import('../features/shop/components/payment-success-page.tsx'), 'PaymentSuccessPage') },
            { path: 'upgrades', ...teacherPage(() => import('../features/shop/components/upgrades-page.tsx'), 'UpgradesPage', 'teacher-upgrades') },
            // Group slots are bought with coins on the upgrades page itself; nothing to check out.
            { path: 'upgrades/checkout', element: <Navigate to="/teacher/shop/upgrades" replace /> },
          ],
        },
        { path: 'community', ...page(() => import('./routes/teacher-community-route.tsx'), 'TeacherCommunityRoute', 'teacher-community') },
        { path: 'profile', ...teacherPage(() => import('../features/account/components/teacher-profile.tsx'), 'TeacherProfile', 'teacher-profile') },
        // Issue 32: the teacher's phone runs the class board from here.
        { path: 'remote/:groupId', ...teacherPage(() => import('../features/groups/components/remote-page.tsx'), 'RemotePage', 'teacher-remote') },
        // Issue 33: a group's rewards to hand out, from its members view and the dashboard.
        { path: 'handout/:groupId', ...teacherPage(() => import('../features/handout/components/handout-page.tsx'), 'HandoutPage', 'teacher-handout') },
        // Issue 33: the class report (printable, and a spreadsheet to download).
        { path: 'report/:groupId', ...teacherPage(() => import('../features/groups/components/report-page.tsx'), 'ReportPage', 'teacher-report') },
      ],
    },
    // Issue 32: the class board, full screen for a projector: the teacher's, without the teacher's header.
    { path: 'board/:groupId', ...boardPage() },
  ],
};

const studentRoutes: RouteObject = {
  path: 'student',
  element: <RequireArea area="student" />,
  children: [
    {
      ...page(() => import('./layouts/student-layout.tsx'), 'StudentLayout', 'student', true),
      children: [
        { path: 'home', ...studentPage(() => import('../features/student/components/student-home.tsx'), 'StudentHome', 'student-home') },
        { path: 'todos', ...studentPage(() => import('../features/student-todos/components/student-todos-page.tsx'), 'StudentTodosPage') },
        { path: 'history', ...studentPage(() => import('../features/history/components/student-history-page.tsx'), 'StudentHistoryPage', 'student-history') },
        { path: 'profile', ...studentPage(() => import('../features/account/components/student-profile.tsx'), 'StudentProfile', 'student-profile') },
        { path: 'rewards', ...studentPage(() => import('../features/student-rewards/components/student-rewards-page.tsx'), 'StudentRewardsPage', 'student-rewards') },
      ],
    },
  ],
};

export const router = createBrowserRouter([
  { path: '/', element: <RootLayout />, children: [publicRoutes, teacherRoutes, studentRoutes] },
]);

installUnauthorizedHandler((to) => void router.navigate(to, { replace: true }));
