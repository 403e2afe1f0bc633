import { useState } from 'react';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { BOARD_SHOWS, type BoardShows } from '@kolikko/core/enumerations';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { showErrorCode } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useUpdateGroupSettings } from '../api/update-group-settings.ts';
import { BoardButtons } from './board-buttons.tsx';

const LABELS: Record<BoardShows, string> = {
  today: 'groups.settings.boardShowsToday',
  total: 'groups.settings.boardShowsTotal',
  nothing: 'groups.settings.boardShowsNothing',
};

function isBoardShows(value: string): value is BoardShows {
  return BOARD_SHOWS.some((known) => known === value);
}

/** The group settings' class board (issue 32): open the board or the remote, and what the board shows of each student. */
export function BoardSettings({ teacherId, group }: { teacherId: string; group: TGroup }) {
  const { t } = useTranslation();
  const updateSettings = useUpdateGroupSettings(teacherId);
  // The choice moves at once and settles on the server's answer (a failure puts it back).
  const [pending, setPending] = useState<BoardShows | null>(null);
  return (
    <Stack gap="sm" data-testid="board-settings">
      <Stack gap={2}>
        <Text fw={700}>{t('groups.settings.boardTitle')}</Text>
        <Text size="sm" c="dark.5">
          {t('groups.settings.boardHint')}
        </Text>
      </Stack>
      <BoardButtons groupId={group.id} variant="default" />
      <Radio.Group
        label={t('groups.settings.boardShows')}
        description={t('groups.settings.boardShowsHint')}
        value={pending ?? group.board_shows}
        onChange={(value) => {
          if (!isBoardShows(value)) return;
          setPending(value);
          updateSettings.mutate(
            { groupId: group.id, settings: { board_shows: value } },
            { onError: (error) => showErrorCode(errorCodeOf(error)), onSettled: () => setPending(null) },
          );
        }}
        data-testid="board-shows"
      >
        <Group gap="md" mt="xs">
          {BOARD_SHOWS.map((value) => (
            <Radio key={value} value={value} label={t(LABELS[value])} disabled={updateSettings.isPending} data-testid={`board-shows-${value}`} />
          ))}
        </Group>
      </Radio.Group>
    </Stack>
  );
}
