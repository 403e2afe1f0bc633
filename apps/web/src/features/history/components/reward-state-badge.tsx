import { Badge } from '@mantine/core';
import type { RewardPurchaseState } from '@kolikko/core/schemas/rewards';
import { useTranslation } from '../../../lib/i18n.ts';

const COLORS = { pending: 'yellow', given: 'teal', returned: 'orange' } as const;

/** Issue 33: what the teacher did with a bought reward: waiting, given, or given back (its coins returned). */
export function RewardStateBadge({ state }: { state: RewardPurchaseState }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[state]} variant="light" c={`${COLORS[state]}.9`} tt="none" data-testid="reward-state" data-state={state}>
      {t(`rewardStatus.${state}`)}
    </Badge>
  );
}
