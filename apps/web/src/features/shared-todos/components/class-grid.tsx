import { memo, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { sortByUsername } from '@kolikko/core/rules/names';
import { MEMBER_TODO_STATUSES, type MemberTodoStatus } from '@kolikko/core/rules/completion';
import type { TSmallGroup } from '@kolikko/core/schemas/auth';
import type { TClassGridMember, TClassGridTodo } from '@kolikko/core/schemas/todos';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { IconCheck } from '../../../components/teacher-icons.tsx';
import { MemberTodoStatusIcon } from '../../../components/member-todo-status.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { coinsValue } from '../../../lib/banner-text.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useApproveAll, useClassGrid } from '../api/class-grid.ts';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import type { CellDialogProps, OpenCell } from './class-grid-cell-dialog.tsx';
import classes from './class-grid.module.css';

/** A cell's dialog (Mantine's Modal and the review), fetched the first time a cell opens. */
const ClassGridCellDialog = lazyDialog<CellDialogProps>(
  () => import('./class-grid-cell-dialog.tsx').then((module) => module.CellDialog),
  (props) => props.cell !== null,
);

interface Focus {
  row: number;
  col: number;
}

const cellKey = (row: number, col: number) => `${row}:${col}`;

/** Status words by status, translated once per render of the grid, not once per cell. */
function statusWords(t: TFunction): Record<MemberTodoStatus, string> {
  return Object.fromEntries(MEMBER_TODO_STATUSES.map((status) => [status, t(`memberTodoStatus.teacher.${status}`)])) as Record<MemberTodoStatus, string>;
}

interface RowProps {
  member: TClassGridMember;
  row: number;
  todos: TClassGridTodo[];
  /** The column of this row's cell that takes the tab stop (-1: none in this row). */
  tabCol: number;
  words: Record<MemberTodoStatus, string>;
  labelOf: (username: string, position: number, status: string) => string;
}

/** One student's row: a header with the name (sticky on narrow screens) and a button per task. */
const GridRow = memo(function GridRow({ member, row, todos, tabCol, words, labelOf }: RowProps) {
  const done = member.statuses.filter((status) => status === 'done').length;
  return (
    <tr>
      <th scope="row" className={classes.name}>
        <span className={classes.username}>{member.username}</span>
        <span className={classes.count}>
          {done}/{todos.length}
        </span>
      </th>
      {todos.map((todo, col) => {
        const status = member.statuses[col] ?? 'not_done';
        const label = labelOf(member.username, todo.position, words[status]);
        return (
          <td key={todo.id} className={classes.cell}>
            <button
              type="button"
              className={classes.cellButton}
              data-status={status}
              data-cell={cellKey(row, col)}
              tabIndex={col === tabCol ? 0 : -1}
              aria-label={label}
              title={label}
            >
              <MemberTodoStatusIcon status={status} size={18} />
            </button>
          </td>
        );
      })}
    </tr>
  );
});

/**
 * The class view (ours, issue 14): the students of one small group (rows) by the tasks of its list
 * (columns), each cell its state with its own icon and a full label (colour is never the only
 * sign). One request draws it, however many cells. A real table: the arrow keys, Home and End
 * move between cells (one tab stop), Enter or Space opens a cell's task to approve, send back or
 * undo; a column's header approves every answer waiting in that task at once.
 */
