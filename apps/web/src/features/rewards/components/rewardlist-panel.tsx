import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TGroup } from '@kolikko/core/schemas/groups';
import type { TReward, TRewardList } from '@kolikko/core/schemas/rewards';
import { IconGift } from '../../../components/icons.tsx';
import { IconArrowLeft, IconCheck, IconPencil, IconSettings } from '../../../components/teacher-icons.tsx';
import { PublishToGroup } from './publish-to-group.tsx';
import { RewardCard } from './reward-card.tsx';
import classes from './rewards-page.module.css';

interface RewardlistPanelProps {
  teacherId: string;
  list: TRewardList;
  activeGroup: TGroup | null;
  nameOf: (rewardlistId: string) => string | null;
  editMode: boolean;
  onToggleEdit: () => void;
  movingId: string | null;
  onRemove: (reward: TReward) => void;
  onOpenSettings: () => void;
}

/** Spec section 2: the selected reward list, publishing it, and (in edit mode) taking rewards off it. */
export function RewardlistPanel({ teacherId, list, activeGroup, nameOf, editMode, onToggleEdit, movingId, onRemove, onOpenSettings }: RewardlistPanelProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="rewardlist-title" data-testid="rewardlist" className={classes.listPanel} data-editing={editMode || undefined}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} miw={0}>
            <Text size="xs" fw={700} c="dark.5" tt="uppercase">
              {t('rewards.list.kicker')}
            </Text>
            <Title order={2} fz="lg" id="rewardlist-title" style={{ overflowWrap: 'anywhere' }}>
              {list.name}
            </Title>
            <Text size="xs" c="dark.5">
              {t('rewards.lists.count', { count: list.rewards.length })}
            </Text>
          </Stack>
          <Tooltip label={t('rewards.settings.open', { name: list.name })} openDelay={400}>
            <ActionIcon variant="default" size="xl" aria-label={t('rewards.settings.open', { name: list.name })} onClick={onOpenSettings}>
              <IconSettings size={22} />
            </ActionIcon>
          </Tooltip>
        </Group>

        <PublishToGroup teacherId={teacherId} list={list} group={activeGroup} nameOf={nameOf} />

        <Group justify="space-between" align="center" gap="xs">
          <Title order={3} fz="md">
            {t('rewards.list.rewardsTitle')}
          </Title>
          {/* The label says what pressing does next ("Done" while editing), so no aria-pressed: a toggle's name must not change. */}
          <Button
            variant={editMode ? 'filled' : 'light'}
            leftSection={editMode ? <IconCheck size={16} /> : <IconPencil size={16} />}
            onClick={onToggleEdit}
            data-testid="rewardlist-edit-toggle"
          >
            {editMode ? t('rewards.edit.done') : t('rewards.edit.toggle')}
          </Button>
        </Group>
        {editMode ? (
          <Alert color="indigo" variant="light" c="dark.7" p="xs" data-testid="rewardlist-edit-hint">
            <Text size="sm">{t('rewards.edit.hint')}</Text>
          </Alert>
        ) : null}

        {list.rewards.length === 0 ? (
          <Stack align="center" ta="center" gap="xs" py="lg" data-testid="rewardlist-empty">
            <IconGift size={36} color="var(--mantine-color-grape-7)" />
            <Text fw={700}>{t('rewards.list.emptyTitle')}</Text>
            <Text size="sm" c="dark.5" maw={320}>
              {editMode ? t('rewards.list.emptyEditing') : t('rewards.list.emptyText')}
            </Text>
          </Stack>
        ) : (
          <ul className={classes.rewardList} aria-label={t('rewards.list.listLabel', { name: list.name })}>
            {list.rewards.map((reward) => (
              <li key={reward.id}>
                <RewardCard
                  reward={reward}
                  testIdPrefix="list-reward-card"
                  actions={
                    editMode ? (
                      <Button
                        size="compact-sm"
                        variant="default"
                        leftSection={<IconArrowLeft size={16} className={classes.moveIcon} />}
                        onClick={() => onRemove(reward)}
                        loading={movingId === reward.id}
                        disabled={movingId !== null}
                        aria-label={t('rewards.edit.remove', { name: reward.name })}
                      >
                        {t('rewards.edit.removeShort')}
                      </Button>
                    ) : undefined
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Paper>
  );
}
