import { Button, Group, type ButtonProps } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { IconBoard, IconRemote } from './board-icons.tsx';

/**
 * "Board" and "Remote" (issue 32): the class board opens in a new tab or window, to put on the
 * projector; the remote, on the teacher's phone, runs it.
 */
export function BoardButtons({ groupId, variant = 'light', size = 'sm' }: { groupId: string; variant?: ButtonProps['variant']; size?: ButtonProps['size'] }) {
  const { t } = useTranslation();
  const id = encodeURIComponent(groupId);
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        component="a"
        href={`/teacher/board/${id}`}
        target="_blank"
        rel="noopener"
        variant={variant}
        size={size}
        leftSection={<IconBoard size={16} />}
        aria-label={t('groups.members.boardLabel')}
        data-testid="open-board-button"
      >
        {t('groups.members.board')}
      </Button>
      <Button component={Link} to={`/teacher/remote/${id}`} variant={variant} size={size} leftSection={<IconRemote size={16} />} data-testid="open-remote-button">
        {t('groups.members.remote')}
      </Button>
    </Group>
  );
}
