import { useState, type ReactNode } from 'react';
import { Button, Divider, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { useNavigate } from '../lib/router.tsx';
import { MODAL_WIDTH_DEFAULT_PX } from '@kolikko/core/limits';
import { ConfirmModal } from './confirm-modal.tsx';
import { IconTrash } from './icons.tsx';
import { IconCopy } from './teacher-icons.tsx';
import { showErrorCode, showSuccessOnNextPage } from '../lib/banner.ts';
import { errorCodeOf } from '../lib/error-message.ts';
import { formatDate } from '../lib/format.ts';

interface SettingsList {
  id: string;
  name: string;
  date_created: string;
}

interface ListSettingsModalProps<L extends SettingsList> {
  /** The modals' stack id; the delete confirmation's is `${stackId}-delete-confirm`. */
  stackId: string;
  /** The list as the cache holds it now; null when closed. */
  list: L | null;
  onClose: () => void;
  /**
   * Where the texts are: `${texts}.title`, `.copyTitle`, `.copyText`, `.copy`, `.copyName`,
   * `.deleteTitle`, `.deleteText`, `.delete`, `.confirmTitle`, `.deleted` and `.created`, each
   * given the list's `name`.
   */
  texts: 'todolists.settings' | 'rewards.settings';
  /**
   * Makes a copy with the given name; the teacher then goes to `pathOf` the copy and is told
   * `successKey` (given the copy's `name`).
   */
  copy: { run: (list: L, name: string) => Promise<{ id: string; name: string }>; pending: boolean; successKey: string; pathOf: (id: string) => string };
  /**
   * Deletes the list, after a confirmation that says `confirmText` (and shows `confirmNote`, what
   * else the delete takes away, when there is any); the teacher then goes to `afterPath`.
   */
  remove: {
    run: (list: L) => Promise<unknown>;
    pending: boolean;
    allowed: (list: L) => boolean;
    confirmText: (list: L) => string;
    confirmNote?: (list: L) => ReactNode;
    afterPath: string;
  };
  /** What comes before copying: the list's own settings, or who shared it. */
  children?: (list: L) => ReactNode;
}

/**
 * The settings of a teacher's list (todo list or reward list, spec sections 2 and 6): whatever the
 * list's own settings are, then copying it and deleting it after a confirmation.
 */
export function ListSettingsModal<L extends SettingsList>({ stackId, list: current, onClose, texts, copy, remove, children }: ListSettingsModalProps<L>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The last list shown stays on screen while the modal fades out after a delete.
  const [lastList, setLastList] = useState(current);
  if (current !== null && current !== lastList) setLastList(current);
  const list = current ?? lastList;
  const opened = current !== null;
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  function handleCopy() {
    if (!list || copy.pending) return;
    copy.run(list, t(`${texts}.copyName`, { name: list.name })).then(
      (copied) => {
        onClose();
        showSuccessOnNextPage(copy.successKey, { name: copied.name });
        void navigate(copy.pathOf(copied.id));
      },
      (error: unknown) => showErrorCode(errorCodeOf(error)),
    );
  }

  function handleDelete() {
    if (!list) return;
    const { name } = list;
    remove.run(list).then(
      () => {
        setConfirmingDelete(false);
        onClose();
        showSuccessOnNextPage(`${texts}.deleted`, { name });
        void navigate(remove.afterPath, { replace: true });
      },
      (error: unknown) => {
        setConfirmingDelete(false);
        showErrorCode(errorCodeOf(error));
      },
    );
  }

  return (
    <Modal.Stack>
      <Modal
        stackId={stackId}
        opened={opened}
        onClose={onClose}
        size={MODAL_WIDTH_DEFAULT_PX}
        title={list ? t(`${texts}.title`, { name: list.name }) : ''}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {list ? (
          <Stack gap="lg" key={list.id}>
            {children ? (
              <>
                {children(list)}
                <Divider />
              </>
            ) : null}
            <Stack gap="xs">
              <Title order={3} fz="md">
                {t(`${texts}.copyTitle`)}
              </Title>
              <Text size="sm" c="dark.5">
                {t(`${texts}.copyText`)}
              </Text>
              <Button variant="light" leftSection={<IconCopy size={16} />} onClick={handleCopy} loading={copy.pending} w="fit-content">
                {t(`${texts}.copy`)}
              </Button>
            </Stack>
            {remove.allowed(list) ? (
              <>
                <Divider />
                <Stack gap="xs">
                  <Title order={3} fz="md" c="red.9">
                    {t(`${texts}.deleteTitle`)}
                  </Title>
                  <Text size="sm" c="dark.5">
                    {t(`${texts}.deleteText`)}
                  </Text>
                  <Button color="red.8" leftSection={<IconTrash size={16} />} onClick={() => setConfirmingDelete(true)} w="fit-content">
                    {t(`${texts}.delete`)}
                  </Button>
                </Stack>
              </>
            ) : null}
            <Text size="xs" c="dimmed">
              {t(`${texts}.created`, { date: formatDate(list.date_created) })}
            </Text>
          </Stack>
        ) : null}
      </Modal>
      <ConfirmModal
        stackId={`${stackId}-delete-confirm`}
        opened={confirmingDelete && opened}
        onClose={() => setConfirmingDelete(false)}
        onConfirm={handleDelete}
        loading={remove.pending}
        danger
        title={t(`${texts}.confirmTitle`, { name: list?.name ?? '' })}
      >
        <Stack gap="sm">
          <Text>{list ? remove.confirmText(list) : ''}</Text>
          {list && remove.confirmNote ? remove.confirmNote(list) : null}
        </Stack>
      </ConfirmModal>
    </Modal.Stack>
  );
}