export function ClassGrid({ groupId, color, listName }: { groupId: string; color: TSmallGroup; listName: string | null }) {
  const { t, i18n } = useTranslation();
  const grid = useClassGrid(groupId, color);
  const approveAll = useApproveAll(groupId);
  const [focus, setFocus] = useState<Focus>({ row: 0, col: 0 });
  const [open, setOpen] = useState<OpenCell | null>(null);
  const [approving, setApproving] = useState<{ todo: TClassGridTodo; count: number } | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const captionId = useId();
  const hintId = useId();
  const words = useMemo(() => statusWords(t), [t]);
  const labelOf = useMemo(() => (username: string, position: number, status: string) => t('sharedTodos.grid.cellLabel', { username, position, status }), [t]);

  const awaiting = useMemo(() => {
    const data = grid.data;
    if (!data) return [];
    return data.todos.map((_, col) => data.members.reduce((n, member) => n + (member.statuses[col] === 'awaiting_teacher' ? 1 : 0), 0));
  }, [grid.data]);
  const todos = grid.data?.todos ?? [];
  // In natural order in the page's language (the server's is Finnish): as the groups page lists them.
  const members = useMemo(() => sortByUsername(grid.data?.members ?? [], i18n.language), [grid.data, i18n.language]);

  if (grid.isPending) return <Skeleton height={320} radius="lg" aria-label={t('common.loading')} />;
  if (grid.isError) return <QueryError error={grid.error} onRetry={() => void grid.refetch()} />;
  if (members.length === 0) {
    return (
      <Text c="dark.5" role="status">
        {t('sharedTodos.noMembers', { color: t(`groups.smallGroups.${color}`) })}
      </Text>
    );
  }
  if (todos.length === 0) {
    return (
      <Text c="dark.5" role="status">
        {t('sharedTodos.grid.noTodos')}
      </Text>
    );
  }

  const rows = members.length;
  const cols = todos.length;
  const tab = { row: Math.min(focus.row, rows - 1), col: Math.min(focus.col, cols - 1) };

  function cellOf(target: EventTarget): Focus | null {
    const button = target instanceof Element ? target.closest<HTMLButtonElement>('button[data-cell]') : null;
    const [row, col] = (button?.dataset.cell ?? '').split(':').map(Number);
    return row === undefined || col === undefined || Number.isNaN(row) || Number.isNaN(col) ? null : { row, col };
  }

  function moveTo(next: Focus) {
    setFocus(next);
    tableRef.current?.querySelector<HTMLButtonElement>(`button[data-cell="${cellKey(next.row, next.col)}"]`)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const at = cellOf(event.target);
    if (!at) return;
    const moves: Record<string, Focus> = {
      ArrowRight: { row: at.row, col: Math.min(cols - 1, at.col + 1) },
      ArrowLeft: { row: at.row, col: Math.max(0, at.col - 1) },
      ArrowDown: { row: Math.min(rows - 1, at.row + 1), col: at.col },
      ArrowUp: { row: Math.max(0, at.row - 1), col: at.col },
      Home: event.ctrlKey ? { row: 0, col: 0 } : { row: at.row, col: 0 },
      End: event.ctrlKey ? { row: rows - 1, col: cols - 1 } : { row: at.row, col: cols - 1 },
      PageDown: { row: Math.min(rows - 1, at.row + 10), col: at.col },
      PageUp: { row: Math.max(0, at.row - 10), col: at.col },
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    moveTo(next);
  }

  function onClick(event: MouseEvent<HTMLTableElement>) {
    const at = cellOf(event.target);
    const member = at ? members[at.row] : undefined;
    const todo = at ? todos[at.col] : undefined;
    if (!at || !member || !todo) return;
    setFocus(at);
    setOpen({ memberId: member.id, username: member.username, todoId: todo.id, position: todo.position });
  }

  function confirmApproveAll() {
    if (!approving) return;
    const { todo } = approving;
    approveAll.mutate(
      { color, todo_id: todo.id },
      {
        onSuccess: (result) => {
          setApproving(null);
          if (result.approved === 0) showSuccess('sharedTodos.grid.approvedNone', { position: todo.position });
          else showSuccess('sharedTodos.grid.approvedAll', { count: result.approved, position: todo.position, coins: coinsValue(result.paid) });
        },
        onError: (error) => {
          setApproving(null);
          showErrorCode(errorCodeOf(error));
        },
      },
    );
  }

  return (
    <Stack gap="sm">
      <ul className={classes.legend} aria-label={t('sharedTodos.grid.legend')}>
        {MEMBER_TODO_STATUSES.map((status) => (
          <li key={status} className={classes.legendItem}>
            <span className={classes.legendSwatch} data-status={status}>
              <MemberTodoStatusIcon status={status} size={16} />
            </span>
            {words[status]}
          </li>
        ))}
      </ul>
      <Text size="sm" c="dark.5" id={hintId} className={classes.keyboardHint}>
        {t('sharedTodos.grid.hint')}
      </Text>
      <Paper withBorder radius="lg" className={classes.scroller} data-testid="class-grid">
        {/* Keys and clicks of the cells' buttons are handled once, on the table. */}
        <table className={classes.table} ref={tableRef} onKeyDown={onKeyDown} onClick={onClick} aria-labelledby={captionId} aria-describedby={hintId}>
          <caption id={captionId} className={classes.caption}>
            {t('sharedTodos.grid.caption', { list: listName ?? '' })}
          </caption>
          <thead>
            <tr>
              <th scope="col" className={`${classes.name} ${classes.corner}`}>
                {t('sharedTodos.grid.student')}
              </th>
              {todos.map((todo, col) => {
                const count = awaiting[col] ?? 0;
                return (
                  <th key={todo.id} scope="col" className={classes.todoHead} data-testid={`grid-todo-${todo.position}`}>
                    <span className={classes.position} aria-label={t('sharedTodos.grid.task', { position: todo.position })}>
                      {todo.position}
                    </span>
                    <span className={classes.title} title={todo.title}>
                      {todo.title}
                    </span>
                    <span className={classes.reward}>{t('common.coinsAmount', { count: todo.reward })}</span>
                    {todo.answertype === 'free' && count > 0 ? (
                      <Button
                        size="compact-xs"
                        color="teal.9"
                        classNames={{ root: classes.approveAll, label: classes.approveAllLabel }}
                        leftSection={<IconCheck size={12} />}
                        aria-label={t('sharedTodos.grid.approveAllLabel', { position: todo.position, count })}
                        onClick={(event) => {
                          event.stopPropagation();
                          setApproving({ todo, count });
                        }}
                      >
                        {t('sharedTodos.grid.approveAll', { count })}
                      </Button>
                    ) : null}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {members.map((member, row) => (
              <GridRow key={member.id} member={member} row={row} todos={todos} tabCol={row === tab.row ? tab.col : -1} words={words} labelOf={labelOf} />
            ))}
          </tbody>
        </table>
      </Paper>
      <ConfirmModal
        opened={approving !== null}
        onClose={() => setApproving(null)}
        onConfirm={confirmApproveAll}
        loading={approveAll.isPending}
        title={t('sharedTodos.grid.approveAllTitle', { position: approving?.todo.position ?? 0 })}
      >
        <Text data-testid="approve-all-text">
          {approving
            ? t('sharedTodos.grid.approveAllText', {
                count: approving.count,
                reward: t('common.coinsAmount', { count: approving.todo.reward }),
                total: t('common.coinsAmount', { count: approving.count * approving.todo.reward }),
              })
            : null}
        </Text>
      </ConfirmModal>
      <ClassGridCellDialog groupId={groupId} cell={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
