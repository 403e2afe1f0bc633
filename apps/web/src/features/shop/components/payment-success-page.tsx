import { useEffect, useState } from 'react';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, Navigate, useLocation, useSearchParams } from '../../../lib/router.tsx';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import type { TPurchaseHistoryItem } from '@kolikko/core/schemas/coins';
import { CoinBadge } from '../../../components/coin-badge.tsx';
import { IconCircleCheck } from '../../../components/icons.tsx';
import { OwedRewardsNotice } from '../../../components/owed-rewards.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePurchaseHistory } from '../api/get-purchase-history.ts';
import { PAYMENT_FAILURES, refreshAfterPurchase } from '../api/pay-for-coins.ts';
import { forgetPendingPurchase, pendingPurchaseStart } from '../api/pending-purchase.ts';
import { coinsParam } from '../hooks/use-coin-packages.ts';
import { checkoutPath } from './coins-page.tsx';
import { PaymentFailureAlert } from './payment-messages.tsx';
import classes from './shop.module.css';

const COINS_PAGE = '/teacher/shop/coins';
/** Without a note from this tab's checkout, a purchase this recent counts as the one just paid. */
const LOOK_BACK_MS = 30 * 60 * 1000;
/** The server's clock and the browser's may differ a little. */
const CLOCK_SLACK_MS = 2 * 60 * 1000;
/** How often the history is read again while the provider's confirmation is awaited. */
const POLL_MS = 3000;
/** After this long the page says it may take a while, and asks less often. */
const SLOW_AFTER_MS = 60_000;
const SLOW_POLL_MS = 15_000;

/** Stripe's return URL says how the payment went; these mean it did not go through. */
const FAILED_REDIRECT_STATUSES = new Set(['failed', 'requires_payment_method', 'canceled']);

function isThisPurchase(item: TPurchaseHistoryItem, coins: number, since: number): boolean {
  return item.type === 'bought' && item.amount === coins && Date.parse(item.date) >= since - CLOCK_SLACK_MS;
}

function isConfirmedState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && Reflect.get(state, 'confirmed') === true;
}

/**
 * /teacher/shop/coins/payment-success?coins=N. The dev checkout comes here with the coins already
 * credited; Stripe's return URL may arrive before its webhook has credited them, so until a
 * bought row of this purchase shows in the history (read again when the purse event arrives, and
 * every few seconds) the page says it is waiting. The purse is the session's, which the
 * teacher-purse-updated event keeps current.
 */
export function PaymentSuccessPage({ teacher }: { teacher: TTeacherUser }) {
  const { t } = useTranslation();
  usePageTitle(t('teacher.pages.paymentSuccess'));
  const [params] = useSearchParams();
  const location = useLocation();
  const coins = coinsParam(params.get('coins'));
  const redirectStatus = params.get('redirect_status');
  const failed = redirectStatus !== null && FAILED_REDIRECT_STATUSES.has(redirectStatus);
  const [openedAt] = useState(() => Date.now());
  const [since] = useState(() => (coins === null ? openedAt : (pendingPurchaseStart(coins) ?? openedAt - LOOK_BACK_MS)));
  const [slow, setSlow] = useState(false);
  const creditedBeforeArrival = isConfirmedState(location.state);

  const history = usePurchaseHistory(teacher.id, {
    refetchInterval: (query) => {
      if (failed || coins === null || creditedBeforeArrival) return false;
      const rows = query.state.data;
      if (rows?.some((item) => isThisPurchase(item, coins, since))) return false;
      return slow ? SLOW_POLL_MS : POLL_MS;
    },
  });
  const confirmed =
    coins !== null && !failed && (creditedBeforeArrival || (history.data?.some((item) => isThisPurchase(item, coins, since)) ?? false));

  useEffect(() => {
    if (confirmed || failed) return;
    const timer = window.setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [confirmed, failed]);

  // Once the coins are in: the purse and what it owes are read again, in case an event was missed.
  useEffect(() => {
    if (!confirmed) return;
    forgetPendingPurchase();
    refreshAfterPurchase(teacher.id);
  }, [confirmed, teacher.id]);

  if (coins === null) return <Navigate to={COINS_PAGE} replace />;

  const coinsText = t('common.coinsAmount', { count: coins });

  if (failed) {
    return (
      <Stack gap="lg" maw={640}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('shop.success.failedTitle')}
        </Title>
        <PaymentFailureAlert failure={PAYMENT_FAILURES.paymentFailed} />
        <Group gap="sm">
          <Button component={Link} to={checkoutPath(coins)}>
            {t('shop.success.tryAgain')}
          </Button>
          <Button component={Link} to={COINS_PAGE} variant="default">
            {t('shop.success.backToShop')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={640}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} component="section" aria-labelledby="payment-success-title">
        <Stack gap="md" align="center" ta="center">
          {confirmed ? (
            <span className={classes.successIcon} aria-hidden="true">
              <IconCircleCheck size={40} />
            </span>
          ) : (
            <Loader color="indigo" size="lg" aria-hidden="true" />
          )}
          <div role="status" data-testid="payment-status" data-confirmed={confirmed}>
            <Title order={1} fz={{ base: 24, sm: 30 }} id="payment-success-title">
              {confirmed ? t('shop.success.title', { coinsText }) : t('shop.success.waitingTitle')}
            </Title>
            <Text c="dark.6" mt="xs">
              {confirmed ? t('shop.success.text') : slow ? t('shop.success.slowText') : t('shop.success.waitingText', { coinsText })}
            </Text>
          </div>
          <Stack gap={4} align="center">
            <Text size="sm" fw={700} c="dark.6">
              {t('shop.success.purse')}
            </Text>
            <div data-testid="payment-success-purse">
              <CoinBadge coins={teacher.coins} size="lg" />
            </div>
          </Stack>
          <Group gap="sm" justify="center">
            <Button component={Link} to="/teacher/groups">
              {t('shop.success.toGroups')}
            </Button>
            <Button component={Link} to={COINS_PAGE} variant="default">
              {t('shop.success.backToShop')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {confirmed ? <OwedRewardsNotice teacherId={teacher.id} /> : null}
    </Stack>
  );
}
