import { Badge } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { formatCountdown } from '../lib/format.ts';
import { IconClock } from './icons.tsx';

interface ActiveCountdownProps {
  /** When the reward's hour ends (ISO). */
  activeUntil: string;
  /** The time the caller ticks with (lib/use-now.ts), so a list of rewards shares one clock. */
  now: Date;
}

/**
 * Spec section 4: an active reward shows its time left as minutes:seconds. The visible numbers
 * change every second; screen readers get the same text but are not interrupted by each tick
 * (no live region), they read it when they reach it.
 */
export function ActiveCountdown({ activeUntil, now }: ActiveCountdownProps) {
  const { t } = useTranslation();
  const left = formatCountdown(new Date(activeUntil).getTime() - now.getTime());
  return (
    <Badge
      color="teal"
      variant="light"
      c="teal.9"
      size="lg"
      tt="none"
      leftSection={<IconClock size={14} />}
      data-testid="active-countdown"
      styles={{ label: { fontVariantNumeric: 'tabular-nums' } }}
    >
      {t('rewardStatus.activeLeft', { time: left })}
    </Badge>
  );
}
