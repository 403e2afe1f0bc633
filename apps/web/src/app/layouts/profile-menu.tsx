import { lazy, Suspense, useState, type ComponentPropsWithRef } from 'react';
import { Text, UnstyledButton } from '@mantine/core';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import { MemberAvatar } from '../../components/member-avatar.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import classes from './teacher-layout.module.css';

const ProfileMenuDropdown = lazy(() => import('./profile-menu-dropdown.tsx').then((module) => ({ default: module.ProfileMenuDropdown })));

export interface ProfileMenuProps {
  user: TTeacherUser;
  onLogout: () => void;
}

/**
 * The teacher's avatar and name in the header: the button of the profile menu. Menu.Target gives
 * it its own handlers, ref and ARIA attributes, which go onto the button.
 */
export function ProfileButton({ user, expanded = false, className, ...rest }: { user: TTeacherUser; expanded?: boolean } & Omit<ComponentPropsWithRef<'button'>, 'children'>) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      aria-label={t('teacher.profileMenu.label')}
      aria-haspopup="menu"
      aria-expanded={expanded}
      {...rest}
      className={className ? `${classes.profileButton} ${className}` : classes.profileButton}
    >
      <MemberAvatar face={user.face} hair={user.hair} skinTone={user.skin_tone} username={user.username} size={36} decorative />
      <Text size="sm" fw={700} visibleFrom="md" maw={140} truncate>
        {user.username}
      </Text>
    </UnstyledButton>
  );
}

/**
 * The profile menu (edit profile, log out). Mantine's Menu brings its positioning engine (about
 * 20 KB), so until the first click the header shows the button alone and the menu is fetched
 * then (profile-menu-dropdown.tsx), opening at once.
 */
export function ProfileMenu({ user, onLogout }: ProfileMenuProps) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return <ProfileButton user={user} onClick={() => setWanted(true)} />;
  return (
    <Suspense fallback={<ProfileButton user={user} expanded />}>
      <ProfileMenuDropdown user={user} onLogout={onLogout} />
    </Suspense>
  );
}
