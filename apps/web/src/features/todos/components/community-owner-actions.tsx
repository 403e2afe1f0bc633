import { useState } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import type { TCommunityItem } from '@kolikko/core/schemas/community';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { IconPencil, IconX } from '../../../components/teacher-icons.tsx';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { findCommunityItem, useStopCommunityList } from '../api/publish-community-list.ts';
import { CommunityPublishModal } from './community-publish-modal.tsx';

interface CommunityOwnerActionsProps {
  teacherId: string;
  todolistId: string;
  /** The title the stop confirmation names. */
  title: string;
  /** The published item when the caller has it (the community page); else it is looked up for an edit. */
  item: TCommunityItem | null;
  list: TTodolist | null;
  /** The modals' stack ids start with this (they open over the caller's own modal). */
  stackId: string;
  onStopped?: () => void;
}

/** Spec section 6: the publisher edits its community list or stops publishing it (after a confirmation). */
export function CommunityOwnerActions({ teacherId, todolistId, title, item, list, stackId, onStopped }: CommunityOwnerActionsProps) {
  const { t } = useTranslation();
  const stop = useStopCommunityList(teacherId);
  const [editing, setEditing] = useState<TCommunityItem | null>(null);
  const [finding, setFinding] = useState(false);
  const [notFound, setNotFound] = useState(false);
  const [confirmingStop, setConfirmingStop] = useState(false);

  function openEdit() {
    setNotFound(false);
    if (item) {
      setEditing(item);
      return;
    }
    setFinding(true);
    findCommunityItem(todolistId)
      .then((found) => {
        if (found) setEditing(found);
        else setNotFound(true);
      })
      .catch((error: unknown) => showErrorCode(errorCodeOf(error)))
      .finally(() => setFinding(false));
  }

  return (
    <>
      {notFound ? (
        <Alert color="red" variant="light" role="alert">
          {t('community.share.notFound')}
        </Alert>
      ) : null}
      <Group gap="sm" justify="flex-end">
        <Button variant="default" color="red.8" leftSection={<IconX size={16} />} onClick={() => setConfirmingStop(true)}>
          {t('community.share.stop')}
        </Button>
        <Button leftSection={<IconPencil size={16} />} onClick={openEdit} loading={finding}>
          {t('community.share.edit')}
        </Button>
      </Group>
      <CommunityPublishModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        teacherId={teacherId}
        todolistId={todolistId}
        list={list}
        item={editing}
        stackId={`${stackId}-edit`}
      />
      <ConfirmModal
        opened={confirmingStop}
        onClose={() => setConfirmingStop(false)}
        stackId={`${stackId}-stop`}
        title={t('community.share.stopTitle')}
        danger
        loading={stop.isPending}
        onConfirm={() =>
          stop.mutate(todolistId, {
            onSuccess: () => {
              setConfirmingStop(false);
              showSuccess('success.COMMUNITY_SHARING_STOPPED');
              onStopped?.();
            },
            onError: (error) => {
              setConfirmingStop(false);
              showErrorCode(errorCodeOf(error));
            },
          })
        }
      >
        {t('community.share.stopText', { title })}
      </ConfirmModal>
    </>
  );
}
