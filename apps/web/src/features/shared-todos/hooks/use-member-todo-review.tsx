import { useState, type ReactNode } from 'react';
import { Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { SEND_BACK_COMMENT_MAX_LENGTH } from '@kolikko/core/limits';
import type { TMemberTodo } from '@kolikko/core/schemas/todos';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { coinsValue } from '../../../lib/banner-text.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useRemoveAnswerImage, useReviewMemberTodo, useSendBack, type MemberCoinsListener } from '../api/review-member-todo.ts';

export type ReviewAction = 'approve' | 'undo' | 'image' | 'sendBack';
type Confirming = { kind: 'undo' | 'image' | 'sendBack'; memberTodo: TMemberTodo } | null;

/**
 * What the teacher does to one student's todos (spec section 4, and ours: send back): approve at
 * once; mark undone, remove the picture or send the answer back after a confirmation (sending back
 * asks for the comment). The caller shows the confirmation: in a modal (the student's todos) or in
 * the dialog it already has open (the class view's cell).
 */
export function useMemberTodoReview(groupId: string, username: string, onMemberCoins?: MemberCoinsListener) {
  const { t } = useTranslation();
  const review = useReviewMemberTodo(groupId, onMemberCoins);
  const removeImage = useRemoveAnswerImage(groupId, onMemberCoins);
  const sendBack = useSendBack(groupId, onMemberCoins);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [comment, setComment] = useState('');
  const onError = (error: unknown) => showErrorCode(errorCodeOf(error));
  /** A confirmed change closes the confirmation, whatever its answer. */
  const closing = (after?: () => void) => ({
    onSuccess: () => {
      setConfirming(null);
      after?.();
    },
    onError: (error: unknown) => {
      setConfirming(null);
      onError(error);
    },
  });

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

  function ask(kind: 'undo' | 'image' | 'sendBack', memberTodo: TMemberTodo) {
    if (kind === 'sendBack') setComment(memberTodo.sent_back ? memberTodo.sent_back_comment : '');
    setConfirming({ kind, memberTodo });
  }

  function confirm() {
    if (!confirming) return;
    const { kind, memberTodo } = confirming;
    if (kind === 'undo') {
      review.mutate(
        { memberTodo, completed: false },
        closing(() => showSuccess('sharedTodos.undone', { username, position: memberTodo.position })),
      );
    } else if (kind === 'sendBack') {
      sendBack.mutate(
        { memberTodo, comment: comment.trim() },
        closing(() => showSuccess('sharedTodos.sentBackDone', { username, position: memberTodo.position })),
      );
    } else {
      removeImage.mutate(memberTodo, closing());
    }
  }

  const busyId = review.isPending
    ? review.variables.memberTodo.id
    : removeImage.isPending
      ? removeImage.variables.id
      : sendBack.isPending
        ? sendBack.variables.memberTodo.id
        : null;

  /** The change under way on this todo, if any. */
  function pendingOf(memberTodo: TMemberTodo): ReviewAction | null {
    if (busyId !== memberTodo.id) return null;
    if (removeImage.isPending) return 'image';
    if (sendBack.isPending) return 'sendBack';
    return memberTodo.completed ? 'undo' : 'approve';
  }

  let title = '';
  let body: ReactNode = null;
  if (confirming) {
    const { kind, memberTodo } = confirming;
    if (kind === 'image') {
      title = t('sharedTodos.removeImageTitle');
      body = <Text>{t('sharedTodos.removeImageText', { username })}</Text>;
    } else if (kind === 'undo') {
      title = t('sharedTodos.undoTitle', { position: memberTodo.position });
      body = (
        <Text>
          {memberTodo.reward_collected > 0
            ? t('sharedTodos.undoText', { username, coins: t('common.coinsAmount', { count: memberTodo.reward_collected }) })
            : t('sharedTodos.undoTextNoCoins', { username })}
        </Text>
      );
    } else {
      title = t('sharedTodos.sendBackTitle', { position: memberTodo.position, username });
      body = (
        <Stack gap="sm">
          <Text>{t('sharedTodos.sendBackText', { username })}</Text>
          <Textarea
            label={t('sharedTodos.sendBackComment')}
            description={t('sharedTodos.sendBackCommentHint', { max: SEND_BACK_COMMENT_MAX_LENGTH })}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            maxLength={SEND_BACK_COMMENT_MAX_LENGTH}
            autosize
            minRows={2}
            maxRows={6}
            data-autofocus
            data-testid="send-back-comment"
          />
        </Stack>
      );
    }
  }

  return {
    approve,
    ask,
    confirm,
    cancel: () => setConfirming(null),
    pendingOf,
    busy: busyId !== null,
    confirmation: confirming ? { kind: confirming.kind, title, body, danger: confirming.kind !== 'sendBack', loading: busyId !== null } : null,
  };
}
