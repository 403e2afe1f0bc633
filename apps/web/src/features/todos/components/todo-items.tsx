import { useState, type DragEvent } from 'react';
import { ActionIcon, Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TTodo } from '@kolikko/core/schemas/todos';
import { CoinIcon, IconPhoto, IconTrash } from '../../../components/icons.tsx';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPencil } from '../../../components/teacher-icons.tsx';
import { TodoContent } from '../../../components/todo-content.tsx';
import classes from './todo-items.module.css';

/** Tooltips also open on keyboard focus and touch, not only on hover. */
const TOOLTIP_EVENTS = { hover: true, focus: true, touch: true };

export function moveButtonId(todoId: string, direction: 'up' | 'down'): string {
  return `todo-${todoId}-move-${direction}`;
}

interface TodoItemsProps {
  todos: TTodo[];
  /** Edit (or own) permission: the reorder, edit and delete controls. */
  canEdit: boolean;
  /** A swap is under way: spec section 4 blocks another until it is done. */
  swapping: boolean;
  onSwap: (first: TTodo, second: TTodo, direction: 'up' | 'down' | 'drop') => void;
  onEdit: (todo: TTodo) => void;
  onDelete: (todo: TTodo) => void;
}

/**
 * The todos of the selected list with their position numbers. Reordering is by the up and down
 * buttons (keyboard and touch) or by dragging one todo onto another, which swaps the two.
 */
export function TodoItems({ todos, canEdit, swapping, onSwap, onEdit, onDelete }: TodoItemsProps) {
  const { t } = useTranslation();
  const [draggedId, setDraggedId] = useState<string | null>(null);
  const [dropTargetId, setDropTargetId] = useState<string | null>(null);

  function startDrag(event: DragEvent<HTMLElement>, todo: TTodo) {
    if (swapping) {
      event.preventDefault();
      return;
    }
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', todo.id);
    const card = event.currentTarget.closest('li');
    if (card) event.dataTransfer.setDragImage(card, 24, 24);
    setDraggedId(todo.id);
  }

  function endDrag() {
    setDraggedId(null);
    setDropTargetId(null);
  }

  function dropOn(target: TTodo) {
    const dragged = todos.find((todo) => todo.id === draggedId);
    endDrag();
    if (dragged && dragged.id !== target.id && !swapping) onSwap(dragged, target, 'drop');
  }

  return (
    <ol className={classes.list} aria-label={t('todos.items.label')} data-testid="todo-items">
      {todos.map((todo, index) => {
        const previous = todos[index - 1];
        const next = todos[index + 1];
        const isDropTarget = dropTargetId === todo.id && draggedId !== todo.id;
        return (
          <li
            key={todo.id}
            className={classes.item}
            data-testid={`todo-${todo.position}`}
            data-dragging={draggedId === todo.id || undefined}
            data-drop-target={isDropTarget || undefined}
            onDragOver={(event) => {
              if (draggedId === null || draggedId === todo.id) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              if (dropTargetId !== todo.id) setDropTargetId(todo.id);
            }}
            onDragLeave={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget instanceof Node ? event.relatedTarget : null)) {
                setDropTargetId((current) => (current === todo.id ? null : current));
              }
            }}
            onDrop={(event) => {
              event.preventDefault();
              dropOn(todo);
            }}
          >
            <div className={classes.side}>
              <span className={classes.position} aria-hidden="true">
                {todo.position}
              </span>
              <VisuallyHidden>{t('todos.items.position', { position: todo.position })}</VisuallyHidden>
              {canEdit && todos.length > 1 ? (
                // Dragging is for pointers; keyboard and touch users have the buttons.
                <span
                  className={classes.handle}
                  draggable={!swapping}
                  onDragStart={(event) => startDrag(event, todo)}
                  onDragEnd={endDrag}
                  aria-hidden="true"
                  title={t('todos.items.dragHint')}
                  data-testid="todo-drag-handle"
                >
                  <IconGripVertical size={18} />
                </span>
              ) : null}
            </div>
            <Stack gap="xs" className={classes.body}>
              <TodoContent html={todo.content_html} todoId={todo.id} imagepath={todo.imagepath} />
              <Group gap={6}>
                <Badge variant="light" color="coin" c="coin.9" tt="none" leftSection={<CoinIcon size={14} />} data-testid="todo-reward">
                  {t('common.coinsAmount', { count: todo.reward })}
                </Badge>
                <Badge variant="light" color={todo.answertype === 'none' ? 'gray' : 'indigo'} c={todo.answertype === 'none' ? 'dark.6' : undefined} tt="none" data-testid="todo-answer-type">
                  {t(`todos.answerTypes.${todo.answertype}`)}
                </Badge>
                {todo.answertype === 'strict' ? (
                  <Text size="sm" c="dark.5" span style={{ overflowWrap: 'anywhere' }}>
                    {t('todos.items.correctAnswer', { answer: todo.answer })}
                  </Text>
                ) : null}
                {todo.answertype === 'free' && todo.allow_member_image ? (
                  <Badge variant="outline" color="gray" c="dark.6" tt="none" leftSection={<IconPhoto size={12} />}>
                    {t('todos.items.imageAllowed')}
                  </Badge>
                ) : null}
              </Group>
            </Stack>
            {canEdit ? (
              <div className={classes.actions}>
                <div className={classes.actionRow}>
                  <Tooltip label={t('todos.items.moveUp', { position: todo.position })} events={TOOLTIP_EVENTS} openDelay={400}>
                    <ActionIcon
                      id={moveButtonId(todo.id, 'up')}
                      variant="default"
                      size="lg"
                      aria-label={t('todos.items.moveUp', { position: todo.position })}
                      // aria-disabled, not disabled: a focused button must keep focus while a swap runs.
                      aria-disabled={!previous || swapping || undefined}
                      data-disabled={!previous || undefined}
                      onClick={() => {
                        if (previous && !swapping) onSwap(todo, previous, 'up');
                      }}
                    >
                      <IconArrowUp size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('todos.items.moveDown', { position: todo.position })} events={TOOLTIP_EVENTS} openDelay={400}>
                    <ActionIcon
                      id={moveButtonId(todo.id, 'down')}
                      variant="default"
                      size="lg"
                      aria-label={t('todos.items.moveDown', { position: todo.position })}
                      aria-disabled={!next || swapping || undefined}
                      data-disabled={!next || undefined}
                      onClick={() => {
                        if (next && !swapping) onSwap(todo, next, 'down');
                      }}
                    >
                      <IconArrowDown size={18} />
                    </ActionIcon>
                  </Tooltip>
                </div>
                <div className={classes.actionRow}>
                  <Tooltip label={t('todos.items.edit', { position: todo.position })} events={TOOLTIP_EVENTS} openDelay={400}>
                    <ActionIcon variant="light" size="lg" aria-label={t('todos.items.edit', { position: todo.position })} onClick={() => onEdit(todo)}>
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('todos.items.delete', { position: todo.position })} events={TOOLTIP_EVENTS} openDelay={400}>
                    <ActionIcon variant="default" c="red.9" size="lg" aria-label={t('todos.items.delete', { position: todo.position })} onClick={() => onDelete(todo)}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </div>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
