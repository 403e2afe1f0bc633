import { Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TMemberUser } from '@kolikko/core/schemas/auth';
import { memberTodoStatus } from '@kolikko/core/rules/completion';
import { IconChecklist } from '../../../components/icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useRefreshSessionOnMount } from '../../../lib/auth.ts';
import { useMemberTodos } from '../../../lib/queries/member-todos.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { StudentTodoCard } from './student-todo-card.tsx';
import classes from './student-todos-page.module.css';

/** /student/todos: the tasks of the list the student's small group is shown, by position. */
export function StudentTodosPage({ student }: { student: TMemberUser }) {
  const { t } = useTranslation();
  usePageTitle(t('student.pages.todos'));
  const memberTodos = useMemberTodos(student.group_id, { kind: 'self' });
  useRefreshSessionOnMount();

  function renderBody() {
    if (memberTodos.isPending) {
      return (
        <Stack gap="md" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={160} radius="lg" />
          <Skeleton height={160} radius="lg" />
        </Stack>
      );
    }
    if (memberTodos.isError) return <QueryError error={memberTodos.error} onRetry={() => void memberTodos.refetch()} />;
    if (memberTodos.data.length === 0) {
      return (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="student-todos-empty">
          <Stack align="center" ta="center" gap="sm">
            <ThemeIcon size={64} radius="xl" variant="light" color="indigo" aria-hidden="true">
              <IconChecklist size={34} />
            </ThemeIcon>
            <Title order={2} fz={22}>
              {t('studentTodos.empty.title')}
            </Title>
            <Text c="dark.5" maw={420}>
              {t('studentTodos.empty.text')}
            </Text>
          </Stack>
        </Paper>
      );
    }
    const sorted = [...memberTodos.data].sort((a, b) => a.position - b.position);
    const done = sorted.filter((mt) => mt.completed).length;
    const waiting = sorted.filter((mt) => memberTodoStatus(mt) === 'awaiting_teacher').length;
    return (
      <Stack gap="md">
        <Paper withBorder radius="lg" p="md">
          <Stack gap={8}>
            <Group justify="space-between" gap="xs">
              <Text fw={800} data-testid="student-todos-progress">
                {t('studentTodos.progress', { done, total: sorted.length })}
              </Text>
              {waiting > 0 ? (
                <Text size="sm" c="dark.6">
                  {t('studentTodos.waiting', { count: waiting })}
                </Text>
              ) : null}
            </Group>
            <div
              className={classes.progress}
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round((done / sorted.length) * 100)}
              aria-label={t('studentTodos.progress', { done, total: sorted.length })}
            >
              <div className={classes.progressBar} style={{ width: `${(done / sorted.length) * 100}%` }} />
            </div>
          </Stack>
        </Paper>
        {sorted.map((mt) => (
          <StudentTodoCard key={mt.id} memberTodo={mt} groupId={student.group_id} coins={student.coins} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={760} mx="auto">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('student.pages.todos')}
      </Title>
      {renderBody()}
    </Stack>
  );
}
