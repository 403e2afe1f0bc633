import { ActionIcon, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { REWARDS_PER_TEACHER_MAX } from '@kolikko/core/limits';
import type { TReward, TRewardList } from '@kolikko/core/schemas/rewards';
import { IconGift, IconTrash } from '../../../components/icons.tsx';
import { IconArrowRight, IconCheck, IconPencil, IconPlus } from '../../../components/teacher-icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { RewardCard } from './reward-card.tsx';
import classes from './rewards-page.module.css';

interface AllRewardsPanelProps {
  rewards: { data: TReward[] | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** The list open beside; in edit mode rewards move into it from here. */
  list: TRewardList | null;
  editMode: boolean;
  /** The reward being moved now, whose button shows it. */
  movingId: string | null;
  onNew: () => void;
  onEdit: (reward: TReward) => void;
  onDelete: (reward: TReward) => void;
  onAdd: (reward: TReward) => void;
}

/** Spec section 2: all the teacher's rewards, with create, edit and delete, or (in edit mode) add to the list. */
export function AllRewardsPanel({ rewards, list, editMode, movingId, onNew, onEdit, onDelete, onAdd }: AllRewardsPanelProps) {
  const { t } = useTranslation();
  const count = rewards.data?.length ?? 0;
  const isFull = count >= REWARDS_PER_TEACHER_MAX;
  const inList = new Set(list?.rewards.map((reward) => reward.id) ?? []);
  const moving = editMode && list !== null;

  function renderBody() {
    if (rewards.isPending) {
      return (
        <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={92} radius="md" />
          <Skeleton height={92} radius="md" />
        </Stack>
      );
    }
    if (rewards.isError || !rewards.data) return <QueryError error={rewards.error} onRetry={() => void rewards.refetch()} />;
    if (rewards.data.length === 0) {
      return (
        <Stack align="center" ta="center" gap="xs" py="lg" data-testid="rewards-empty">
          <IconGift size={36} color="var(--mantine-color-grape-7)" />
          <Text fw={700}>{t('rewards.all.emptyTitle')}</Text>
          <Text size="sm" c="dark.5" maw={320}>
            {t('rewards.all.emptyText')}
          </Text>
        </Stack>
      );
    }
    return (
      <ul className={classes.rewardList} aria-label={t('rewards.all.title')}>
        {rewards.data.map((reward) => {
          const isIn = inList.has(reward.id);
          return (
            <li key={reward.id}>
              <RewardCard
                reward={reward}
                testIdPrefix="reward-card"
                badge={
                  moving && isIn ? (
                    <Badge size="sm" variant="light" color="teal" c="teal.9" tt="none" leftSection={<IconCheck size={12} />} w="fit-content">
                      {t('rewards.edit.inList')}
                    </Badge>
                  ) : null
                }
                actions={
                  moving ? (
                    isIn ? null : (
                      <Button
                        size="compact-sm"
                        variant="light"
                        rightSection={<IconArrowRight size={16} className={classes.moveIcon} />}
                        onClick={() => onAdd(reward)}
                        loading={movingId === reward.id}
                        disabled={movingId !== null}
                        aria-label={t('rewards.edit.add', { name: reward.name })}
                      >
                        {t('rewards.edit.addShort')}
                      </Button>
                    )
                  ) : (
                    <>
                      <Tooltip label={t('rewards.all.edit', { name: reward.name })} openDelay={400}>
                        <ActionIcon variant="default" size="lg" aria-label={t('rewards.all.edit', { name: reward.name })} onClick={() => onEdit(reward)}>
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('rewards.all.delete', { name: reward.name })} openDelay={400}>
                        <ActionIcon variant="default" size="lg" color="red.8" aria-label={t('rewards.all.delete', { name: reward.name })} onClick={() => onDelete(reward)}>
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </>
                  )
                }
              />
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="all-rewards-title" data-testid="all-rewards">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs">
          <div>
            <Title order={2} fz="lg" id="all-rewards-title">
              {t('rewards.all.title')}
            </Title>
            <Text size="xs" c="dark.5">
              {moving ? t('rewards.edit.allHint', { list: list.name }) : t('rewards.all.count', { count })}
            </Text>
          </div>
          <Button leftSection={<IconPlus size={18} />} onClick={onNew} disabled={isFull || rewards.isPending}>
            {t('rewards.all.new')}
          </Button>
        </Group>
        {isFull ? (
          <Text size="sm" c="dark.5">
            {t('rewards.all.full', { max: REWARDS_PER_TEACHER_MAX })}
          </Text>
        ) : null}
        {renderBody()}
      </Stack>
    </Paper>
  );
}
