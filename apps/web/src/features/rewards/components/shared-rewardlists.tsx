import { useId, useState } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNavigate } from '../../../lib/router.tsx';
import type { TSharedRewardList } from '@kolikko/core/schemas/sharing';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { CoinIcon } from '../../../components/icons.tsx';
import { IconCopy, IconX } from '../../../components/teacher-icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useSession } from '../../../lib/auth.ts';
import { showErrorCode, showSuccess, showSuccessOnNextPage } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useCopyRewardlist } from '../api/copy-rewardlist.ts';
import { useSharedRewardlists } from '../api/get-shared-rewardlists.ts';
import { useStopSharingRewardlist } from '../api/stop-sharing-rewardlist.ts';

function SharedRewardlistCard({
  list,
  onCopy,
  isCopying,
  onRemove,
}: {
  list: TSharedRewardList;
  onCopy: () => void;
  isCopying: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-labelledby={nameId} data-testid={`shared-rewardlist-${list.name}`}>
      <Stack gap={6}>
        <Text fw={800} id={nameId} style={{ overflowWrap: 'anywhere' }}>
          {list.name}
        </Text>
        <Text size="xs" c="dark.5">
          {t('teacherShare.rewards.sharedBy', { username: list.shared_by_username })} · {t('rewards.lists.count', { count: list.rewards.length })}
        </Text>
        {list.rewards.length > 0 ? (
          <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('rewards.list.listLabel', { name: list.name })}>
            {list.rewards.map((reward) => (
              <Group component="li" key={reward.id} gap={6} wrap="nowrap" justify="space-between">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }} miw={0}>
                  {reward.name}
                </Text>
                <Group gap={2} wrap="nowrap" c="dark.7" fz="sm" fw={700}>
                  <CoinIcon size={14} />
                  <span>{reward.price}</span>
                  <VisuallyHidden>{t('common.coinsUnit', { count: reward.price })}</VisuallyHidden>
                </Group>
              </Group>
            ))}
          </Stack>
        ) : null}
        <Group gap="xs" mt={4}>
          <Button size="xs" variant="light" leftSection={<IconCopy size={14} />} onClick={onCopy} loading={isCopying} aria-label={t('teacherShare.rewards.copy', { name: list.name })}>
            {t('rewards.settings.copy')}
          </Button>
          <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={onRemove} aria-label={t('teacherShare.rewards.remove', { name: list.name })}>
            {t('teacherShare.remove')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /teacher/rewards, "Shared with me": the reward lists other teachers share with this one (spec
 * section 6: a recipient can only copy one, or remove it for itself). Live on teacher-shared-rewardlist.
 */
export function SharedRewardlists({ teacherId }: { teacherId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const { user } = useSession();
  const lists = useSharedRewardlists(teacherId);
  const copy = useCopyRewardlist(teacherId);
  const stop = useStopSharingRewardlist(teacherId);
  const [removing, setRemoving] = useState<TSharedRewardList | null>(null);

  function handleCopy(list: TSharedRewardList) {
    if (copy.isPending) return;
    copy.mutateAsync({ rewardlistId: list.id, name: t('rewards.settings.copyName', { name: list.name }) }).then(
      (copied) => {
        showSuccessOnNextPage('success.REWARDLIST_COPIED');
        void navigate(`/teacher/rewards/${copied.id}`);
      },
      (error: unknown) => showErrorCode(errorCodeOf(error)),
    );
  }

  function handleRemove() {
    if (!removing || !user) return;
    const { id, name } = removing;
    stop.mutateAsync({ rewardlistId: id, username: user.username }).then(
      () => {
        setRemoving(null);
        showSuccess('teacherShare.removed', { name });
      },
      (error: unknown) => {
        setRemoving(null);
        showErrorCode(errorCodeOf(error));
      },
    );
  }

  return (
    <Paper withBorder radius="lg" p="md" mt="lg" component="section" aria-labelledby={titleId} data-testid="shared-rewardlists">
      <Stack gap="sm">
        <Title order={2} fz="lg" id={titleId}>
          {t('todolists.tabs.shared')}
        </Title>
        {lists.isPending ? <Skeleton height={54} radius="md" aria-label={t('common.loading')} /> : null}
        {lists.isError ? <QueryError error={lists.error} onRetry={() => void lists.refetch()} /> : null}
        {lists.data?.length === 0 ? (
          <Text size="sm" c="dark.5" data-testid="shared-rewardlists-empty">
            {t('teacherShare.rewards.empty')}
          </Text>
        ) : null}
        {lists.data && lists.data.length > 0 ? (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
            {lists.data.map((list) => (
              <SharedRewardlistCard
                key={list.id}
                list={list}
                onCopy={() => handleCopy(list)}
                isCopying={copy.isPending && copy.variables.rewardlistId === list.id}
                onRemove={() => setRemoving(list)}
              />
            ))}
          </Stack>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={handleRemove}
        loading={stop.isPending}
        danger
        title={t('teacherShare.removeConfirmTitle', { name: removing?.name ?? '' })}
      >
        <Text>{t('teacherShare.rewards.removeConfirmText', { username: removing?.shared_by_username ?? '' })}</Text>
      </ConfirmModal>
    </Paper>
  );
}
