import { ActionIcon, Button, Group, Indicator, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { NavLink, Outlet } from '../../lib/router.tsx';
import { CoinBadge } from '../../components/coin-badge.tsx';
import { IconChecklist, IconGift, IconHistory, IconHome, IconLogout, IconMessage, IconUser } from '../../components/icons.tsx';
import { LanguageToggle } from '../../components/language-toggle.tsx';
import { Logo } from '../../components/logo.tsx';
import { MemberAvatar } from '../../components/member-avatar.tsx';
import { NotificationBanner } from '../../components/notification-banner.tsx';
import { useSession } from '../../lib/auth.ts';
import { useLogout } from '../../lib/logout.ts';
import { openChat } from '../../lib/chat-popup.ts';
import { useMemberUnread } from '../../lib/queries/chat-unread.ts';
import { ChatPopupSlot } from './chat-popup-slot.tsx';
import { useLiveUpdates } from '../use-live-updates.ts';
import { studentHandlers } from '../live-updates-student.ts';
import classes from './student-layout.module.css';

const NAV_ITEMS = [
  { key: 'home', to: '/student/home', icon: IconHome },
  { key: 'todos', to: '/student/todos', icon: IconChecklist },
  { key: 'rewards', to: '/student/rewards', icon: IconGift },
  { key: 'history', to: '/student/history', icon: IconHistory },
  { key: 'profile', to: '/student/profile', icon: IconUser },
] as const;

/** Students get a bottom navigation bar on every screen size: big, thumb-friendly targets. */
export function StudentLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout();
  useLiveUpdates(studentHandlers);
  const unread = useMemberUnread(user && !user.admin ? user.id : null);

  if (!user || user.admin) return null;
  const unreadCount = unread.data?.unread_count ?? 0;

  return (
    // A fixed header and bottom bar around the page, in CSS of its own: Mantine's AppShell would
    // bring its scroll-lock library and resizing code to every student page (about 6 KB).
    <div className={classes.shell}>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <header className={classes.header}>
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Logo to="/student/home" />
            <Group gap={8} wrap="nowrap" visibleFrom="sm">
              <MemberAvatar face={user.face} hair={user.hair} skinTone={user.skin_tone} username={user.username} size={36} decorative />
              <Text size="sm" c="dark.4" fw={600}>
                {user.username}
              </Text>
            </Group>
          </Group>
          <Group gap={6} wrap="nowrap">
            <CoinBadge coins={user.coins} />
            <Indicator label={unreadCount} size={18} disabled={unreadCount === 0} color="red.8" offset={4}>
              <ActionIcon
                variant="light"
                size="lg"
                aria-label={unreadCount > 0 ? t('chat.openUnread', { count: unreadCount }) : t('chat.open')}
                onClick={() => openChat({ kind: 'student' })}
                data-testid="student-chat-button"
              >
                <IconMessage size={20} />
              </ActionIcon>
            </Indicator>
            <LanguageToggle selectOnPhones />
            {/* One of the two is displayed at a time, so there is always exactly one "Log out" button (none in the demo at /proto). */}
            {!user.demo && (
              <>
                <Button
                  visibleFrom="xs"
                  variant="subtle"
                  color="dark"
                  size="xs"
                  px={6}
                  onClick={() => logout.mutate()}
                  loading={logout.isPending}
                  leftSection={<IconLogout size={16} />}
                >
                  {t('common.logout')}
                </Button>
                <ActionIcon
                  hiddenFrom="xs"
                  variant="subtle"
                  color="dark"
                  size="lg"
                  aria-label={t('common.logout')}
                  onClick={() => logout.mutate()}
                  loading={logout.isPending}
                >
                  <IconLogout size={20} />
                </ActionIcon>
              </>
            )}
          </Group>
        </Group>
      </header>

      <main id="main" tabIndex={-1} className={classes.main}>
        <NotificationBanner />
        <Outlet />
      </main>

      <nav aria-label={t('nav.studentLabel')} className={classes.footer}>
        <ul className={classes.list}>
          {NAV_ITEMS.map(({ key, to, icon: Icon }) => (
            <li key={key}>
              <NavLink to={to} className={classes.item}>
                <Icon size={24} />
                <span>{t(`nav.student.${key}`)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <ChatPopupSlot />
    </div>
  );
}
