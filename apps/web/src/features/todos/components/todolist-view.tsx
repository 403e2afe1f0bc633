import { Fragment, useState } from 'react';
import { ActionIcon, Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { TODOS_PER_LIST_MAX } from '@kolikko/core/limits';
import type { TGroup } from '@kolikko/core/schemas/groups';
import type { TTodo, TTodolist } from '@kolikko/core/schemas/todos';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { IconChecklist } from '../../../components/icons.tsx';
import { IconPlus, IconSettings } from '../../../components/teacher-icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { storedCategoryLabelKey } from '../../../lib/todolist-labels.ts';
import { useDeleteTodo } from '../api/delete-todo.ts';
import { useTodos } from '../api/get-todos.ts';
import { useSwapTodos } from '../api/swap-todos.ts';
import { ShareToGroup } from './share-to-group.tsx';
import { TodoEditorModal } from './todo-editor-modal.tsx';
import { moveButtonId, TodoItems } from './todo-items.tsx';

interface TodolistViewProps {
  teacherId: string;
  list: TTodolist;
  activeGroup: TGroup | null;
  nameOf: (todolistId: string) => string | null;
  onOpenSettings: () => void;
}

/** Which todo the editor is open for; `session` remounts the editor for every opening. */
type EditorState = { todo: TTodo | null; session: number } | null;

/** The selected list: its todos, the editor, reordering and showing it to the active group. */
export function TodolistView({ teacherId, list, activeGroup, nameOf, onOpenSettings }: TodolistViewProps) {
  const { t } = useTranslation();
  const todos = useTodos(list.id);
  const swap = useSwapTodos(list.id);
  const remove = useDeleteTodo(list.id);
  const [editor, setEditor] = useState<EditorState>(null);
  const [deleting, setDeleting] = useState<TTodo | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const canEdit = list.permissions !== 'read';
  const count = todos.data?.length ?? 0;
  const isFull = count >= TODOS_PER_LIST_MAX;

  function openEditor(todo: TTodo | null) {
    setEditor((current) => ({ todo, session: (current?.session ?? 0) + 1 }));
  }

  function handleSwap(first: TTodo, second: TTodo, direction: 'up' | 'down' | 'drop') {
    if (swap.isPending) return;
    swap.mutate(
      { first: first.id, second: second.id },
      {
        onSuccess: (reordered) => {
          const moved = reordered.find((todo) => todo.id === first.id);
          if (moved) setAnnouncement(t('todos.items.moved', { from: first.position, to: moved.position }));
        },
        onError: (error) => showErrorCode(errorCodeOf(error)),
        onSettled: () => {
          // Moving a node in the page can take the focus with it; it goes back to the same button.
          if (direction !== 'drop') requestAnimationFrame(() => document.getElementById(moveButtonId(first.id, direction))?.focus());
        },
      },
    );
  }

  function handleDelete() {
    if (!deleting) return;
    const { id, position } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        setDeleting(null);
        showSuccess('todos.items.deleted', { position });
      },
      onError: (error) => {
        setDeleting(null);
        showErrorCode(errorCodeOf(error));
      },
    });
  }

  function renderTodos() {
    if (todos.isPending) {
      return (
        <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={96} radius="lg" />
          <Skeleton height={96} radius="lg" />
        </Stack>
      );
    }
    if (todos.isError) return <QueryError error={todos.error} onRetry={() => void todos.refetch()} />;
    if (todos.data.length === 0) {
      return (
        <Paper withBorder radius="lg" p="xl" data-testid="todos-empty">
          <Stack align="center" ta="center" gap="xs">
            <ThemeIcon size={52} radius="xl" variant="light" color="indigo" aria-hidden="true">
              <IconChecklist size={28} />
            </ThemeIcon>
            <Text fw={700} size="lg">
              {t('todos.empty.title')}
            </Text>
            <Text c="dark.5" maw={420}>
              {canEdit ? t('todos.empty.text') : t('todos.empty.readOnly')}
            </Text>
          </Stack>
        </Paper>
      );
    }
    return (
      <TodoItems
        todos={todos.data}
        canEdit={canEdit}
        swapping={swap.isPending}
        onSwap={handleSwap}
        onEdit={(todo) => openEditor(todo)}
        onDelete={setDeleting}
      />
    );
  }

  return (
    <Stack gap="md" component="section" aria-labelledby="todolist-title">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0}>
          <Title order={2} fz={{ base: 22, sm: 26 }} id="todolist-title" style={{ overflowWrap: 'anywhere' }}>
            {list.name}
          </Title>
          <Text size="sm" c="dark.5">
            {/* Each part keeps its words together, so a narrow screen wraps between parts. The
                count waits for the todos: "0 todos" while they load would be wrong. */}
            {[
              todos.data ? t('todos.count', { count }) : null,
              list.category ? t(storedCategoryLabelKey(list.category)) : null,
              list.target ? t(`todolists.targets.${list.target}`) : null,
              t(`todolists.languages.${list.language}`),
            ]
              .filter((part) => part !== null)
              .map((part, index) => (
                <Fragment key={`${index}-${part}`}>
                  {index > 0 ? ' · ' : null}
                  <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
                </Fragment>
              ))}
          </Text>
        </Stack>
        <Tooltip label={t('todolists.settings.open', { name: list.name })} openDelay={400}>
          <ActionIcon variant="default" size="xl" aria-label={t('todolists.settings.open', { name: list.name })} onClick={onOpenSettings}>
            <IconSettings size={22} />
          </ActionIcon>
        </Tooltip>
      </Group>

      {!canEdit ? (
        <Alert color="gray" variant="light" c="dark.7">
          {t('todolists.readOnly', { username: list.shared_by_username ?? '?' })}
        </Alert>
      ) : null}

      {/* Everyone with access shows the list to its own small groups, read permission included (docs/decisions.md, issue 15). */}
      {activeGroup ? (
        <ShareToGroup teacherId={teacherId} list={list} group={activeGroup} nameOf={nameOf} />
      ) : (
        <Text size="sm" c="dark.5">
          {t('todos.share.noGroup')}{' '}
          <Anchor component={Link} to="/teacher/groups" fw={600}>
            {t('todos.share.toGroups')}
          </Anchor>
        </Text>
      )}

      <Group justify="space-between" align="center">
        <Title order={3} fz="lg">
          {t('todos.items.title')}
        </Title>
        {canEdit ? (
          <Button leftSection={<IconPlus size={18} />} onClick={() => openEditor(null)} disabled={isFull || todos.isPending}>
            {t('todos.new')}
          </Button>
        ) : null}
      </Group>
      {isFull && canEdit ? (
        <Text size="sm" c="dark.5">
          {t('todos.full', { max: TODOS_PER_LIST_MAX })}
        </Text>
      ) : null}
      {renderTodos()}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>

      {editor ? (
        <TodoEditorModal key={editor.session} todolistId={list.id} todo={editor.todo} onClose={() => setEditor(null)} />
      ) : null}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={handleDelete}
        loading={remove.isPending}
        danger
        title={t('todos.items.deleteTitle', { position: deleting?.position ?? 0 })}
      >
        <Text>{t('todos.items.deleteText')}</Text>
      </ConfirmModal>
    </Stack>
  );
}
