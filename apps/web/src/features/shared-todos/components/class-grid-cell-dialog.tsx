import { useState } from 'react';
import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { MODAL_WIDTH_TODO_EDITOR_PX } from '@kolikko/core/limits';
import { QueryError } from '../../../components/query-error.tsx';
import { useOpenAfterMount } from '../../../lib/lazy-dialog.tsx';
import { useMemberTodos } from '../../../lib/queries/member-todos.ts';
import { useMemberTodoReview } from '../hooks/use-member-todo-review.tsx';
import { TeacherMemberTodo } from './teacher-member-todo.tsx';

/** The cell of the class view the teacher opened. */
export interface OpenCell {
  memberId: string;
  username: string;
  todoId: string;
  position: number;
}

export interface CellDialogProps {
  groupId: string;
  cell: OpenCell | null;
  onClose: () => void;
}

/**
 * One student's task, opened from the class view: the answer and picture, approve, send back,
 * mark undone, remove the picture. A confirmation takes the dialog's place (no dialog on a
 * dialog). The student's todos are one request (the same the student's page reads), made when
 * the dialog opens, never per cell.
 */
function CellReview({ groupId, cell, onClose }: { groupId: string; cell: OpenCell; onClose: () => void }) {
  const { t } = useTranslation();
  const memberTodos = useMemberTodos(groupId, { kind: 'member', memberId: cell.memberId });
  const review = useMemberTodoReview(groupId, cell.username);
  const memberTodo = memberTodos.data?.find((mt) => mt.todo_id === cell.todoId);

  if (memberTodos.isPending) return <Skeleton height={160} radius="lg" aria-label={t('common.loading')} />;
  if (memberTodos.isError) return <QueryError error={memberTodos.error} onRetry={() => void memberTodos.refetch()} />;
  if (!memberTodo) {
    return (
      <Text c="red.9" role="alert">
        {t('errors.TODO.TODO_NOT_FOUND')}
      </Text>
    );
  }
  if (review.confirmation) {
    const { title, body, danger, loading } = review.confirmation;
    return (
      <Stack gap="lg" role="group" aria-label={title} data-testid="cell-confirm">
        <Text fw={700} size="lg">
          {title}
        </Text>
        <div>{body}</div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={review.cancel} disabled={loading}>
            {t('common.cancel')}
          </Button>
          <Button color={danger ? 'red.8' : undefined} onClick={review.confirm} loading={loading} data-testid="cell-confirm-button">
            {t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <TeacherMemberTodo
        memberTodo={memberTodo}
        pending={review.pendingOf(memberTodo)}
        busy={review.busy}
        onApprove={() => review.approve(memberTodo)}
        onUndo={() => review.ask('undo', memberTodo)}
        onRemoveImage={() => review.ask('image', memberTodo)}
        onSendBack={() => review.ask('sendBack', memberTodo)}
        foldContent
      />
      <Group justify="flex-end">
        <Button variant="subtle" onClick={onClose}>
          {t('common.close')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The dialog of ClassGridCellDialog (class-grid.tsx), fetched the first time a cell opens. */
export function CellDialog({ groupId, cell, onClose }: CellDialogProps) {
  const { t } = useTranslation();
  const open = useOpenAfterMount(cell !== null);
  // The cell stays drawn while the dialog closes.
  const [last, setLast] = useState(cell);
  if (cell && cell !== last) setLast(cell);
  const shown = cell ?? last;
  return (
    <Modal
      opened={open}
      onClose={onClose}
      size={MODAL_WIDTH_TODO_EDITOR_PX}
      title={shown ? t('sharedTodos.grid.cellTitle', { username: shown.username, position: shown.position }) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="grid-cell-dialog"
    >
      {shown ? <CellReview key={`${shown.memberId}:${shown.todoId}`} groupId={groupId} cell={shown} onClose={onClose} /> : null}
    </Modal>
  );
}
