import { useRef, useState } from 'react';
import { Menu } from '@mantine/core';
import { IconLogout, IconUser } from '../../components/icons.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useOpenAfterMount } from '../../lib/lazy-dialog.tsx';
import { Link } from '../../lib/router.tsx';
import { ProfileButton, type ProfileMenuProps } from './profile-menu.tsx';

/** The menu of ProfileMenu, fetched on its first click; it opens as it arrives. */
export function ProfileMenuDropdown({ user, onLogout }: ProfileMenuProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(true);
  // Seen closed first, then open, like every other opening, so Mantine runs its opening as usual.
  const open = useOpenAfterMount(opened);
  // The button that opened the menu was the placeholder's: closing gives the focus to this one.
  const button = useRef<HTMLButtonElement>(null);
  const change = (next: boolean) => {
    setOpened(next);
    if (!next) button.current?.focus();
  };
  return (
    <Menu position="bottom-end" width={200} shadow="md" opened={open} onChange={change}>
      <Menu.Target>
        <ProfileButton ref={button} user={user} expanded={open} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.username}</Menu.Label>
        <Menu.Item component={Link} to="/teacher/profile" leftSection={<IconUser size={16} />}>
          {t('teacher.profileMenu.editProfile')}
        </Menu.Item>
        {/* The demo at /proto has nobody to log out (issue 19). */}
        {!user.demo && (
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={onLogout}>
            {t('common.logout')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
