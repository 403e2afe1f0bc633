import { Badge, Group, Paper, Skeleton, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { ActiveCountdown } from '../../../components/active-countdown.tsx';
import { CoinIcon, IconGift } from '../../../components/icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { isPurchaseActive } from '../../../lib/history.ts';
import { useMemberHistory } from '../../../lib/queries/member-history.ts';
import { useNow } from '../../../lib/use-now.ts';
import { RewardStateBadge } from './reward-state-badge.tsx';
import classes from './history.module.css';

/**
 * The member page's rewards view: what the student bought, newest first; an active one shows
 * its time left, so the teacher sees at a glance which reward to honour now.
 */
export function PurchasedRewards({ memberId, username }: { memberId: string; username: string }) {
  const { t } = useTranslation();
  const history = useMemberHistory(memberId);
  const purchases = history.data?.rewardPurchase ?? [];
  const now = useNow(1000, purchases.some((purchase) => purchase.status === 'active'));

  if (history.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={88} radius="md" />
        <Skeleton height={88} radius="md" />
      </Stack>
    );
  }
  if (history.isError) return <QueryError error={history.error} onRetry={() => void history.refetch()} />;
  if (purchases.length === 0) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="purchased-rewards-empty">
        <Stack align="center" ta="center" gap="xs">
          <ThemeIcon size={52} radius="xl" variant="light" color="grape" aria-hidden="true">
            <IconGift size={28} />
          </ThemeIcon>
          <Text fw={700} size="lg">
            {t('history.purchased.emptyTitle')}
          </Text>
          <Text c="dark.5" maw={420}>
            {t('history.purchased.emptyText', { username })}
          </Text>
        </Stack>
      </Paper>
    );
  }

  const activeCount = purchases.filter((purchase) => isPurchaseActive(purchase, now)).length;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dark.5" data-testid="purchased-rewards-summary">
        {t('history.purchased.summary', { count: purchases.length, active: activeCount })}
      </Text>
      <ul className={classes.list} aria-label={t('history.purchased.listLabel', { username })}>
        {purchases.map((purchase) => {
          const active = isPurchaseActive(purchase, now);
          return (
            <li key={purchase.id} className={classes.entry} data-active={active} data-testid={`purchase-${purchase.name}`}>
              <ThemeIcon size={44} radius="md" variant="light" color={active ? 'teal' : 'gray'} aria-hidden="true">
                <IconGift size={24} />
              </ThemeIcon>
              <div className={classes.body}>
                <Text fw={700} className={classes.title}>
                  {purchase.name}
                </Text>
                <Text size="sm" c="dark.6" className={classes.title}>
                  {purchase.description}
                </Text>
                <Group gap={8} mt={4} wrap="wrap">
                  <Text size="sm" c="dark.5">
                    {t('history.purchased.boughtAt', { date: formatDateTime(purchase.date) })}
                  </Text>
                  {active ? (
                    <ActiveCountdown activeUntil={purchase.active_until} now={now} />
                  ) : purchase.state === 'returned' ? null : (
                    <Badge color="gray" variant="light" c="dark.6" tt="none" data-testid="reward-used">
                      {t('rewardStatus.used')}
                    </Badge>
                  )}
                  <RewardStateBadge state={purchase.state} />
                </Group>
              </div>
              <Group gap={4} wrap="nowrap" className={classes.amount} data-direction="none">
                <CoinIcon size={18} />
                <span>{purchase.price}</span>
                <VisuallyHidden>{t('common.coinsUnit', { count: purchase.price })}</VisuallyHidden>
              </Group>
            </li>
          );
        })}
      </ul>
    </Stack>
  );
}
