import { useId, useState } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { REWARD_ACTIVE_MS } from '@kolikko/core/limits';
import type { TMemberUser } from '@kolikko/core/schemas/auth';
import type { TReward } from '@kolikko/core/schemas/rewards';
import { ActiveCountdown } from '../../../components/active-countdown.tsx';
import { CoinBadge } from '../../../components/coin-badge.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { CoinIcon, IconGift } from '../../../components/icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { refreshSession, useRefreshSessionOnMount } from '../../../lib/auth.ts';
import { showBanner, showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useNow } from '../../../lib/use-now.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useBuyReward } from '../api/buy-reward.ts';
import { usePublishedRewards } from '../api/get-published-rewards.ts';
import classes from './student-rewards-page.module.css';

const ACTIVE_HOURS = REWARD_ACTIVE_MS / (60 * 60 * 1000);

function activeUntilOf(reward: TReward, now: Date): string | null {
  if (!reward.active_until) return null;
  return new Date(reward.active_until).getTime() > now.getTime() ? reward.active_until : null;
}

interface RewardTileProps {
  reward: TReward;
  coins: number;
  now: Date;
  buying: boolean;
  onBuy: () => void;
}

/** One reward of the published list: price, description, and buy, or its time left while active. */
function RewardTile({ reward, coins, now, buying, onBuy }: RewardTileProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const hintId = useId();
  const activeUntil = activeUntilOf(reward, now);
  const cannotAfford = coins < reward.price;
  const hint = activeUntil ? t('studentRewards.activeHint') : cannotAfford ? t('studentRewards.needMore', { count: reward.price - coins }) : null;

  return (
    <article className={classes.card} aria-labelledby={nameId} data-testid={`reward-${reward.name}`} data-active={activeUntil !== null}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Title order={2} fz="lg" id={nameId} className={classes.name}>
          {reward.name}
        </Title>
        <span className={classes.price} data-testid="reward-price">
          <CoinIcon size={20} />
          <span>{reward.price}</span>
          <VisuallyHidden>{t('common.coinsUnit', { count: reward.price })}</VisuallyHidden>
        </span>
      </Group>
      <Text c="dark.6" className={classes.description}>
        {reward.description}
      </Text>
      <Group justify="space-between" align="center" gap="xs" mt="auto">
        {activeUntil ? (
          <Group gap={6}>
            <Badge color="teal.8" variant="filled" size="lg" tt="none">
              {t('rewardStatus.active')}
            </Badge>
            <ActiveCountdown activeUntil={activeUntil} now={now} />
          </Group>
        ) : (
          <span />
        )}
        <Button
          onClick={onBuy}
          loading={buying}
          disabled={activeUntil !== null || cannotAfford}
          aria-describedby={hint ? `${nameId} ${hintId}` : nameId}
          leftSection={<IconGift size={18} />}
        >
          {t('studentRewards.buy')}
        </Button>
      </Group>
      {hint ? (
        <Text size="sm" c="dark.5" id={hintId}>
          {hint}
        </Text>
      ) : null}
    </article>
  );
}

/**
 * /student/rewards: the list the teacher published, with prices and the student's coins. Buying
 * asks first and names the hour the reward stays active; an active reward counts down and
 * cannot be bought again until it ends.
 */
export function StudentRewardsPage({ student }: { student: TMemberUser }) {
  const { t } = useTranslation();
  usePageTitle(t('student.pages.rewards'));
  useRefreshSessionOnMount();
  const rewards = usePublishedRewards(student.group_id);
  const buy = useBuyReward(student.id, student.group_id);
  // The reward stays in the dialog while it fades out; `confirmOpen` says whether it is open.
  const [confirming, setConfirming] = useState<TReward | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const hasActive = rewards.data?.some((reward) => reward.active_until) ?? false;
  const now = useNow(1000, hasActive);

  function handleBuy() {
    if (!confirming || !confirmOpen || buy.isPending) return;
    const { id, name, price } = confirming;
    buy.mutate(
      { rewardId: id, price },
      {
        onSuccess: () => {
          setConfirmOpen(false);
          showSuccess('success.REWARD_PURCHASED', { name });
        },
        onError: (error) => {
          setConfirmOpen(false);
          const code = errorCodeOf(error);
          const field = error instanceof ApiError ? error.field : undefined;
          if (code === 'REWARD.REWARD_NOT_FOUND' || (code === 'PERMISSION.INSUFFICIENT_PERMISSIONS' && field === 'reward')) void rewards.refetch();
          if (code === 'MISC.OUT_OF_COINS') void refreshSession();
          if (code === 'REWARD.REWARD_NOT_FOUND' && field === 'price') showBanner('info', 'studentRewards.priceChanged', { name });
          else if (code === 'REWARD.REWARD_NOT_FOUND') showBanner('info', 'studentRewards.gone', { name });
          else if (field === 'reward') showBanner('info', 'studentRewards.alreadyActive', { name });
          else showErrorCode(code);
        },
      },
    );
  }

  function renderBody() {
    if (rewards.isPending) {
      return (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={170} radius="lg" />
          <Skeleton height={170} radius="lg" />
        </SimpleGrid>
      );
    }
    if (rewards.isError) return <QueryError error={rewards.error} onRetry={() => void rewards.refetch()} />;
    if (rewards.data.length === 0) {
      return (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="student-rewards-empty">
          <Stack align="center" ta="center" gap="sm">
            <ThemeIcon size={64} radius="xl" variant="light" color="grape" aria-hidden="true">
              <IconGift size={34} />
            </ThemeIcon>
            <Title order={2} fz={22}>
              {t('studentRewards.empty.title')}
            </Title>
            <Text c="dark.5" maw={420}>
              {t('studentRewards.empty.text')}
            </Text>
          </Stack>
        </Paper>
      );
    }
    return (
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {rewards.data.map((reward) => (
          <RewardTile
            key={reward.id}
            reward={reward}
            coins={student.coins}
            now={now}
            buying={buy.isPending && buy.variables.rewardId === reward.id}
            onBuy={() => {
              setConfirming(reward);
              setConfirmOpen(true);
            }}
          />
        ))}
      </SimpleGrid>
    );
  }

  const left = confirming ? student.coins - confirming.price : 0;
  return (
    <Stack gap="lg" maw={860} mx="auto">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('student.pages.rewards')}
        </Title>
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {t('student.home.balance')}
          </Text>
          <CoinBadge coins={student.coins} />
        </Group>
      </Group>
      <Text c="dark.5">{t('studentRewards.intro', { count: ACTIVE_HOURS })}</Text>
      {renderBody()}
      <ConfirmModal
        opened={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onConfirm={handleBuy}
        loading={buy.isPending}
        title={t('studentRewards.confirmTitle', { name: confirming?.name ?? '' })}
      >
        <Stack gap="xs">
          <Text>{t('studentRewards.confirmPrice', { coins: t('common.coinsAmount', { count: confirming?.price ?? 0 }), left: t('common.coinsAmount', { count: left }) })}</Text>
          <Text fw={700}>{t('studentRewards.confirmActive', { count: ACTIVE_HOURS })}</Text>
        </Stack>
      </ConfirmModal>
    </Stack>
  );
}
