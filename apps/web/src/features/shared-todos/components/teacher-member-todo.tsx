import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { memberTodoStatus } from '@kolikko/core/rules/completion';
import type { TMemberTodo } from '@kolikko/core/schemas/todos';
import { IconTrash, IconUndo } from '../../../components/icons.tsx';
import { IconCheck } from '../../../components/teacher-icons.tsx';
import { memberTodoCardClass, MemberTodoOwedBadge, MemberTodoRewardBadge, MemberTodoStatusBadge } from '../../../components/member-todo-status.tsx';
import { SentBackNote } from '../../../components/sent-back-note.tsx';
import { TodoContent } from '../../../components/todo-content.tsx';
import { memberTodoImageUrl } from '../../../lib/todo-images.ts';
import classes from './teacher-member-todo.module.css';

interface TeacherMemberTodoProps {
  memberTodo: TMemberTodo;
  /** The change under way on this todo, if any. */
  pending: 'approve' | 'undo' | 'image' | 'sendBack' | null;
  /** Another change of the same student is under way. */
  busy: boolean;
  onApprove: () => void;
  onUndo: () => void;
  onRemoveImage: () => void;
  /** Ours: send a free answer awaiting approval back with a comment. */
  onSendBack: () => void;
  /**
   * The task's content (its text, video, images) folded under the answer and the buttons, closed
   * at first: the class view's cell dialog, where the teacher came to approve (issue 33).
   */
  foldContent?: boolean;
}

/** The task's content behind a disclosure, drawn only once opened (a video loads nothing until then). */
function FoldedContent({ memberTodo: mt }: { memberTodo: TMemberTodo }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <details className={classes.fold} onToggle={(event) => setOpen(event.currentTarget.open)} data-testid="task-content">
      <summary className={classes.foldSummary}>{t(open ? 'sharedTodos.hideTask' : 'sharedTodos.showTask')}</summary>
      {open ? (
        <div className={classes.foldBody}>
          <TodoContent html={mt.content} todoId={mt.todo_id} imagepath={mt.imagepath} />
        </div>
      ) : null}
    </details>
  );
}

/**
 * One todo of a student as the teacher checks it (spec section 4): its state, the student's
 * answer and picture; approve a free answer or mark a none-type todo done; mark any done todo
 * undone. A strict todo completes only by the student's right answer.
 */
export function TeacherMemberTodo({ memberTodo: mt, pending, busy, onApprove, onUndo, onRemoveImage, onSendBack, foldContent = false }: TeacherMemberTodoProps) {
  const { t } = useTranslation();
  const status = memberTodoStatus(mt);
  const hasAnswer = mt.member_answer.trim() !== '';

  return (
    <article
      className={`${classes.card} ${memberTodoCardClass}`}
      data-status={status}
      data-testid={`member-todo-${mt.position}`}
      aria-labelledby={`member-todo-${mt.id}-title`}
    >
      <div className={classes.top}>
        <span className={classes.position} id={`member-todo-${mt.id}-title`} aria-label={t('todos.items.position', { position: mt.position })}>
          {mt.position}
        </span>
        <MemberTodoStatusBadge status={status} audience="teacher" />
        <MemberTodoRewardBadge coins={mt.reward} />
        <MemberTodoOwedBadge completed={mt.completed} owed={mt.reward_owed} audience="teacher" />
        <Badge variant="light" color="gray" c="dark.6" tt="none">
          {t(`todos.answerTypes.${mt.answertype}`)}
        </Badge>
      </div>
      {foldContent ? null : <TodoContent html={mt.content} todoId={mt.todo_id} imagepath={mt.imagepath} />}

      {mt.answertype !== 'none' ? (
        <Stack gap={6}>
          <Text size="sm" fw={700}>
            {t('sharedTodos.answer')}
          </Text>
          {hasAnswer ? (
            <Text className={classes.answer} data-testid="member-answer">
              {mt.member_answer}
            </Text>
          ) : (
            <Text size="sm" c="dark.5">
              {t('sharedTodos.noAnswer')}
            </Text>
          )}
          {mt.answertype === 'strict' && mt.answer !== null ? (
            <Text size="sm" c="dark.6" style={{ overflowWrap: 'anywhere' }}>
              {t('todos.items.correctAnswer', { answer: mt.answer })}
            </Text>
          ) : null}
          {mt.member_image_path ? (
            <Stack gap={6} align="flex-start">
              <Anchor href={memberTodoImageUrl(mt.id, mt.member_image_path)} target="_blank" rel="noopener noreferrer">
                <img
                  className={classes.answerImage}
                  src={memberTodoImageUrl(mt.id, mt.member_image_path)}
                  alt={t('sharedTodos.answerImageAlt')}
                  loading="lazy"
                  data-testid="member-answer-image"
                />
              </Anchor>
              <Button size="compact-sm" variant="subtle" color="red" c="red.9" leftSection={<IconTrash size={14} />} onClick={onRemoveImage} loading={pending === 'image'} disabled={busy}>
                {t('sharedTodos.removeImage')}
              </Button>
            </Stack>
          ) : null}
          {!mt.completed ? <SentBackNote sentBack={mt.sent_back} comment={mt.sent_back_comment} audience="teacher" /> : null}
        </Stack>
      ) : null}

      <Group gap="xs" justify="flex-end">
        {status === 'awaiting_teacher' || status === 'sent_back' ? (
          <Button variant="default" leftSection={<IconUndo size={16} />} onClick={onSendBack} loading={pending === 'sendBack'} disabled={busy} data-testid="send-back">
            {t('sharedTodos.sendBack')}
          </Button>
        ) : null}
        {mt.completed ? (
          <Button variant="default" leftSection={<IconUndo size={16} />} onClick={onUndo} loading={pending === 'undo'} disabled={busy}>
            {t('sharedTodos.markUndone')}
          </Button>
        ) : mt.answertype === 'strict' ? (
          <Text size="sm" c="dark.5">
            {t('sharedTodos.strictHint')}
          </Text>
        ) : (
          <Button color="teal.9" leftSection={<IconCheck size={16} />} onClick={onApprove} loading={pending === 'approve'} disabled={busy}>
            {mt.answertype === 'free' ? t('sharedTodos.approve') : t('sharedTodos.markDone')}
          </Button>
        )}
      </Group>
      {foldContent ? <FoldedContent memberTodo={mt} /> : null}
    </article>
  );
}
