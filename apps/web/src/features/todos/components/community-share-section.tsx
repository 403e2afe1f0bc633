import { useState } from 'react';
import { Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { IconWorld } from '../../../components/icons.tsx';
import { useSession } from '../../../lib/auth.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { CommunityOwnerActions } from './community-owner-actions.tsx';
import { CommunityPublishModal } from './community-publish-modal.tsx';

/**
 * Spec sections 2 and 6: a premium owner shares its list to the community, and once it is
 * published edits it or stops. Other teachers see nothing of it.
 */
export function CommunityShareSection({ teacherId, list, stackId }: { teacherId: string; list: TTodolist; stackId: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [publishing, setPublishing] = useState(false);
  if (!user?.admin || !user.isPremiumUser || list.permissions !== 'owner') return null;
  return (
    <>
      <Divider />
      <Stack gap="xs" data-testid="community-share-section">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="md">
            {t('community.share.title')}
          </Title>
          {list.communityStatus ? (
            <Badge color="teal" variant="light" tt="none" leftSection={<IconWorld size={14} />}>
              {t('community.share.published')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {list.communityStatus ? t('community.share.publishedText') : t('community.share.text')}
        </Text>
        {list.communityStatus ? (
          <CommunityOwnerActions teacherId={teacherId} todolistId={list.id} title={list.name} item={null} list={list} stackId={stackId} />
        ) : (
          <Group justify="flex-end">
            <Button leftSection={<IconWorld size={16} />} onClick={() => setPublishing(true)}>
              {t('community.share.open')}
            </Button>
          </Group>
        )}
        <CommunityPublishModal
          opened={publishing}
          onClose={() => setPublishing(false)}
          teacherId={teacherId}
          todolistId={list.id}
          list={list}
          item={null}
          stackId={`${stackId}-publish`}
        />
      </Stack>
    </>
  );
}
