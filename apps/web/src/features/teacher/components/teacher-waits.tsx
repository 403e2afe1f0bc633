import { Fragment, type ReactNode } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TTeacherDashboard } from '@kolikko/core/schemas/dashboard';
import { QueryError } from '../../../components/query-error.tsx';
import { showErrorCode } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useNavigate } from '../../../lib/router.tsx';
import { useOpenGroup, useTeacherDashboard } from '../api/get-dashboard.ts';
import classes from './teacher-waits.module.css';

/** A number that waits, and what it counts. */
function Count({ label, value, testId, children }: { label: string; value: number; testId: string; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" className={classes.count} data-waiting={value > 0} data-testid={testId}>
      <Text className={classes.number}>{value}</Text>
      <Text size="sm" fw={600} c="dark.6">
        {label}
      </Text>
      {children}
    </Paper>
  );
}

type DashboardGroup = TTeacherDashboard['groups'][number];

/** One group's line: what waits in it, each with the way to it. */
function GroupWaits({ group, teacherId }: { group: DashboardGroup; teacherId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openGroup = useOpenGroup(teacherId);
  const nothing = group.answers_to_approve === 0 && group.rewards_to_hand_out === 0;
  function openGrid() {
    // The class view shows the active group: this one becomes active first.
    openGroup.mutate(group.id, {
      onSuccess: () => navigate('/teacher/shared?view=class'),
      onError: (error) => showErrorCode(errorCodeOf(error)),
    });
  }
  return (
    <li className={classes.group} data-testid={`waits-group-${group.id}`}>
      <Text fw={700} className={classes.groupName}>
        {group.name}
      </Text>
      {nothing ? (
        <Text size="sm" c="dark.4">
          {t('teacher.waits.groupNothing')}
        </Text>
      ) : (
        <Group gap="xs" wrap="wrap">
          {group.answers_to_approve > 0 ? (
            <Button size="xs" variant="default" onClick={openGrid} loading={openGroup.isPending} data-testid="waits-answers">
              {t('teacher.waits.answers', { count: group.answers_to_approve })}
            </Button>
          ) : null}
          {group.rewards_to_hand_out > 0 ? (
            <Button
              size="xs"
              variant="light"
              color="grape"
              component={Link}
              to={`/teacher/handout/${encodeURIComponent(group.id)}`}
              data-testid="waits-rewards"
            >
              {t('teacher.waits.rewards', { count: group.rewards_to_hand_out })}
            </Button>
          ) : null}
        </Group>
      )}
    </li>
  );
}

/**
 * Issue 33: once the class is set up, the home page says what waits (answers to approve, rewards
 * to hand out, owed rewards, unread messages, by group where it has one) and what today brought.
 * One request (GET teacher/dashboard); the teacher's live events invalidate it.
 */
export function TeacherWaits({ teacherId }: { teacherId: string }) {
  const { t } = useTranslation();
  const dashboard = useTeacherDashboard(true);
  const data = dashboard.data;
  const sum = (key: 'answers_to_approve' | 'rewards_to_hand_out') => data?.groups.reduce((total, group) => total + group[key], 0) ?? 0;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs" component="section" aria-labelledby="waits-title" data-testid="teacher-waits">
      <Stack gap="md">
        <Title order={2} fz={22} id="waits-title">
          {t('teacher.waits.title')}
        </Title>
        {dashboard.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton height={72} radius="md" />
            <Skeleton height={48} radius="md" />
          </Stack>
        ) : null}
        {dashboard.isError ? <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} /> : null}
        {data ? (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <Count label={t('teacher.waits.answersLabel', { count: sum('answers_to_approve') })} value={sum('answers_to_approve')} testId="waits-count-answers" />
              <Count label={t('teacher.waits.rewardsLabel', { count: sum('rewards_to_hand_out') })} value={sum('rewards_to_hand_out')} testId="waits-count-rewards" />
              <Count label={t('teacher.waits.owedLabel', { count: data.owed_rewards.rewards })} value={data.owed_rewards.rewards} testId="waits-count-owed">
                {data.owed_rewards.rewards > 0 ? (
                  <Anchor component={Link} to="/teacher/shop/coins" size="xs" fw={600}>
                    {t('teacher.waits.owedLink')}
                  </Anchor>
                ) : null}
              </Count>
              <Count label={t('teacher.waits.unreadLabel', { count: data.unread_messages })} value={data.unread_messages} testId="waits-count-unread">
                {data.unread_messages > 0 ? (
                  <Anchor component={Link} to="/teacher/groups" size="xs" fw={600}>
                    {t('teacher.waits.unreadLink')}
                  </Anchor>
                ) : null}
              </Count>
            </SimpleGrid>
            <Stack gap={6}>
              <Title order={3} fz="md">
                {t('teacher.waits.byGroup')}
              </Title>
              <ul className={classes.groups}>
                {data.groups.map((group) => (
                  <GroupWaits key={group.id} group={group} teacherId={teacherId} />
                ))}
              </ul>
            </Stack>
            <Stack gap={6}>
              <Title order={3} fz="md">
                {t('teacher.waits.today')}
              </Title>
              <Text data-testid="waits-today">
                {/* Each figure stays on one line with its words ("2 belöningar köpta"), never "2" at a line's end. */}
                {[
                  t('teacher.waits.todayCoins', { count: data.today.coins_awarded }),
                  t('teacher.waits.todayTasks', { count: data.today.tasks_done }),
                  t('teacher.waits.todayRewards', { count: data.today.rewards_bought }),
                ].map((part, index) => (
                  <Fragment key={part}>
                    {index > 0 ? ' · ' : null}
                    <span className={classes.todayPart}>{part}</span>
                  </Fragment>
                ))}
              </Text>
            </Stack>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
