import { Badge, Button, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import { CoinIcon } from '../../../components/icons.tsx';
import { OwedRewardsNotice } from '../../../components/owed-rewards.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { formatEuros, formatPermille } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import type { CoinPackage } from '../api/coin-packages.ts';
import { useCoinPackages } from '../hooks/use-coin-packages.ts';
import { DemoPurseNote, PaymentOptionsError, TestPaymentNote } from './payment-messages.tsx';
import { PurchaseHistory } from './purchase-history.tsx';
import classes from './shop.module.css';

export function checkoutPath(coins: number): string {
  return `/teacher/shop/coins/checkout?coins=${coins}`;
}

function PackageCard({ pack, vatPermille }: { pack: CoinPackage; vatPermille: number }) {
  const { t, i18n } = useTranslation();
  const coinsText = t('common.coinsAmount', { count: pack.coins });
  // The price as paid, VAT included, with the VAT part beside it (spec section 1; issue 33).
  const price = formatEuros(pack.total, i18n.language);
  return (
    <li className={classes.package} data-best={pack.isBestValue} data-testid={`coin-package-${pack.coins}`}>
      {pack.isBestValue ? (
        <Badge className={classes.bestBadge} color="coin.9" c="white" size="md" tt="none">
          {t('shop.coins.bestValue')}
        </Badge>
      ) : null}
      <div className={classes.packageCoins}>
        <CoinIcon size={28} />
        <span aria-hidden="true">{pack.coins.toLocaleString(i18n.language)}</span>
        <VisuallyHidden>{coinsText}</VisuallyHidden>
      </div>
      <Text size="sm" c="dark.6" fw={600} mt={-8} aria-hidden="true">
        {t('common.coinsUnit', { count: pack.coins })}
      </Text>
      <div>
        <div className={classes.packagePrice} data-testid="package-price">
          {price}
        </div>
        <Text size="xs" c="dark.6" data-testid="package-vat">
          {t('shop.coins.inclVat', { rate: formatPermille(vatPermille, i18n.language), vat: formatEuros(pack.vat, i18n.language) })}
        </Text>
      </div>
      <Text size="xs" c="dark.6">
        {t('shop.coins.per100', { price: formatEuros(pack.totalPer100, i18n.language) })}
      </Text>
      <Button
        component={Link}
        to={checkoutPath(pack.coins)}
        className={classes.packageChoose}
        variant={pack.isBestValue ? 'filled' : 'light'}
        fullWidth
        data-testid={`choose-package-${pack.coins}`}
      >
        {t('shop.coins.choose')}
        <VisuallyHidden>{` ${coinsText}, ${price}`}</VisuallyHidden>
      </Button>
    </li>
  );
}

function PackagesSkeleton() {
  const { t } = useTranslation();
  return (
    <ul className={classes.packages} aria-busy="true" aria-label={t('common.loading')}>
      {[0, 1, 2, 3].map((key) => (
        <li key={key}>
          <Skeleton height={210} radius="lg" />
        </li>
      ))}
    </ul>
  );
}

/**
 * /teacher/shop/coins: the coin packages (prices with VAT, the VAT part beside them), what the purse
 * owes students, and the teacher's purchase history. Choosing a package goes to its checkout.
 */
export function CoinsPage({ teacher }: { teacher: TTeacherUser }) {
  const { t } = useTranslation();
  usePageTitle(t('teacher.pages.shopCoins'));
  const { config, pricing, packages } = useCoinPackages();

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('shop.coins.title')}
        </Title>
        <Text c="dark.5" size="lg">
          {t('shop.coins.intro')}
        </Text>
      </Stack>

      <OwedRewardsNotice teacherId={teacher.id} />
      {config.data?.provider === 'dev' && !teacher.demo ? <TestPaymentNote /> : null}

      {/* The demo at /proto buys no coins by card (issue 19): its purse is topped up instead. */}
      {teacher.demo ? <DemoPurseNote /> : null}
      {!teacher.demo && (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="coin-packages-title">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="coin-packages-title">
              {t('shop.coins.packagesTitle')}
            </Title>
            {config.isError ? <PaymentOptionsError onRetry={() => void config.refetch()} /> : null}
            {config.isPending || (config.data && pricing.isPending) ? <PackagesSkeleton /> : null}
            {pricing.isError ? <QueryError error={pricing.error} onRetry={() => void pricing.refetch()} /> : null}
            {packages && pricing.data ? (
              packages.length === 0 ? (
                <Text c="dark.5">{t('shop.coins.noPackages')}</Text>
              ) : (
                <ul className={classes.packages} aria-labelledby="coin-packages-title">
                  {packages.map((pack) => (
                    <PackageCard key={pack.coins} pack={pack} vatPermille={pricing.data.vatPermille} />
                  ))}
                </ul>
              )
            ) : null}
          </Stack>
        </Paper>
      )}

      <PurchaseHistory teacherId={teacher.id} />
    </Stack>
  );
}
