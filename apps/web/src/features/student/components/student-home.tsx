import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import type { TMemberUser } from '@kolikko/core/schemas/auth';
import { CoinBadge } from '../../../components/coin-badge.tsx';
import { IconChecklist, IconGift, IconHistory } from '../../../components/icons.tsx';
import { MemberAvatar } from '../../../components/member-avatar.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import classes from './student-home.module.css';

const SHORTCUTS = [
  { key: 'todos', to: '/student/todos', icon: IconChecklist, color: 'indigo' },
  { key: 'rewards', to: '/student/rewards', icon: IconGift, color: 'grape' },
  { key: 'history', to: '/student/history', icon: IconHistory, color: 'teal' },
] as const;

export function StudentHome({ student }: { student: TMemberUser }) {
  const { t } = useTranslation();
  usePageTitle(t('student.pages.home'));
  return (
    <Stack gap="lg" maw={760} mx="auto">
      <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.hero}>
        <Group gap="lg" wrap="nowrap" align="center">
          <MemberAvatar face={student.face} hair={student.hair} skinTone={student.skin_tone} username={student.username} size={112} />
          <Stack gap="xs" miw={0}>
            <Title order={1} fz={{ base: 24, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
              {t('student.home.greeting', { username: student.username })}
            </Title>
            <Text size="lg">{t('student.home.balance')}</Text>
            <div>
              <CoinBadge coins={student.coins} size="lg" />
            </div>
          </Stack>
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        {SHORTCUTS.map(({ key, to, icon: Icon, color }) => (
          <UnstyledButton key={key} component={Link} to={to} className={classes.card}>
            <ThemeIcon size={48} radius="xl" variant="light" color={color} aria-hidden="true">
              <Icon size={26} />
            </ThemeIcon>
            <Text fw={800} size="lg">
              {t(`student.home.shortcuts.${key}.title`)}
            </Text>
            <Text size="sm" c="dark.4">
              {t(`student.home.shortcuts.${key}.text`)}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
