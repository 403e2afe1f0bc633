import { useRef, useState } from 'react';
import { Menu } from '@mantine/core';
import { IconPencil } from '../../../components/teacher-icons.tsx';
import { ReasonIcon } from '../../../components/reason-icon.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useOpenAfterMount } from '../../../lib/lazy-dialog.tsx';
import { QuickAwardTarget, type QuickAwardProps } from './quick-award-button.tsx';
import { signedCoins } from './reason-buttons.tsx';
import classes from './reason-buttons.module.css';

/** The menu of QuickAwardButton, fetched on its first click; it opens as it arrives. */
export function QuickAwardMenu({ username, reasons, disabled, onAward, onEditReasons }: QuickAwardProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(true);
  const open = useOpenAfterMount(opened);
  // The button that opened the menu was the placeholder's: closing gives the focus to this one.
  const button = useRef<HTMLButtonElement>(null);
  const change = (next: boolean) => {
    setOpened(next);
    if (!next) button.current?.focus();
  };
  const positive = reasons?.filter((reason) => reason.coins > 0) ?? [];
  const needsWork = reasons?.filter((reason) => reason.coins < 0) ?? [];
  const item = (reason: (typeof positive)[number]) => (
    <Menu.Item
      key={reason.id}
      disabled={disabled}
      leftSection={
        <span className={classes.icon} data-small="" data-needs-work={reason.coins < 0 || undefined}>
          <ReasonIcon icon={reason.icon} size={16} />
        </span>
      }
      rightSection={<span className={classes.coins}>{signedCoins(reason.coins)}</span>}
      onClick={() => onAward(reason)}
    >
      {reason.name}
    </Menu.Item>
  );
  return (
    <Menu position="bottom-end" width={260} shadow="md" opened={open} onChange={change}>
      <Menu.Target>
        <QuickAwardTarget ref={button} username={username} expanded={open} />
      </Menu.Target>
      <Menu.Dropdown data-testid={`quick-award-menu-${username}`}>
        <Menu.Label>{t('groups.reasons.menuLabel', { username })}</Menu.Label>
        {positive.map(item)}
        {needsWork.length > 0 ? (
          <>
            <Menu.Divider />
            <Menu.Label>{t('groups.reasons.needsWork')}</Menu.Label>
            {needsWork.map(item)}
          </>
        ) : null}
        {onEditReasons ? (
          <>
            <Menu.Divider />
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEditReasons}>
              {t('groups.reasons.edit')}
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
