import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNavigate } from '../../../lib/router.tsx';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { IconLock } from '../../../components/icons.tsx';
import { IconX } from '../../../components/teacher-icons.tsx';
import { useSession } from '../../../lib/auth.ts';
import { showErrorCode, showSuccessOnNextPage } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useBlockTeacher } from '../api/block-teacher.ts';
import { useStopSharingTodolist } from '../api/stop-sharing-todolist.ts';

interface SharedListActionsProps {
  teacherId: string;
  /** A list another teacher shared with this one. */
  list: TTodolist;
  confirmStackId: string;
  onClose: () => void;
}

/**
 * Spec section 6: a recipient removes a shared list from its own view, or blocks the teacher who
 * shares it (which also ends everything that teacher shares with it). Both after a confirmation.
 */
export function SharedListActions({ teacherId, list, confirmStackId, onClose }: SharedListActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const stop = useStopSharingTodolist(teacherId);
  const block = useBlockTeacher(teacherId);
  const [confirming, setConfirming] = useState<'remove' | 'block' | null>(null);
  const owner = list.shared_by_username ?? '';

  function leave(messageKey: string, values: Record<string, string>) {
    setConfirming(null);
    onClose();
    showSuccessOnNextPage(messageKey, values);
    void navigate('/teacher/todos', { replace: true });
  }

  function handleConfirm() {
    const failed = (error: unknown) => {
      setConfirming(null);
      showErrorCode(errorCodeOf(error));
    };
    if (confirming === 'remove' && user) {
      stop.mutateAsync({ todolistId: list.id, username: user.username }).then(() => leave('teacherShare.removed', { name: list.name }), failed);
    } else if (confirming === 'block' && owner) {
      block.mutateAsync(owner).then(() => leave('teacherShare.blocked', { username: owner }), failed);
    }
  }

  return (
    <Stack gap="sm">
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t('teacherShare.removeTitle')}
        </Title>
        <Text size="sm" c="dark.5">
          {t('teacherShare.removeText')}
        </Text>
        <Button variant="default" leftSection={<IconX size={16} />} onClick={() => setConfirming('remove')} w="fit-content" disabled={!user}>
          {t('teacherShare.remove')}
        </Button>
      </Stack>
      {owner ? (
        <Stack gap="xs">
          <Title order={3} fz="md" c="red.9">
            {t('teacherShare.blockTitle')}
          </Title>
          <Text size="sm" c="dark.5">
            {t('teacherShare.blockText', { username: owner })}
          </Text>
          <Group>
            <Button color="red.8" variant="outline" leftSection={<IconLock size={16} />} onClick={() => setConfirming('block')} style={{ maxWidth: '100%' }}>
              <Text span inherit truncate="end">
                {t('teacherShare.block', { username: owner })}
              </Text>
            </Button>
          </Group>
        </Stack>
      ) : null}
      <ConfirmModal
        stackId={confirmStackId}
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        onConfirm={handleConfirm}
        loading={stop.isPending || block.isPending}
        danger
        title={
          confirming === 'block' ? t('teacherShare.blockConfirmTitle', { username: owner }) : t('teacherShare.removeConfirmTitle', { name: list.name })
        }
      >
        <Text>
          {confirming === 'block'
            ? t('teacherShare.blockConfirmText', { username: owner })
            : t('teacherShare.removeConfirmText', { username: owner })}
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
