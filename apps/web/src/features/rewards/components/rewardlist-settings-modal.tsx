import { useState } from 'react';
import { Button, Divider, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MODAL_WIDTH_DEFAULT_PX } from '@kolikko/core/limits';
import type { TRewardList } from '@kolikko/core/schemas/rewards';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { IconCopy, IconTrash } from '../../../components/icons.tsx';
import { showErrorCode, showSuccessOnNextPage } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { useCopyRewardlist } from '../api/copy-rewardlist.ts';
import { useDeleteRewardlist } from '../api/delete-rewardlist.ts';

interface RewardlistSettingsModalProps {
  teacherId: string;
  /** The list as the cache holds it now; null when closed. */
  list: TRewardList | null;
  /** Whether the list is published to the active group: deleting it then leaves the students none. */
  isPublished: boolean;
  onClose: () => void;
}

/**
 * Spec sections 2 and 6: the owner copies or deletes a list (after a confirmation). The API has
 * no rename for reward lists, so there is none here; sharing between teachers has no API yet.
 */
export function RewardlistSettingsModal({ teacherId, list: current, isPublished, onClose }: RewardlistSettingsModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The last list shown stays on screen while the modal fades out after a delete.
  const [lastList, setLastList] = useState(current);
  if (current !== null && current !== lastList) setLastList(current);
  const list = current ?? lastList;
  const opened = current !== null;
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const copy = useCopyRewardlist(teacherId);
  const remove = useDeleteRewardlist(teacherId);

  function handleCopy() {
    if (!list || copy.isPending) return;
    copy.mutate(
      { rewardlistId: list.id, name: t('rewards.settings.copyName', { name: list.name }) },
      {
        onSuccess: (copied) => {
          onClose();
          showSuccessOnNextPage('success.REWARDLIST_COPIED');
          void navigate(`/teacher/rewards/${copied.id}`);
        },
        onError: (error) => showErrorCode(errorCodeOf(error)),
      },
    );
  }

  function handleDelete() {
    if (!list) return;
    const { id, name } = list;
    remove.mutate(id, {
      onSuccess: () => {
        setConfirmingDelete(false);
        onClose();
        showSuccessOnNextPage('rewards.settings.deleted', { name });
        void navigate('/teacher/rewards', { replace: true });
      },
      onError: (error) => {
        setConfirmingDelete(false);
        showErrorCode(errorCodeOf(error));
      },
    });
  }

  return (
    <Modal.Stack>
      <Modal
        stackId="rewardlist-settings"
        opened={opened}
        onClose={onClose}
        size={MODAL_WIDTH_DEFAULT_PX}
        title={list ? t('rewards.settings.title', { name: list.name }) : ''}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {list ? (
          <Stack gap="lg" key={list.id}>
            <Stack gap="xs">
              <Title order={3} fz="md">
                {t('rewards.settings.copyTitle')}
              </Title>
              <Text size="sm" c="dark.5">
                {t('rewards.settings.copyText')}
              </Text>
              <Button variant="light" leftSection={<IconCopy size={16} />} onClick={handleCopy} loading={copy.isPending} w="fit-content">
                {t('rewards.settings.copy')}
              </Button>
            </Stack>
            <Divider />
            <Stack gap="xs">
              <Title order={3} fz="md" c="red.9">
                {t('rewards.settings.deleteTitle')}
              </Title>
              <Text size="sm" c="dark.5">
                {t('rewards.settings.deleteText')}
              </Text>
              <Button color="red.8" leftSection={<IconTrash size={16} />} onClick={() => setConfirmingDelete(true)} w="fit-content">
                {t('rewards.settings.delete')}
              </Button>
            </Stack>
            <Text size="xs" c="dimmed">
              {t('rewards.settings.created', { date: formatDate(list.date_created) })}
            </Text>
          </Stack>
        ) : null}
      </Modal>
      <ConfirmModal
        stackId="rewardlist-delete-confirm"
        opened={confirmingDelete && opened}
        onClose={() => setConfirmingDelete(false)}
        onConfirm={handleDelete}
        loading={remove.isPending}
        danger
        title={t('rewards.settings.confirmTitle', { name: list?.name ?? '' })}
      >
        <Text>{isPublished ? t('rewards.settings.confirmTextPublished', { name: list?.name ?? '' }) : t('rewards.settings.confirmText', { name: list?.name ?? '' })}</Text>
      </ConfirmModal>
    </Modal.Stack>
  );
}
