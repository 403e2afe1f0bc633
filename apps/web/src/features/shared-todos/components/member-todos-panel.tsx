import { Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { IconChecklist } from '../../../components/icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useRefreshSessionOnMount } from '../../../lib/auth.ts';
import { useMemberTodos } from '../../../lib/queries/member-todos.ts';
import { useTodolist } from '../api/get-todolist.ts';
import type { MemberCoinsListener } from '../api/review-member-todo.ts';
import { useMemberTodoReview } from '../hooks/use-member-todo-review.tsx';
import { TeacherMemberTodo } from './teacher-member-todo.tsx';

interface MemberTodosPanelProps {
  groupId: string;
  memberId: string;
  username: string;
  /** A member's new balance, for caches the caller owns. */
  onMemberCoins?: MemberCoinsListener;
  /** Names the list above the todos, where the page around does not (the member page). */
  showListName?: boolean;
}

/**
 * One student's todos of the list its small group is shown, by position, with the teacher's
 * approve and undo (spec sections 2 and 4), or the nothing-to-do message. Used by the shared
 * view and by the member page (composed there by the router).
 */
export function MemberTodosPanel({ groupId, memberId, username, onMemberCoins, showListName = false }: MemberTodosPanelProps) {
  const { t } = useTranslation();
  const memberTodos = useMemberTodos(groupId, { kind: 'member', memberId });
  const list = useTodolist(showListName ? (memberTodos.data?.[0]?.todolist_id ?? null) : null);
  useRefreshSessionOnMount();
  const review = useMemberTodoReview(groupId, username, onMemberCoins);

  if (memberTodos.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={120} radius="lg" />
        <Skeleton height={120} radius="lg" />
      </Stack>
    );
  }
  if (memberTodos.isError) return <QueryError error={memberTodos.error} onRetry={() => void memberTodos.refetch()} />;
  if (memberTodos.data.length === 0) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="member-todos-empty">
        <Stack align="center" ta="center" gap="xs">
          <ThemeIcon size={52} radius="xl" variant="light" color="indigo" aria-hidden="true">
            <IconChecklist size={28} />
          </ThemeIcon>
          <Text fw={700} size="lg">
            {t('sharedTodos.nothing.title')}
          </Text>
          <Text c="dark.5" maw={460}>
            {t('sharedTodos.nothing.text', { username })}
          </Text>
        </Stack>
      </Paper>
    );
  }

  const sorted = [...memberTodos.data].sort((a, b) => a.position - b.position);
  const done = sorted.filter((mt) => mt.completed).length;

  return (
    <Stack gap="sm" data-testid="member-todos">
      <Text size="sm" c="dark.5" data-testid="member-todos-progress">
        {showListName && list.data ? (
          <>
            <Text span fw={700} c="dark.8" style={{ overflowWrap: 'anywhere' }} data-testid="member-todos-list">
              {list.data.name}
            </Text>
            {' · '}
          </>
        ) : null}
        {t('sharedTodos.progress', { done, total: sorted.length })}
      </Text>
      {sorted.map((mt) => (
        <TeacherMemberTodo
          key={mt.id}
          memberTodo={mt}
          pending={review.pendingOf(mt)}
          busy={review.busy}
          onApprove={() => review.approve(mt)}
          onUndo={() => review.ask('undo', mt)}
          onRemoveImage={() => review.ask('image', mt)}
          onSendBack={() => review.ask('sendBack', mt)}
        />
      ))}
      <ConfirmModal
        opened={review.confirmation !== null}
        onClose={review.cancel}
        onConfirm={review.confirm}
        loading={review.confirmation?.loading ?? false}
        danger={review.confirmation?.danger ?? false}
        title={review.confirmation?.title ?? ''}
      >
        {review.confirmation?.body}
      </ConfirmModal>
    </Stack>
  );
}
