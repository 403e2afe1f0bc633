import { useState } from 'react';
import { ActionIcon, AppShell, Burger, Button, CloseButton, Group, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { BREAKPOINT_ROTATE_PX } from '@kolikko/core/limits';
import { useTranslation } from '../../lib/i18n.ts';
import { Link, Outlet, useLocation } from '../../lib/router.tsx';
import { CoinBadge } from '../../components/coin-badge.tsx';
import { IconChecklist, IconGift, IconHome, IconLogout, IconRotate, IconShop, IconUsers, IconWorld } from '../../components/icons.tsx';
import { IconHelp, IconShare } from '../../components/teacher-icons.tsx';
import { LanguageToggle } from '../../components/language-toggle.tsx';
import { Logo } from '../../components/logo.tsx';
import { NotificationBanner } from '../../components/notification-banner.tsx';
import { OwedRewardsHeaderLink } from '../../components/owed-rewards.tsx';
import { HelpModal } from '../../features/teacher/components/help-modal.tsx';
import { useSession } from '../../lib/auth.ts';
import { useLogout } from '../../lib/logout.ts';
import { ChatPopupSlot } from './chat-popup-slot.tsx';
import { useLiveUpdates } from '../use-live-updates.ts';
import { teacherHandlers } from '../live-updates-teacher.ts';
import { useCurrentHeaderSelection, type HeaderSelectionKind } from '../../lib/header-selection.ts';
import { useActiveGroup } from '../../lib/queries/get-active-group.ts';
import { useOwedRewards } from '../../lib/queries/owed-rewards.ts';
import { useHasSharedTodolists } from '../../lib/queries/shared-todolists.ts';
import classes from './teacher-layout.module.css';
import { ProfileMenu } from './profile-menu.tsx';

const NAV_ITEMS = [
  { key: 'home', to: '/teacher/home', icon: IconHome, needsGroup: false },
  { key: 'groups', to: '/teacher/groups', icon: IconUsers, needsGroup: false },
  { key: 'todos', to: '/teacher/todos', icon: IconChecklist, needsGroup: true },
  { key: 'shared', to: '/teacher/shared', icon: IconShare, needsGroup: true },
  { key: 'rewards', to: '/teacher/rewards', icon: IconGift, needsGroup: true },
  { key: 'shop', to: '/teacher/shop', icon: IconShop, needsGroup: false },
  { key: 'community', to: '/teacher/community', icon: IconWorld, needsGroup: false },
] as const;

/** What the header says when a page has a selection kind but nothing chosen (spec section 2). */
const SELECTION_PLACEHOLDERS: Record<HeaderSelectionKind, string> = {
  todolist: 'teacher.header.noTodolist',
  shared: 'teacher.header.noSharedList',
  rewardlist: 'teacher.header.allRewards',
};

/** The header's active group name (spec section 2), with its placeholder when there is none. */
function ActiveGroup({ name, isPending }: { name: string | null; isPending: boolean }) {
  const { t } = useTranslation();
  if (isPending) return <Skeleton height={16} width={160} aria-hidden="true" />;
  return (
    <Text size="sm" c="dark.4" data-testid="active-group" truncate maw={{ base: '100%', sm: 320, lg: 480 }}>
      {t('teacher.header.activeGroupLabel')}{' '}
      <Text span fw={700} c="dark.7" data-testid="active-group-name">
        {name ?? t('teacher.header.noActiveGroup')}
      </Text>
    </Text>
  );
}

/** Spec section 2: the selected todo list, shared list or reward list beside the group (placeholders: no shared list, all rewards). */
function SelectedList({ inHeader = false }: { inHeader?: boolean }) {
  const { t } = useTranslation();
  const selection = useCurrentHeaderSelection();
  if (!selection) return null;
  // Shown twice (header on desktop, menu on phones); only the header's copy carries the test ids.
  return (
    <Text size="sm" c="dark.4" data-testid={inHeader ? 'header-selection' : undefined} truncate maw={{ base: '100%', sm: 260, lg: 420 }}>
      {t(`teacher.header.selection.${selection.kind}`)}{' '}
      <Text span fw={700} c="dark.7" data-testid={inHeader ? 'header-selection-name' : undefined}>
        {selection.name ?? t(SELECTION_PLACEHOLDERS[selection.kind])}
      </Text>
    </Text>
  );
}

/** Spec section 2: at 600 px or less in portrait the teacher is asked to turn the device. */
function RotateNotice() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  // Read while drawing, not after: shown only once the page had painted, the notice would push
  // the whole page down (a layout shift, issue 13).
  const isNarrowPortrait = useMediaQuery(`(max-width: ${BREAKPOINT_ROTATE_PX}px) and (orientation: portrait)`, undefined, {
    getInitialValueInEffect: false,
  });
  // The class board's remote (issue 32) is made for a phone held upright.
  if (dismissed || !isNarrowPortrait || pathname.startsWith('/teacher/remote/')) return null;
  return (
    <div className={classes.rotate} role="note" data-testid="rotate-notice">
      <IconRotate size={22} />
      <Text size="sm" fw={600} style={{ flex: 1 }}>
        {t('teacher.rotateNotice')}
      </Text>
      <CloseButton size="sm" aria-label={t('teacher.dismissRotateNotice')} onClick={() => setDismissed(true)} />
    </div>
  );
}

