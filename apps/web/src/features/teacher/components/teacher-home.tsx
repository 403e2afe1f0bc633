import { Anchor, Group, List, Paper, Progress, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { IconCircle } from '../../../components/icons.tsx';
import { IconCheck } from '../../../components/teacher-icons.tsx';
import { OwedRewardsNotice } from '../../../components/owed-rewards.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useGroups } from '../../../lib/queries/get-groups.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { TeacherWaits } from './teacher-waits.tsx';
import { CoteachingInvitations } from '../../coteaching/components/coteaching-invitations.tsx';

/** The getting-started steps of the dashboard, each done when any of the teacher's groups shows it. */
const STEPS = [
  { key: 'createGroup', to: '/teacher/groups', isDone: (groups: TGroup[]) => groups.length > 0 },
  { key: 'studentJoins', to: '/teacher/groups', isDone: (groups: TGroup[]) => groups.some((group) => group.member_count > 0) },
  {
    key: 'shareList',
    to: '/teacher/todos',
    isDone: (groups: TGroup[]) => groups.some((group) => group.blue_shared_id !== null || group.orange_shared_id !== null),
  },
  { key: 'publishRewards', to: '/teacher/rewards', isDone: (groups: TGroup[]) => groups.some((group) => group.shared_reward_list !== null) },
] as const;

function StepsSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('common.loading')}>
      {STEPS.map((step) => (
        <Group key={step.key} gap="sm" wrap="nowrap" align="flex-start">
          <Skeleton circle height={28} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={16} width="40%" />
            <Skeleton height={12} width="80%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

function Steps({ groups }: { groups: TGroup[] }) {
  const { t } = useTranslation();
  return (
    <List
      spacing="md"
      listStyleType="none"
      type="ordered"
      aria-label={t('teacher.home.gettingStarted')}
      styles={{ itemWrapper: { alignItems: 'flex-start' } }}
    >
      {STEPS.map((step, index) => {
        const done = step.isDone(groups);
        return (
          <List.Item
            key={step.key}
            data-done={String(done)}
            data-testid={`step-${step.key}`}
            icon={
              <ThemeIcon variant={done ? 'filled' : 'light'} color={done ? 'teal.8' : 'gray'} radius="xl" size={28} aria-hidden="true">
                {done ? <IconCheck size={16} /> : <IconCircle size={16} />}
              </ThemeIcon>
            }
          >
            <Text fw={700}>
              {index + 1}. {t(`teacher.home.steps.${step.key}.title`)}{' '}
              {/* Kept on one line: "(inte klart än)" broken after "(inte" read as two labels. */}
              <Text span c={done ? 'teal.9' : 'dark.4'} fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                ({done ? t('teacher.home.done') : t('teacher.home.notDone')})
              </Text>
            </Text>
            <Text size="sm" c="dark.4">
              {t(`teacher.home.steps.${step.key}.text`)}{' '}
              <Anchor component={Link} to={step.to} size="sm" fw={600}>
                {t(`teacher.home.steps.${step.key}.link`)}
              </Anchor>
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}

/** The getting-started steps, with how many are done. */
function GettingStarted({ groups, doneCount }: { groups: ReturnType<typeof useGroups>; doneCount: number }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs" component="section" aria-labelledby="getting-started-title">
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz={22} id="getting-started-title">
            {t('teacher.home.gettingStarted')}
          </Title>
          {groups.data ? (
            <Text size="sm" c="dark.4" data-testid="steps-progress">
              {t('teacher.home.progress', { done: doneCount, total: STEPS.length })}
            </Text>
          ) : null}
        </Group>
        {groups.data ? (
          <Progress value={(doneCount / STEPS.length) * 100} color="teal.8" size="sm" radius="xl" aria-label={t('teacher.home.gettingStarted')} />
        ) : null}
        {groups.isPending ? <StepsSkeleton /> : null}
        {groups.isError ? <QueryError error={groups.error} onRetry={() => void groups.refetch()} /> : null}
        {groups.data ? <Steps groups={groups.data} /> : null}
      </Stack>
    </Paper>
  );
}

export function TeacherHome({ teacher }: { teacher: TTeacherUser }) {
  const { t } = useTranslation();
  usePageTitle(t('teacher.pages.home'));
  const groups = useGroups(teacher.id);
  const doneCount = groups.data ? STEPS.filter((step) => step.isDone(groups.data)).length : 0;
  // Issue 33: once the class is set up, the page says what waits instead of how to begin.
  const setUp = doneCount === STEPS.length;

  return (
    <Stack gap="lg" maw={820}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
          {t('teacher.home.welcome', { username: teacher.username })}
        </Title>
        {/* The purse as the session holds it, as the header's: live events and every coin move update it. */}
        <Text c="dark.4" size="lg" data-testid="home-intro">
          {t(setUp ? 'teacher.home.introSetUp' : 'teacher.home.intro', { coinsText: t('common.coinsAmount', { count: teacher.coins }) })}
        </Text>
      </Stack>
      <OwedRewardsNotice teacherId={teacher.id} linkToShop />
      <CoteachingInvitations teacherId={teacher.id} demo={teacher.demo === true} />
      {setUp ? <TeacherWaits teacherId={teacher.id} /> : <GettingStarted groups={groups} doneCount={doneCount} />}
    </Stack>
  );
}
