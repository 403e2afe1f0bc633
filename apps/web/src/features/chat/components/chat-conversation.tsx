import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Button, Center, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n.ts';
import { CHAT_MESSAGE_MAX_LENGTH } from '@kolikko/core/limits';
import type { TChatMessage } from '@kolikko/core/schemas/chat';
import { IconSend, IconTrash } from '../../../components/icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { TConversation } from '../api/chat-cache.ts';
import { useDeleteChatMessage } from '../api/delete-message.ts';
import { useChatMessages } from '../api/get-messages.ts';
import { useSendChatMessage } from '../api/send-message.ts';
import { useMarkSeen } from '../hooks/use-mark-seen.ts';
import classes from './chat-conversation.module.css';

interface ChatConversationProps {
  /** The private chat's member; null for the group's chat. */
  memberId: string | null;
  groupId: string;
  /** The signed-in user. */
  userId: string;
  isTeacher: boolean;
}

interface DeleteConfirmProps {
  id: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before a message is deleted (issue 14), inside its bubble rather than as a dialog over the
 * chat's drawer: Escape then cancels the question without closing the chat (Mantine's drawer
 * skips an Escape whose target carries data-mantine-stop-propagation).
 */
function DeleteConfirm({ id, pending, onConfirm, onCancel }: DeleteConfirmProps) {
  const { t } = useTranslation();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <div
      id={id}
      role="group"
      aria-labelledby={`${id}-question`}
      className={classes.confirm}
      data-testid="chat-delete-confirm"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || pending) return;
        event.preventDefault();
        onCancel();
      }}
    >
      <Text size="sm" fw={700} id={`${id}-question`}>
        {t('chat.deleteQuestion')}
      </Text>
      <Group gap="xs" justify="flex-end">
        <Button size="compact-sm" variant="default" onClick={onCancel} disabled={pending} data-mantine-stop-propagation>
          {t('common.cancel')}
        </Button>
        <Button ref={confirmRef} size="compact-sm" color="red.8" onClick={onConfirm} loading={pending} data-mantine-stop-propagation>
          {t('chat.deleteConfirm')}
        </Button>
      </Group>
    </div>
  );
}

