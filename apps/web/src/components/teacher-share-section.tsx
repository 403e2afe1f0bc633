import { useId, useState, type SubmitEvent } from 'react';
import { ActionIcon, Alert, Button, Group, SegmentedControl, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { useSession } from '../lib/auth.ts';
import { SHARE_PERMISSIONS, type SharePermission } from '@kolikko/core/enumerations';
import { EMAIL_MAX_LENGTH } from '@kolikko/core/limits';
import { ConfirmModal } from './confirm-modal.tsx';
import { IconTrash } from './icons.tsx';
import { IconShare } from './teacher-icons.tsx';
import { showErrorCode } from '../lib/banner.ts';
import { errorCodeOf, errorMessageKey } from '../lib/error-message.ts';

/** The catalogue's texts are general; about a share's recipient these say more. */
const RECIPIENT_TEXTS: Partial<Record<string, string>> = {
  'USER.USER_NOT_FOUND': 'teacherShare.notFound',
  'USER.NOT_YOU': 'teacherShare.notYou',
};

export interface ShareRecipient {
  username: string;
  /** Todo lists only: reward lists are shared to view and copy. */
  permissions?: SharePermission;
}

interface TeacherShareSectionProps {
  /** The list's name, for the stop-sharing confirmation. */
  listName: string;
  /** Who the list is shared with now (spec section 3: shared_with). */
  recipients: ShareRecipient[];
  /** Todo lists: the owner picks read or edit, at sharing and later per recipient. */
  withPermissions: boolean;
  /** Set when the section sits in a modal of a Modal.Stack: the confirmation opens on top of it. */
  confirmStackId?: string;
  /** The server's codes that are about the recipient field; they show under it (the share banner of spec section 8). */
  fieldErrors: ReadonlySet<string>;
  /** What the owner reads about sharing this kind of list, and the success text. */
  texts: { intro: string; stopText: string; shared: string };
  share: (recipient: string, permissions: SharePermission) => Promise<unknown>;
  isSharing: boolean;
  changePermission?: (username: string, permissions: SharePermission) => Promise<unknown>;
  stop: (username: string) => Promise<unknown>;
  isStopping: boolean;
}

/**
 * The owner's side of sharing a list with other teachers (spec sections 2, 5, 6): a recipient by
 * username or e-mail (non-empty after trim), read (default) or edit, and the teachers it is
 * shared with, each with its permission and a way to stop sharing after a confirmation.
 */
export function TeacherShareSection({
  listName,
  recipients,
  withPermissions,
  confirmStackId,
  fieldErrors,
  texts,
  share,
  isSharing,
  changePermission,
  stop,
  isStopping,
}: TeacherShareSectionProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [recipient, setRecipient] = useState('');
  const [permission, setPermission] = useState<SharePermission>('read');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [stopping, setStopping] = useState<string | null>(null);
  const [changing, setChanging] = useState<string | null>(null);
  const permissionOptions = SHARE_PERMISSIONS.map((value) => ({ value, label: t(`todolists.permissions.${value}`) }));
  // The demo at /proto shares with no real teacher (issue 19).
  const demo = useSession().user?.demo === true;

  function handleShare(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSharing) return;
    const name = recipient.trim();
    setStatus(null);
    if (name === '') {
      setFieldError(t('teacherShare.recipientRequired'));
      return;
    }
    share(name, permission).then(
      () => {
        setRecipient('');
        setPermission('read');
        setStatus(t(texts.shared, { username: name }));
      },
      (error: unknown) => {
        const code = errorCodeOf(error);
        if (fieldErrors.has(code)) setFieldError(t(RECIPIENT_TEXTS[code] ?? errorMessageKey(code)));
        else showErrorCode(code);
      },
    );
  }

  function handlePermission(username: string, next: string) {
    const chosen = SHARE_PERMISSIONS.find((value) => value === next);
    if (!changePermission || !chosen || changing) return;
    setChanging(username);
    setStatus(null);
    changePermission(username, chosen).then(
      () => {
        setChanging(null);
        setStatus(t('teacherShare.permissionChanged', { username, permission: t(`todolists.permissions.${chosen}`) }));
      },
      (error: unknown) => {
        setChanging(null);
        showErrorCode(errorCodeOf(error));
      },
    );
  }

  function handleStop() {
    if (!stopping) return;
    const username = stopping;
    stop(username).then(
      () => {
        setStopping(null);
        setStatus(t('teacherShare.stopped', { username, name: listName }));
      },
      (error: unknown) => {
        setStopping(null);
        showErrorCode(errorCodeOf(error));
      },
    );
  }

  if (demo) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId} data-testid="teacher-share">
      <Title order={3} fz="md" id={titleId}>
        {t('teacherShare.title')}
      </Title>
      <Text size="sm" c="dark.5">
        {t(texts.intro)}
      </Text>
      <form onSubmit={handleShare} noValidate aria-label={t('teacherShare.formLabel')}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('teacherShare.recipient')}
            value={recipient}
            onChange={(event) => {
              setRecipient(event.currentTarget.value);
              setFieldError(null);
              setStatus(null);
            }}
            error={fieldError}
            maxLength={EMAIL_MAX_LENGTH}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            style={{ flex: '1 1 220px' }}
            data-testid="share-recipient"
          />
          {withPermissions ? (
            <Stack gap={4}>
              <Text component="span" size="sm" fw={700} id={`${titleId}-permission`}>
                {t('teacherShare.permission')}
              </Text>
              <SegmentedControl
                aria-labelledby={`${titleId}-permission`}
                data={permissionOptions}
                value={permission}
                onChange={(value) => setPermission(value === 'edit' ? 'edit' : 'read')}
              />
            </Stack>
          ) : null}
        </Group>
        <Button type="submit" mt="sm" leftSection={<IconShare size={16} />} loading={isSharing}>
          {t('teacherShare.share')}
        </Button>
      </form>
      {status ? (
        <Alert color="teal" variant="light" c="teal.9" role="status" data-testid="teacher-share-status" py="xs">
          {status}
        </Alert>
      ) : null}

      <Title order={4} fz="sm" mt="xs">
        {t('teacherShare.sharedWith')}
      </Title>
      {recipients.length === 0 ? (
        <Text size="sm" c="dark.5" data-testid="share-nobody">
          {t('teacherShare.nobody')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('teacherShare.sharedWith')}>
          {recipients.map((entry) => (
            <Group
              key={entry.username}
              component="li"
              justify="space-between"
              gap="xs"
              wrap="wrap"
              py={6}
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
              data-testid={`share-recipient-${entry.username}`}
            >
              <Text fw={700} style={{ overflowWrap: 'anywhere' }} miw={0}>
                {entry.username}
              </Text>
              <Group gap="xs" wrap="nowrap" ml="auto">
                {withPermissions && entry.permissions ? (
                  <SegmentedControl
                    size="xs"
                    aria-label={t('teacherShare.permissionOf', { username: entry.username })}
                    data={permissionOptions}
                    value={entry.permissions}
                    onChange={(value) => handlePermission(entry.username, value)}
                    disabled={changing !== null}
                  />
                ) : null}
                <Tooltip label={t('teacherShare.stop', { username: entry.username })} openDelay={400}>
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    size="lg"
                    aria-label={t('teacherShare.stop', { username: entry.username })}
                    onClick={() => setStopping(entry.username)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          ))}
        </Stack>
      )}

      <ConfirmModal
        stackId={confirmStackId}
        opened={stopping !== null}
        onClose={() => setStopping(null)}
        onConfirm={handleStop}
        loading={isStopping}
        danger
        title={t('teacherShare.stopTitle', { username: stopping ?? '' })}
      >
        <Text>{t(texts.stopText, { username: stopping ?? '', name: listName })}</Text>
      </ConfirmModal>
    </Stack>
  );
}
