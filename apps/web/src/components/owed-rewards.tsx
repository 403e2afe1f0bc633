import { Alert, Anchor, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { Link } from '../lib/router.tsx';
import { useOwedRewards } from '../lib/queries/owed-rewards.ts';
import { IconClock } from './icons.tsx';
import classes from './owed-rewards.module.css';

const COINS_PAGE = '/teacher/shop/coins';

/**
 * The header's sign that completed todos wait for coins (the purse could not pay them): how many
 * and, from a laptop's width, how many coins; a link to the coin shop. Nothing while nothing is owed.
 */
export function OwedRewardsHeaderLink({ teacherId }: { teacherId: string }) {
  const { t } = useTranslation();
  const owed = useOwedRewards(teacherId);
  if (!owed.data || owed.data.rewards === 0) return null;
  const { rewards, coins } = owed.data;
  const sentence = t('owedRewards.header', { count: rewards, coinsText: t('common.coinsAmount', { count: coins }) });
  return (
    <Link to={COINS_PAGE} className={classes.chip} data-testid="owed-rewards-header">
      <IconClock size={18} />
      <span className={classes.chipFull}>{sentence}</span>
      <span className={classes.chipShort} aria-hidden="true">
        {rewards}
      </span>
      {/* A phone shows the count only; the link still says the whole of it. */}
      <VisuallyHidden className={classes.chipShort}>{sentence}</VisuallyHidden>
      <VisuallyHidden>{`. ${t('owedRewards.buyCoins')}`}</VisuallyHidden>
    </Link>
  );
}

/**
 * The owed rewards said in full (teacher home, coin shop): how many wait, for how many coins, and
 * that buying coins pays them. With `linkToShop` it also offers the way there.
 */
export function OwedRewardsNotice({ teacherId, linkToShop = false }: { teacherId: string; linkToShop?: boolean }) {
  const { t } = useTranslation();
  const owed = useOwedRewards(teacherId);
  if (!owed.data || owed.data.rewards === 0) return null;
  const { rewards, coins } = owed.data;
  return (
    <Alert
      color="orange"
      variant="light"
      radius="lg"
      icon={<IconClock size={22} />}
      title={t('owedRewards.title', { count: rewards, coinsText: t('common.coinsAmount', { count: coins }) })}
      data-testid="owed-rewards-notice"
      classNames={{ title: classes.alertTitle }}
    >
      <Text size="sm" c="dark.7">
        {t('owedRewards.text')}{' '}
        {linkToShop ? (
          <Anchor component={Link} to={COINS_PAGE} size="sm" fw={700} c="indigo.9">
            {t('owedRewards.buyCoins')}
          </Anchor>
        ) : null}
      </Text>
    </Alert>
  );
}
