import { useState } from 'react';
import { Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TMemberTodo } from '@kolikko/core/schemas/todos';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { IconChecklist } from '../../../components/icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useRefreshSessionOnMount } from '../../../lib/auth.ts';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { coinsValue } from '../../../lib/banner-text.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useMemberTodos } from '../../../lib/queries/member-todos.ts';
import { useTodolist } from '../api/get-todolist.ts';
import { useRemoveAnswerImage, useReviewMemberTodo, type MemberCoinsListener } from '../api/review-member-todo.ts';
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

type Confirming = { kind: 'undo' | 'image'; memberTodo: TMemberTodo } | null;

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
  const review = useReviewMemberTodo(groupId, onMemberCoins);
  const removeImage = useRemoveAnswerImage(groupId, onMemberCoins);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const onError = (error: unknown) => showErrorCode(errorCodeOf(error));

  function approve(memberTodo: TMemberTodo) {
    review.mutate(
      { memberTodo, completed: true },
      {
        onSuccess: ({ member_todo }) =>
          showSuccess('sharedTodos.approved', { username, position: member_todo.position, coins: coinsValue(member_todo.reward_collected) }),
        onError,
      },
    );
  }

  function confirm() {
    if (!confirming) return;
    const { kind, memberTodo } = confirming;
    if (kind === 'undo') {
      review.mutate(
        { memberTodo, completed: false },
        {
          onSuccess: () => {
            setConfirming(null);
            showSuccess('sharedTodos.undone', { username, position: memberTodo.position });
          },
          onError: (error) => {
            setConfirming(null);
            onError(error);
          },
        },
      );
      return;
    }
    removeImage.mutate(memberTodo, {
      onSuccess: () => setConfirming(null),
      onError: (error) => {
        setConfirming(null);
        onError(error);
      },
    });
  }

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
  const busyId = review.isPending ? review.variables.memberTodo.id : removeImage.isPending ? removeImage.variables.id : null;

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
          pending={busyId === mt.id ? (removeImage.isPending ? 'image' : mt.completed ? 'undo' : 'approve') : null}
          busy={busyId !== null}
          onApprove={() => approve(mt)}
          onUndo={() => setConfirming({ kind: 'undo', memberTodo: mt })}
          onRemoveImage={() => setConfirming({ kind: 'image', memberTodo: mt })}
        />
      ))}
      <ConfirmModal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        onConfirm={confirm}
        loading={review.isPending || removeImage.isPending}
        danger
        title={confirming?.kind === 'image' ? t('sharedTodos.removeImageTitle') : t('sharedTodos.undoTitle', { position: confirming?.memberTodo.position ?? 0 })}
      >
        <Text>
          {confirming?.kind === 'image'
            ? t('sharedTodos.removeImageText', { username })
            : (confirming?.memberTodo.reward_collected ?? 0) > 0
              ? t('sharedTodos.undoText', { username, coins: t('common.coinsAmount', { count: confirming?.memberTodo.reward_collected ?? 0 }) })
              : t('sharedTodos.undoTextNoCoins', { username })}
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