export function TeacherLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname } = useLocation();
  const [navOpened, nav] = useDisclosure(false);
  const [helpOpened, help] = useDisclosure(false);
  const logout = useLogout();
  const active = useActiveGroup(user?.admin ? user.id : '');
  const owed = useOwedRewards(user?.admin ? user.id : '', { enabled: user?.admin ?? false });
  // Without a group, Todo lists still opens the lists other teachers share with this one (issue 33).
  const hasSharedLists = useHasSharedTodolists(user?.admin ? user.id : '', { enabled: active.data === null }).data === true;
  useLiveUpdates(teacherHandlers);

  if (!user || !user.admin) return null;
  // Spec section 2: todos, shared and rewards stay disabled until a group is active (todos opens
  // without one when another teacher shares a list with this one).
  const activeGroupName = active.data?.name ?? null;
  const hasActiveGroup = activeGroupName !== null;

  return (
    <AppShell
      className={classes.shell}
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'sm', xs: 'md', sm: 'lg' }}
    >
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              hiddenFrom="sm"
              opened={navOpened}
              onClick={nav.toggle}
              size="sm"
              aria-label={t('nav.menu')}
              aria-expanded={navOpened}
              aria-controls="teacher-navigation"
            />
            {/* With owed rewards a phone's header also holds their count: the name makes room. */}
            <Logo to="/teacher/home" compactOnPhones={(owed.data?.rewards ?? 0) > 0} />
            <Group visibleFrom="sm" ml="lg" miw={0} gap="lg" wrap="nowrap">
              <ActiveGroup name={activeGroupName} isPending={active.isPending} />
              <SelectedList inHeader />
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <OwedRewardsHeaderLink teacherId={user.id} />
            <CoinBadge coins={user.coins} />
            <ActionIcon variant="light" size="lg" radius="xl" aria-label={t('help.open')} onClick={help.open}>
              <IconHelp size={20} />
            </ActionIcon>
            <ProfileMenu user={user} onLogout={() => logout.mutate()} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" id="teacher-navigation">
        <AppShell.Section hiddenFrom="sm" px="xs" pb="sm">
          <Stack gap={4}>
            <ActiveGroup name={activeGroupName} isPending={active.isPending} />
            <SelectedList />
          </Stack>
        </AppShell.Section>
        <AppShell.Section grow component="nav" aria-label={t('nav.teacherLabel')}>
          <Stack gap={2}>
            {NAV_ITEMS.map(({ key, to, icon: Icon, needsGroup }) => {
              const active = pathname === to || pathname.startsWith(`${to}/`);
              if (needsGroup && !hasActiveGroup && !(key === 'todos' && hasSharedLists)) {
                return (
                  <NavLink
                    key={key}
                    component="button"
                    disabled
                    // Mantine marks it only with data-disabled; assistive tech needs to hear it too.
                    aria-disabled="true"
                    label={t(`nav.teacher.${key}`)}
                    description={t('nav.needsGroup')}
                    leftSection={<Icon size={20} />}
                    className={classes.navLink}
                  />
                );
              }
              return (
                <NavLink
                  key={key}
                  component={Link}
                  to={to}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  label={t(`nav.teacher.${key}`)}
                  leftSection={<Icon size={20} />}
                  className={classes.navLink}
                  onClick={nav.close}
                />
              );
            })}
          </Stack>
        </AppShell.Section>
        <AppShell.Section pt="sm" className={classes.navFooter}>
          <Stack gap="sm">
            <LanguageToggle size="sm" />
            {!user.demo && (
              <Button
                variant="default"
                leftSection={<IconLogout size={18} />}
                onClick={() => logout.mutate()}
                loading={logout.isPending}
                justify="flex-start"
              >
                {t('common.logout')}
              </Button>
            )}
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main" tabIndex={-1} className={classes.main}>
        <RotateNotice />
        <NotificationBanner />
        <Outlet />
      </AppShell.Main>

      <HelpModal opened={helpOpened} onClose={help.close} pathname={pathname} />
      <ChatPopupSlot />
    </AppShell>
  );
}
