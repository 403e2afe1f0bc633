import { useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { IconPrinter } from '../../../components/teacher-icons.tsx';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import type { PrintBadgesDialogProps } from './print-badges-dialog.tsx';

const PrintBadgesDialog = lazyDialog<PrintBadgesDialogProps>(
  () => import('./print-badges-dialog.tsx').then((module) => module.PrintBadgesDialog),
  (props) => props.opened,
);

/** "Print badges": the group's sign-in badges on an A4 sheet (its dialog is fetched on the first click). */
export function PrintBadgesButton({ group }: { group: TGroup }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" size="sm" leftSection={<IconPrinter size={16} />} onClick={() => setOpened(true)} data-testid="print-badges-button">
        {t('groups.badges.open')}
      </Button>
      <PrintBadgesDialog group={group} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