/** One conversation: the messages (newest last) and the box to write a new one. */
export function ChatConversation({ memberId, groupId, userId, isTeacher }: ChatConversationProps) {
  const { t } = useTranslation();
  const conversation = useMemo<TConversation>(() => (memberId === null ? { groupId } : { memberId }), [memberId, groupId]);
  const messages = useChatMessages(conversation);
  const send = useSendChatMessage(conversation);
  const remove = useDeleteChatMessage();
  const [draft, setDraft] = useState('');
  // No fine pointer and no hover: a phone or tablet, most likely without a hardware keyboard.
  const touchOnly = useMediaQuery('(pointer: coarse) and (hover: none)') ?? false;
  const [errorKey, setErrorKey] = useState<string | null>(null);
  /** The message whose deletion is being asked about. */
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const draftRef = useRef<HTMLTextAreaElement>(null);
  useMarkSeen(memberId, groupId, isTeacher, userId);

  // Pages are newest first, each oldest first: reversed, they read oldest to newest.
  const list = useMemo(() => (messages.data ? [...messages.data.pages].reverse().flatMap((page) => page.messages) : []), [messages.data]);
  const newestId = list.at(-1)?.id ?? null;

  useEffect(() => {
    const element = listRef.current;
    if (element && newestId !== null) element.scrollTop = element.scrollHeight;
  }, [newestId]);

  const canSend = draft.trim().length > 0 && !send.isPending;

  function submit() {
    if (!canSend) return;
    setErrorKey(null);
    send.mutate(draft, {
      onSuccess: () => setDraft(''),
      onError: (error) => setErrorKey(errorMessageKey(errorCodeOf(error))),
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // A phone's keyboard has no Shift+Enter: there Enter starts a new line and the button sends.
    if (touchOnly) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  /** Closes the question and gives the focus back to the message's delete button. */
  function cancelDelete(message: TChatMessage) {
    setConfirmingId(null);
    listRef.current?.querySelector<HTMLElement>(`[data-delete-for="${message.id}"]`)?.focus();
  }

  function deleteMessage(message: TChatMessage) {
    remove.mutate(message, {
      onSuccess: () => {
        setConfirmingId(null);
        // The message and its button are gone: the focus goes to the message box, not the page.
        draftRef.current?.focus();
      },
      onError: (error) => {
        setConfirmingId(null);
        setErrorKey(errorMessageKey(errorCodeOf(error)));
      },
    });
  }

  // Issue 34: a teacher message is its writer's, the group's owner or a co-teacher.
  const writerOf = (message: TChatMessage) => message.sender_teacher_id ?? message.teacher_id;

  function isOwn(message: TChatMessage): boolean {
    return isTeacher ? message.send_by === 'teacher' && writerOf(message) === userId : message.sender_member_id === userId;
  }

  function senderName(message: TChatMessage): string {
    const name = message.sender_username ?? (message.send_by === 'teacher' ? t('chat.teacher') : t('chat.student'));
    // A co-teacher's message is marked, for the owner and the students alike.
    return message.send_by === 'teacher' && writerOf(message) !== message.teacher_id ? t('chat.byCoteacher', { name }) : name;
  }

  return (
    <div className={classes.root}>
      <div ref={listRef} className={classes.messages} role="log" aria-live="polite" aria-label={t('chat.messages')} data-testid="chat-messages">
        {messages.hasNextPage ? (
          <Center>
            <Button size="xs" variant="default" onClick={() => void messages.fetchNextPage()} loading={messages.isFetchingNextPage}>
              {t('chat.loadOlder')}
            </Button>
          </Center>
        ) : null}
        {messages.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        ) : null}
        {messages.isError ? <QueryError error={messages.error} onRetry={() => void messages.refetch()} /> : null}
        {messages.data && list.length === 0 ? (
          <Text size="sm" c="dark.4" ta="center" py="md">
            {t('chat.empty')}
          </Text>
        ) : null}
        {list.map((message) => {
          const own = isOwn(message);
          // The group's owner deletes any message of it; a co-teacher and a student their own.
          const canDelete = own || (isTeacher && message.teacher_id === userId);
          const confirming = canDelete && confirmingId === message.id;
          const confirmId = `chat-delete-${message.id}`;
          return (
            <div key={message.id} className={classes.bubble} data-own={own || undefined} data-testid="chat-message">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="xs" c="dark.4" fw={700}>
                  {senderName(message)} · <time dateTime={message.send_at} className={classes.time}>
                    {formatDateTime(message.send_at)}
                  </time>
                </Text>
                {canDelete ? (
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red.8"
                    aria-label={t('chat.delete')}
                    aria-expanded={confirming}
                    aria-controls={confirming ? confirmId : undefined}
                    data-delete-for={message.id}
                    onClick={() => {
                      setErrorKey(null);
                      setConfirmingId(confirming ? null : message.id);
                    }}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                ) : null}
              </Group>
              {/* Plain text only: React escapes it, so nothing in a message is read as HTML. */}
              <Text size="sm" className={classes.text}>
                {message.message}
              </Text>
              {confirming ? (
                <DeleteConfirm
                  id={confirmId}
                  pending={remove.isPending && remove.variables.id === message.id}
                  onConfirm={() => deleteMessage(message)}
                  onCancel={() => cancelDelete(message)}
                />
              ) : null}
            </div>
          );
        })}
      </div>

      <Stack gap={4}>
        {errorKey !== null ? (
          <Text size="sm" c="red.8" role="alert">
            {t(errorKey)}
          </Text>
        ) : null}
        <Textarea
          ref={draftRef}
          label={t('chat.message')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          autosize
          minRows={2}
          maxRows={5}
          description={
            <>
              {/* Who reads it, said before anything is sent (issue 33: a question meant for the teacher went to the class). */}
              <span className={classes.audience} data-audience={memberId === null ? 'group' : 'private'} data-testid="chat-audience">
                {t(`chat.audience.${isTeacher ? (memberId === null ? 'teacherGroup' : 'teacherPrivate') : memberId === null ? 'group' : 'private'}`)}
              </span>
              {touchOnly ? null : <span className={classes.hint}>{t('chat.enterHint')}</span>}
            </>
          }
        />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dark.4">
            {t('chat.counter', { count: draft.length, max: CHAT_MESSAGE_MAX_LENGTH })}
          </Text>
          <Button onClick={submit} disabled={!canSend} loading={send.isPending} rightSection={<IconSend size={16} />}>
            {t('chat.send')}
          </Button>
        </Group>
      </Stack>
    </div>
  );
}
