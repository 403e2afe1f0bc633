import { useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { IconQrcode } from '../../../components/icons.tsx';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import type { InviteStudentsDialogProps } from './invite-students-dialog.tsx';

const InviteStudentsDialog = lazyDialog<InviteStudentsDialogProps>(
  () => import('./invite-students-dialog.tsx').then((module) => module.InviteStudentsDialog),
  (props) => props.opened,
);

interface InviteStudentsButtonProps {
  teacherId: string;
  group: TGroup;
  /** See InviteStudentsDialogProps: set inside another dialog's Modal.Stack. */
  inStack?: boolean;
  variant?: ButtonProps['variant'];
}

/** "Invite students": opens the group's join code, QR code and link (its dialog is fetched on the first click). */
export function InviteStudentsButton({ teacherId, group, inStack, variant = 'light' }: InviteStudentsButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant={variant} size="sm" leftSection={<IconQrcode size={16} />} onClick={() => setOpened(true)} data-testid="invite-students-button">
        {t('groups.invite.open')}
      </Button>
      <InviteStudentsDialog teacherId={teacherId} group={group} opened={opened} onClose={() => setOpened(false)} inStack={inStack} />
    </>
  );
}
