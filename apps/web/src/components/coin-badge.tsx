import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { CoinIcon } from './icons.tsx';
import classes from './coin-badge.module.css';

/**
 * A balance as the language writes it. Under 1,000 no language groups digits, so a whole
 * non-negative number is written as it is: the first `toLocaleString` of a page builds ICU's
 * number formatter, 12 ms or more of the signed-in page's first render (issue 13).
 */
function formatCoins(coins: number, language: string): string {
  return Number.isInteger(coins) && coins >= 0 && coins < 1000 ? String(coins) : coins.toLocaleString(language);
}

export function CoinBadge({ coins, size = 'md' }: { coins: number; size?: 'md' | 'lg' }) {
  const { t, i18n } = useTranslation();
  return (
    <span className={classes.badge} data-size={size} data-testid="coin-balance">
      <CoinIcon size={size === 'lg' ? 28 : 20} />
      <span>{formatCoins(coins, i18n.language)}</span>
      <VisuallyHidden>{t('common.coinsUnit', { count: coins })}</VisuallyHidden>
    </span>
  );
}
