import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import type { TGroup } from '@kolikko/core/schemas/groups';
import type { TRewardList } from '@kolikko/core/schemas/rewards';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { IconCheck, IconShare, IconX } from '../../../components/teacher-icons.tsx';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { usePublishRewardlist } from '../api/publish-rewardlist.ts';

/** A long group name wraps inside the button instead of being cut off. */
const WRAPPING = { h: 'auto', mih: 36, py: 6, styles: { label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.3 } } } as const;

interface PublishToGroupProps {
  teacherId: string;
  list: TRewardList;
  group: TGroup | null;
  /** A list's name by id, to say which list the group shows now. */
  nameOf: (rewardlistId: string) => string | null;
}

/**
 * Spec sections 3 and 4: one reward list is published per group. Publishing this one replaces
 * the group's current one; unpublishing (after a confirmation) leaves the students none.
 */
export function PublishToGroup({ teacherId, list, group, nameOf }: PublishToGroupProps) {
  const { t } = useTranslation();
  const publish = usePublishRewardlist(teacherId);
  const [confirmingUnpublish, setConfirmingUnpublish] = useState(false);

  if (!group) {
    return (
      <Text size="sm" c="dark.5">
        {t('rewards.publish.noGroup')}{' '}
        <Anchor component={Link} to="/teacher/groups" fw={600}>
          {t('rewards.publish.toGroups')}
        </Anchor>
      </Text>
    );
  }

  const publishedId = group.shared_reward_list;
  const isPublished = publishedId === list.id;

  function run(rewardlistId: string | null) {
    if (!group || publish.isPending) return;
    publish.mutate(
      { groupId: group.id, rewardlistId },
      {
        onSuccess: () => {
          setConfirmingUnpublish(false);
          if (rewardlistId === null) showSuccess('rewards.publish.unpublished', { name: list.name, group: group.name });
          else showSuccess('rewards.publish.published', { name: list.name, group: group.name });
        },
        onError: (error) => {
          setConfirmingUnpublish(false);
          showErrorCode(errorCodeOf(error));
        },
      },
    );
  }

  function status(): string {
    if (!group) return '';
    if (isPublished) return t('rewards.publish.isPublished', { group: group.name });
    if (publishedId === null) return t('rewards.publish.nothing', { group: group.name });
    return t('rewards.publish.other', { group: group.name, name: nameOf(publishedId) ?? t('rewards.publish.otherList') });
  }

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="publish-title" data-testid="publish-to-group" data-published={isPublished}>
      <Stack gap="xs">
        <Title order={3} fz="md" id="publish-title">
          {t('rewards.publish.title')}
        </Title>
        <Group gap={6} wrap="nowrap" align="flex-start">
          {isPublished ? <IconCheck size={18} color="var(--mantine-color-teal-8)" style={{ flexShrink: 0, marginTop: 2 }} /> : null}
          <Text size="sm" data-testid="publish-status" style={{ overflowWrap: 'anywhere' }}>
            {status()}
          </Text>
        </Group>
        <Group gap="xs">
          {isPublished ? (
            <Button variant="default" leftSection={<IconX size={16} />} onClick={() => setConfirmingUnpublish(true)} loading={publish.isPending} {...WRAPPING}>
              {t('rewards.publish.unpublishButton', { group: group.name })}
            </Button>
          ) : (
            <Button leftSection={<IconShare size={16} />} onClick={() => run(list.id)} loading={publish.isPending} {...WRAPPING}>
              {t('rewards.publish.publishButton', { group: group.name })}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirmingUnpublish}
        onClose={() => setConfirmingUnpublish(false)}
        onConfirm={() => run(null)}
        loading={publish.isPending}
        danger
        title={t('rewards.publish.unpublishTitle')}
      >
        <Text>{t('rewards.publish.unpublishText', { name: list.name, group: group.name })}</Text>
      </ConfirmModal>
    </Paper>
  );
}
