import type { ComponentType } from 'react';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import type { MemberTodoStatus } from '@kolikko/core/rules/completion';
import { CoinIcon, IconAlertTriangle, IconCircle, IconCircleCheck, IconClock, IconHourglass, IconUndo } from './icons.tsx';
import classes from './member-todo-status.module.css';

const STATUS_ICONS: Record<MemberTodoStatus, ComponentType<{ size?: number }>> = {
  done: IconCircleCheck,
  awaiting_teacher: IconClock,
  strict_answered: IconAlertTriangle,
  sent_back: IconUndo,
  not_done: IconCircle,
};

/** A status's own icon (decorative: the status's word goes beside it or in a label). */
export function MemberTodoStatusIcon({ status, size = 16 }: { status: MemberTodoStatus; size?: number }) {
  const Icon = STATUS_ICONS[status];
  return <Icon size={size} />;
}

/** The class that gives a member todo's card the coloured edge of its status. */
export const memberTodoCardClass = classes.card;

/**
 * Spec section 4: done (right), a free answer awaiting the teacher (yellow), a strict answer
 * given, or not done (red). Colour is never the only sign: each state has its own icon and word.
 */
export function MemberTodoStatusBadge({ status, audience }: { status: MemberTodoStatus; audience: 'student' | 'teacher' }) {
  const { t } = useTranslation();
  const Icon = STATUS_ICONS[status];
  return (
    <span className={classes.status} data-status={status} data-testid="member-todo-status">
      <Icon size={16} />
      <span>{t(`memberTodoStatus.${audience}.${status}`)}</span>
    </span>
  );
}

/**
 * A todo's reward beside its status. On a phone's narrow card it shows the coin and the number
 * only, so the row does not wrap; the full words stay for screen readers.
 */
export function MemberTodoRewardBadge({ coins, size, className }: { coins: number; size?: BadgeProps['size']; className?: string }) {
  const { t } = useTranslation();
  return (
    <Badge className={className} variant="light" color="coin" c="coin.9" size={size} tt="none" leftSection={<CoinIcon size={size === 'lg' ? 16 : 14} />}>
      <span className={classes.rewardFull}>{t('common.coinsAmount', { count: coins })}</span>
      <span className={classes.rewardShort} aria-hidden="true">
        {coins}
      </span>
    </Badge>
  );
}

/**
 * A completed todo whose reward the teacher's purse could not pay yet (reward_owed): the student
 * sees it is on its way, the teacher that it waits for coins. Nothing when nothing is owed.
 */
export function MemberTodoOwedBadge({ completed, owed, audience }: { completed: boolean; owed: number; audience: 'student' | 'teacher' }) {
  const { t } = useTranslation();
  if (!completed || owed <= 0) return null;
  return (
    <span className={classes.owed} data-testid="member-todo-owed">
      <IconHourglass size={16} />
      <span>{t(`memberTodoStatus.owed.${audience}`, { coinsText: t('common.coinsAmount', { count: owed }) })}</span>
    </span>
  );
}
