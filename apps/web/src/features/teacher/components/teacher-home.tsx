import { Anchor, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import { TEACHER_STARTER_COINS } from '@kolikko/core/limits';
import { IconCircle } from '../../../components/icons.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** The getting-started steps of the dashboard; none can be done before groups exist, so all start open. */
const STEPS = [
  { key: 'createGroup', to: '/teacher/groups' },
  { key: 'studentJoins', to: '/teacher/groups' },
  { key: 'shareList', to: '/teacher/todos' },
  { key: 'publishRewards', to: '/teacher/rewards' },
] as const;

export function TeacherHome({ teacher }: { teacher: TTeacherUser }) {
  const { t } = useTranslation();
  usePageTitle(t('teacher.pages.home'));
  return (
    <Stack gap="lg" maw={820}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('teacher.home.welcome', { username: teacher.username })}
        </Title>
        <Text c="dark.4" size="lg">
          {t('teacher.home.intro', { coins: TEACHER_STARTER_COINS })}
        </Text>
      </Stack>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
        <Stack gap="md">
          <Group justify="space-between" align="baseline">
            <Title order={2} fz={22}>
              {t('teacher.home.gettingStarted')}
            </Title>
            <Text size="sm" c="dark.4">
              {t('teacher.home.progress', { done: 0, total: STEPS.length })}
            </Text>
          </Group>
          <List
            spacing="md"
            listStyleType="none"
            type="ordered"
            aria-label={t('teacher.home.gettingStarted')}
            styles={{ itemWrapper: { alignItems: 'flex-start' } }}
          >
            {STEPS.map((step, index) => (
              <List.Item
                key={step.key}
                data-done="false"
                icon={
                  <ThemeIcon variant="light" color="gray" radius="xl" size={28} aria-hidden="true">
                    <IconCircle size={16} />
                  </ThemeIcon>
                }
              >
                <Text fw={700}>
                  {index + 1}. {t(`teacher.home.steps.${step.key}.title`)}
                  <Text span c="dark.3" fw={500} size="sm">
                    {' '}
                    ({t('teacher.home.notDone')})
                  </Text>
                </Text>
                <Text size="sm" c="dark.4">
                  {t(`teacher.home.steps.${step.key}.text`)}{' '}
                  <Anchor component={Link} to={step.to} size="sm" fw={600}>
                    {t(`teacher.home.steps.${step.key}.link`)}
                  </Anchor>
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
      </Paper>
    </Stack>
  );
}
