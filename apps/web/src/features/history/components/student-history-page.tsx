import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TMemberUser } from '@kolikko/core/schemas/auth';
import { CoinBadge } from '../../../components/coin-badge.tsx';
import { useRefreshSessionOnMount } from '../../../lib/auth.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { HistoryTimeline } from './history-timeline.tsx';

/** /student/history: what the student earned, received, sent and bought, newest first. */
export function StudentHistoryPage({ student }: { student: TMemberUser }) {
  const { t } = useTranslation();
  usePageTitle(t('student.pages.history'));
  useRefreshSessionOnMount();
  return (
    <Stack gap="lg" maw={760} mx="auto">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('student.pages.history')}
        </Title>
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {t('student.home.balance')}
          </Text>
          <CoinBadge coins={student.coins} />
        </Group>
      </Group>
      <HistoryTimeline memberId={student.id} skinTone={student.skin_tone} audience="student" />
    </Stack>
  );
}
