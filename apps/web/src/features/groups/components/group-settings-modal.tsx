import { useState } from 'react';
import { Divider, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { MODAL_WIDTH_DEFAULT_PX } from '@kolikko/core/limits';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { TypeToConfirm } from '../../../components/type-to-confirm.tsx';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { useOpenAfterMount } from '../../../lib/lazy-dialog.tsx';
import { useDeleteGroup } from '../api/delete-group.ts';
import { useToggleGroupLock } from '../api/toggle-group-lock.ts';
import { useUpdateGroupSettings } from '../api/update-group-settings.ts';
import { BoardSettings } from './board-settings.tsx';
import { InviteStudentsButton } from './invite-students.tsx';
import { CoteachersSection } from '../../coteaching/components/coteachers-section.tsx';
import { useSession } from '../../../lib/auth.ts';

export interface GroupSettingsModalProps {
  teacherId: string;
  /** The group as the cache holds it now, so the switches follow the server's answers. */
  group: TGroup | null;
  onClose: () => void;
}

/** Lock or unlock, coin trading on or off, and deleting the group after typing its exact name. */
export function GroupSettingsModal({ teacherId, group: current, onClose }: GroupSettingsModalProps) {
  const { t } = useTranslation();
  // The last group shown stays on screen while the modals fade out after a delete.
  const [lastGroup, setLastGroup] = useState(current);
  if (current !== null && current !== lastGroup) setLastGroup(current);
  const group = current ?? lastGroup;
  const opened = useOpenAfterMount(current !== null);
  const [confirming, setConfirming] = useState(false);
  // The switches move at once and settle on the server's answer (a failure puts them back).
  const [pendingLocked, setPendingLocked] = useState<boolean | null>(null);
  const [pendingTrading, setPendingTrading] = useState<boolean | null>(null);
  const [pendingBadges, setPendingBadges] = useState<boolean | null>(null);
  const toggleLock = useToggleGroupLock(teacherId);
  const updateSettings = useUpdateGroupSettings(teacherId);
  const deleteGroup = useDeleteGroup(teacherId);
  const onError = (error: unknown) => showErrorCode(errorCodeOf(error));
  // A demo's classroom is a visitor's: it has no co-teachers (the server refuses them too).
  const { user } = useSession();

  function handleDelete() {
    if (!group) return;
    const { id, name } = group;
    deleteGroup.mutate(id, {
      onSuccess: () => {
        setConfirming(false);
        onClose();
        showSuccess('success.GROUP_DELETED', { name });
      },
      onError: (error) => {
        setConfirming(false);
        onError(error);
      },
    });
  }

  return (
    <Modal.Stack>
      <Modal
        stackId="group-settings"
        opened={opened}
        onClose={onClose}
        size={MODAL_WIDTH_DEFAULT_PX}
        title={group ? t('groups.settings.title', { name: group.name }) : ''}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {group ? (
          // Remounts per group, so the typed confirmation never carries over to another group.
          <Stack gap="lg" key={group.id}>
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dark.5" flex="1 1 200px">
                {t('groups.settings.inviteHint')}
              </Text>
              <InviteStudentsButton teacherId={teacherId} group={group} inStack />
            </Group>
            <Switch
              size="md"
              label={t('groups.settings.locked')}
              description={t(group.locked ? 'groups.settings.lockedOnHint' : 'groups.settings.lockedOffHint')}
              checked={pendingLocked ?? group.locked}
              disabled={toggleLock.isPending}
              onChange={(event) => {
                setPendingLocked(event.currentTarget.checked);
                toggleLock.mutate(group.id, { onError, onSettled: () => setPendingLocked(null) });
              }}
            />
            <Switch
              size="md"
              label={t('groups.settings.trading')}
              description={t('groups.settings.tradingHint')}
              checked={pendingTrading ?? group.trading_allowed}
              disabled={updateSettings.isPending}
              onChange={(event) => {
                const tradingAllowed = event.currentTarget.checked;
                setPendingTrading(tradingAllowed);
                updateSettings.mutate({ groupId: group.id, settings: { trading_allowed: tradingAllowed } }, { onError, onSettled: () => setPendingTrading(null) });
              }}
            />
            <Switch
              size="md"
              label={t('groups.settings.badges')}
              description={t('groups.settings.badgesHint')}
              checked={pendingBadges ?? group.badges_enabled}
              disabled={updateSettings.isPending}
              onChange={(event) => {
                const badgesEnabled = event.currentTarget.checked;
                setPendingBadges(badgesEnabled);
                updateSettings.mutate({ groupId: group.id, settings: { badges_enabled: badgesEnabled } }, { onError, onSettled: () => setPendingBadges(null) });
              }}
              data-testid="badges-enabled-switch"
            />
            <Divider />
            <BoardSettings teacherId={teacherId} group={group} />
            <Divider />
            {user?.admin && !user.demo ? (
              <>
                <CoteachersSection group={group} />
                <Divider />
              </>
            ) : null}
            <TypeToConfirm
              title={t('groups.settings.deleteTitle')}
              description={t('groups.settings.deleteText', { count: group.member_count })}
              inputLabel={t('groups.settings.deleteInput')}
              inputHint={t('groups.settings.deleteHint', { name: group.name })}
              expected={group.name}
              buttonLabel={t('groups.settings.delete')}
              onRequest={() => setConfirming(true)}
            />
            <Text size="xs" c="dimmed">
              {t('groups.settings.created', { date: formatDate(group.date_created) })}
            </Text>
          </Stack>
        ) : null}
      </Modal>
      <ConfirmModal
        stackId="group-delete-confirm"
        opened={confirming && opened}
        onClose={() => setConfirming(false)}
        onConfirm={handleDelete}
        loading={deleteGroup.isPending}
        danger
        title={t('groups.settings.confirmTitle')}
      >
        <Text>{t('groups.settings.confirmText', { name: group?.name ?? '', count: group?.member_count ?? 0 })}</Text>
      </ConfirmModal>
    </Modal.Stack>
  );
}
