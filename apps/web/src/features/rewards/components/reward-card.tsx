import { useId, type ReactNode } from 'react';
import { Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TReward } from '@kolikko/core/schemas/rewards';
import { CoinIcon } from '../../../components/icons.tsx';
import classes from './reward-card.module.css';

interface RewardCardProps {
  reward: TReward;
  /** Buttons for this reward (edit and delete, or moving it between the columns). */
  actions?: ReactNode;
  /** A note beside the price, e.g. that the list already holds it. */
  badge?: ReactNode;
  testIdPrefix: string;
}

/** One reward as the teacher sees it: name, price and description. */
export function RewardCard({ reward, actions, badge, testIdPrefix }: RewardCardProps) {
  const { t } = useTranslation();
  const nameId = useId();
  return (
    <article className={classes.card} aria-labelledby={nameId} data-testid={`${testIdPrefix}-${reward.name}`}>
      <div className={classes.body}>
        <Group gap={8} wrap="nowrap" justify="space-between" align="flex-start">
          <Text fw={800} id={nameId} className={classes.name}>
            {reward.name}
          </Text>
          <span className={classes.price} data-testid="reward-price">
            <CoinIcon size={18} />
            <span>{reward.price}</span>
            <VisuallyHidden>{t('common.coinsUnit', { count: reward.price })}</VisuallyHidden>
          </span>
        </Group>
        <Text size="sm" c="dark.6" className={classes.description}>
          {reward.description}
        </Text>
        {badge}
      </div>
      {actions ? <div className={classes.actions}>{actions}</div> : null}
    </article>
  );
}
