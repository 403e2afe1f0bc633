import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { CoinIcon } from './icons.tsx';
import classes from './coin-badge.module.css';

export function CoinBadge({ coins, size = 'md' }: { coins: number; size?: 'md' | 'lg' }) {
  const { t, i18n } = useTranslation();
  return (
    <span className={classes.badge} data-size={size} data-testid="coin-balance">
      <CoinIcon size={size === 'lg' ? 28 : 20} />
      <span>{coins.toLocaleString(i18n.language)}</span>
      <VisuallyHidden>{t('common.coinsUnit', { count: coins })}</VisuallyHidden>
    </span>
  );
}
