import { lazy, Suspense } from 'react';
import { Anchor, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, Navigate, useSearchParams } from '../../../lib/router.tsx';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import { IconArrowLeft } from '../../../components/teacher-icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { formatEuros, formatPermille } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import type { CoinPackage } from '../api/coin-packages.ts';
import { coinsParam, useCoinPackages } from '../hooks/use-coin-packages.ts';
import { DevPaymentForm } from './dev-payment-form.tsx';
import { PaymentFormSkeleton, PaymentOptionsError } from './payment-messages.tsx';
import classes from './shop.module.css';

/** Stripe's libraries load with this form only: no other page (and no student's) pulls them in. */
const StripePaymentForm = lazy(() => import('./stripe-payment-form.tsx').then((module) => ({ default: module.StripePaymentForm })));

const COINS_PAGE = '/teacher/shop/coins';

function OrderSummary({ pack, vatPermille }: { pack: CoinPackage; vatPermille: number }) {
  const { t, i18n } = useTranslation();
  const euros = (cents: number) => formatEuros(cents, i18n.language);
  return (
    <dl className={classes.summary} data-testid="checkout-summary">
      <dt>{t('shop.summary.coins')}</dt>
      <dd data-testid="summary-coins">{t('common.coinsAmount', { count: pack.coins })}</dd>
      <dt>{t('shop.summary.net')}</dt>
      <dd data-testid="summary-net">{euros(pack.net)}</dd>
      <dt>{t('shop.summary.vat', { rate: formatPermille(vatPermille, i18n.language) })}</dt>
      <dd data-testid="summary-vat">{euros(pack.vat)}</dd>
      <dt className={classes.summaryTotal}>{t('shop.summary.total')}</dt>
      <dd className={classes.summaryTotal} data-testid="summary-total">
        {euros(pack.total)}
      </dd>
    </dl>
  );
}

function CheckoutSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status">
      <Skeleton height={150} radius="lg" />
      <Skeleton height={120} radius="lg" />
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
    </Stack>
  );
}

/**
 * /teacher/shop/coins/checkout?coins=N: the chosen package's summary (coins, net price, VAT
 * 25.5 %, total), then the payment form of the provider. The pay button says the total, so the
 * checkout itself is the confirmation before money is spent. Without a listed package: back to
 * the packages.
 */
export function CheckoutPage({ teacher }: { teacher: TTeacherUser }) {
  const { t } = useTranslation();
  usePageTitle(t('teacher.pages.checkout'));
  const [params] = useSearchParams();
  const coins = coinsParam(params.get('coins'));
  const { config, pricing, packages } = useCoinPackages();

  if (coins === null) return <Navigate to={COINS_PAGE} replace />;
  const pack = packages?.find((candidate) => candidate.coins === coins);
  if (packages && !pack) return <Navigate to={COINS_PAGE} replace />;

  let body;
  if (config.isError) body = <PaymentOptionsError onRetry={() => void config.refetch()} />;
  else if (pricing.isError) body = <QueryError error={pricing.error} onRetry={() => void pricing.refetch()} />;
  else if (!config.data || !pricing.data || !pack) body = <CheckoutSkeleton />;
  else {
    const provider = config.data.provider;
    body = (
      <>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="checkout-summary-title">
          <Stack gap="md">
            <Title order={2} fz="lg" id="checkout-summary-title">
              {t('shop.checkout.summaryTitle')}
            </Title>
            <OrderSummary pack={pack} vatPermille={pricing.data.vatPermille} />
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="checkout-payment-title">
          <Stack gap="md">
            <Title order={2} fz="lg" id="checkout-payment-title">
              {t('shop.checkout.paymentTitle')}
            </Title>
            {provider === 'dev' ? (
              <DevPaymentForm teacherId={teacher.id} pack={pack} />
            ) : config.data.publishableKey ? (
              <Suspense fallback={<PaymentFormSkeleton />}>
                <StripePaymentForm publishableKey={config.data.publishableKey} teacherId={teacher.id} pack={pack} />
              </Suspense>
            ) : (
              <PaymentOptionsError onRetry={() => void config.refetch()} />
            )}
          </Stack>
        </Paper>
      </>
    );
  }

  return (
    <Stack gap="lg" maw={640}>
      <Anchor component={Link} to={COINS_PAGE} fw={700} size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 6, alignSelf: 'flex-start' }}>
        <IconArrowLeft size={16} />
        {t('shop.checkout.back')}
      </Anchor>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('shop.checkout.title')}
        </Title>
        <Text c="dark.5">{t('shop.checkout.intro')}</Text>
      </Stack>
      {body}
    </Stack>
  );
}
