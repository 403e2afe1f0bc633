import { useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { MEMBER_ANSWER_MAX_LENGTH } from '@kolikko/core/limits';
import { memberTodoStatus } from '@kolikko/core/rules/completion';
import type { TMemberTodo, TMemberTodoUpdateResponse } from '@kolikko/core/schemas/todos';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { IconPhoto, IconSend, IconTrash } from '../../../components/icons.tsx';
import { memberTodoCardClass, MemberTodoOwedBadge, MemberTodoRewardBadge, MemberTodoStatusBadge } from '../../../components/member-todo-status.tsx';
import { SentBackNote } from '../../../components/sent-back-note.tsx';
import { TodoContent } from '../../../components/todo-content.tsx';
import { showBanner, showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { coinsValue } from '../../../lib/banner-text.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { checkImageFile, memberTodoImageUrl, UPLOAD_IMAGE_TYPES } from '../../../lib/todo-images.ts';
import { useAnswerMemberTodo, useRemoveAnswerImage, useUploadAnswerImage } from '../api/answer-member-todo.ts';
import classes from './student-todo-card.module.css';

interface StudentTodoCardProps {
  memberTodo: TMemberTodo;
  groupId: string;
  /** The student's coins now, to tell what a change earned or cost. */
  coins: number;
}

/** The answer's feedback, said where the student looks: right after sending it. */
type Feedback = 'right' | 'wrong' | 'sent' | null;

/**
 * One task of the student (spec section 4): a none-type task is ticked done; a free one is
 * answered in text (and a picture where allowed) and waits for the teacher; a strict one is
 * checked at once. The coins follow in the header.
 */
export function StudentTodoCard({ memberTodo: mt, groupId, coins }: StudentTodoCardProps) {
  const { t } = useTranslation();
  const answer = useAnswerMemberTodo(groupId);
  const upload = useUploadAnswerImage(groupId);
  const removeImage = useRemoveAnswerImage(groupId);
  const [draft, setDraft] = useState(mt.member_answer);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const feedbackId = useId();
  // An answer sent back since the last one was sent: "Sent!" no longer holds.
  const [sentBackSeen, setSentBackSeen] = useState(mt.sent_back);
  if (mt.sent_back !== sentBackSeen) {
    setSentBackSeen(mt.sent_back);
    if (mt.sent_back) setFeedback(null);
  }
  const status = memberTodoStatus(mt);
  const busy = answer.isPending || upload.isPending || removeImage.isPending;

  /**
   * Says what the change did to the coins. A completion the teacher's purse could not pay (all or
   * part of) is still done: its reward is on its way and arrives when the teacher has coins again.
   */
  function settle(result: TMemberTodoUpdateResponse) {
    const change = result.member_coins - coins;
    const owed = result.member_todo.completed && !mt.completed ? result.member_todo.reward_owed : 0;
    if (owed > 0) showBanner('info', 'studentTodos.rewardOnItsWay', { coins: coinsValue(owed) });
    else if (change > 0) showSuccess('studentTodos.earned', { coins: coinsValue(change) });
    else if (change < 0) showBanner('info', 'studentTodos.lost', { coins: coinsValue(-change) });
  }

  function onError(error: unknown) {
    showErrorCode(errorCodeOf(error));
  }

  function toggleDone(completed: boolean) {
    if (busy) return;
    answer.mutate({ mtodoId: mt.id, updates: { completed } }, { onSuccess: settle, onError });
  }

  function sendAnswer(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    answer.mutate(
      { mtodoId: mt.id, updates: { member_answer: draft } },
      {
        onSuccess: (result) => {
          settle(result);
          setDraft(result.member_todo.member_answer);
          if (mt.answertype === 'strict') setFeedback(result.member_todo.completed ? 'right' : 'wrong');
          else setFeedback('sent');
        },
        onError,
      },
    );
  }

  function pickImage(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    // Emptied, so picking the same file again is a change too.
    event.currentTarget.value = '';
    if (!file || busy) return;
    const problem = checkImageFile(file);
    setImageError(problem);
    if (problem) return;
    upload.mutate(
      { todoId: mt.todo_id, mtodoId: mt.id, file },
      {
        onSuccess: (result) => {
          settle(result);
          setFeedback('sent');
        },
        onError: (error) => setImageError(errorCodeOf(error)),
      },
    );
  }

  function confirmRemoveImage() {
    removeImage.mutate(mt.id, {
      onSuccess: (result) => {
        setConfirmingRemove(false);
        settle(result);
      },
      onError: (error) => {
        setConfirmingRemove(false);
        onError(error);
      },
    });
  }

  const unchanged = draft.trim() === mt.member_answer.trim();
  // The same answer again changes nothing, except a wrong strict answer, which may be checked again,
  // and an answer the teacher sent back, which goes back to the teacher as it is.
  const canSend = !busy && draft.trim() !== '' && !(unchanged && ((mt.answertype === 'free' && !mt.sent_back) || mt.completed));
  const answerFieldProps = {
    label: t('studentTodos.yourAnswer'),
    description: mt.answertype === 'strict' ? t('studentTodos.strictHint') : mt.completed ? t('studentTodos.freeDoneHint') : t('studentTodos.freeHint'),
    value: draft,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setDraft(event.currentTarget.value);
      setFeedback(null);
    },
    maxLength: MEMBER_ANSWER_MAX_LENGTH,
    autoComplete: 'off',
    disabled: busy,
    'aria-describedby': feedback ? feedbackId : undefined,
  };

  return (
    <article className={`${classes.card} ${memberTodoCardClass}`} data-status={status} data-testid={`student-todo-${mt.position}`} aria-labelledby={titleId}>
      <div className={classes.top}>
        <span className={classes.position} id={titleId} aria-label={t('studentTodos.task', { position: mt.position })}>
          {mt.position}
        </span>
        <MemberTodoStatusBadge status={status} audience="student" />
        <span className={classes.reward}>
          <MemberTodoOwedBadge completed={mt.completed} owed={mt.reward_owed} audience="student" />
          <MemberTodoRewardBadge coins={mt.reward} size="lg" />
        </span>
      </div>

      <TodoContent html={mt.content} todoId={mt.todo_id} imagepath={mt.imagepath} />

      {mt.answertype === 'free' && !mt.completed ? <SentBackNote sentBack={mt.sent_back} comment={mt.sent_back_comment} audience="student" /> : null}

      {mt.answertype === 'none' ? (
        <div className={classes.doneBox}>
          <Checkbox
            size="md"
            label={t('studentTodos.done')}
            // Shows the tick the student asked for while the server answers.
            checked={answer.isPending && answer.variables.updates.completed !== undefined ? answer.variables.updates.completed : mt.completed}
            disabled={busy}
            onChange={(event) => toggleDone(event.currentTarget.checked)}
          />
        </div>
      ) : (
        <form onSubmit={sendAnswer} noValidate aria-label={t('studentTodos.answerForm', { position: mt.position })}>
          <Stack gap="xs">
            {mt.answertype === 'free' ? (
              <Textarea {...answerFieldProps} autosize minRows={2} maxRows={8} />
            ) : (
              <TextInput {...answerFieldProps} />
            )}
            <Group gap="sm" justify="space-between" align="center">
              <Text
                size="sm"
                fw={700}
                id={feedbackId}
                role="status"
                c={feedback === 'right' ? 'teal.9' : feedback === 'wrong' ? 'red.9' : 'dark.6'}
                data-testid="answer-feedback"
              >
                {feedback ? t(`studentTodos.feedback.${feedback}`) : ''}
              </Text>
              <Button type="submit" leftSection={<IconSend size={16} />} loading={answer.isPending} disabled={!canSend}>
                {t('studentTodos.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {mt.answertype === 'free' && mt.allow_member_image ? (
        <Stack gap="xs">
          <Text size="sm" fw={700}>
            {t('studentTodos.picture')}
          </Text>
          {mt.member_image_path ? (
            <Group gap="md" align="flex-end">
              <img className={classes.answerImage} src={memberTodoImageUrl(mt.id, mt.member_image_path)} alt={t('studentTodos.pictureAlt')} data-testid="student-answer-image" />
              <Button variant="default" leftSection={<IconTrash size={16} />} onClick={() => setConfirmingRemove(true)} disabled={busy} loading={removeImage.isPending}>
                {t('studentTodos.removePicture')}
              </Button>
            </Group>
          ) : (
            <>
              <input ref={fileInput} type="file" hidden accept={UPLOAD_IMAGE_TYPES.join(',')} onChange={pickImage} disabled={busy} data-testid="student-picture-input" />
              <Button variant="light" leftSection={<IconPhoto size={16} />} loading={upload.isPending} disabled={busy} w="fit-content" onClick={() => fileInput.current?.click()}>
                {t('studentTodos.addPicture')}
              </Button>
            </>
          )}
          {imageError ? (
            <Text size="sm" c="red.9" role="alert">
              {t(errorMessageKey(imageError))}
            </Text>
          ) : null}
        </Stack>
      ) : null}

      <ConfirmModal
        opened={confirmingRemove}
        onClose={() => setConfirmingRemove(false)}
        onConfirm={confirmRemoveImage}
        loading={removeImage.isPending}
        danger
        title={t('studentTodos.removePictureTitle')}
      >
        <Text>{mt.completed ? t('studentTodos.removePictureDoneText') : t('studentTodos.removePictureText')}</Text>
      </ConfirmModal>
    </article>
  );
}
