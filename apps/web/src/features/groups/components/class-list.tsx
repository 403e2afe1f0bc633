import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { IconUsers } from '../../../components/icons.tsx';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import type { ClassListDialogProps } from './class-list-dialog.tsx';

/**
 * "Add a class list": a whole class at once from pasted or uploaded nicknames; its code is fetched
 * on the first open. Rendered once by the members view, not beside each button: a button of the
 * empty group's view goes when the students arrive, and the dialog, with their passwords, stays.
 */
export const ClassListDialog = lazyDialog<ClassListDialogProps>(
  () => import('./class-list-dialog.tsx').then((module) => module.ClassListDialog),
  (props) => props.opened,
);

export function ClassListButton({ onClick, variant = 'default' }: { onClick: () => void; variant?: ButtonProps['variant'] }) {
  const { t } = useTranslation();
  return (
    <Button variant={variant} size="sm" leftSection={<IconUsers size={16} />} onClick={onClick} data-testid="class-list-button">
      {t('groups.classList.open')}
    </Button>
  );
}
