import { Button, Group, Skeleton, Text, UnstyledButton } from '@mantine/core';
import type { TAwardReason } from '@kolikko/core/schemas/reasons';
import { IconPencil } from '../../../components/teacher-icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { ReasonIcon } from '../../../components/reason-icon.tsx';
import { hyphenateFinnish } from '../../../lib/hyphenate.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import classes from './reason-buttons.module.css';

/** "+1", "−2": a reason's coins, signed. */
export function signedCoins(coins: number): string {
  return `${coins < 0 ? '−' : '+'}${Math.abs(coins)}`;
}

/** A reason's button content: its icon, name and coins (under the name on a phone). */
function ReasonLabel({ reason }: { reason: TAwardReason }) {
  const { i18n } = useTranslation();
  return (
    <>
      <span className={classes.icon}>
        <ReasonIcon icon={reason.icon} size={18} />
      </span>
      <span className={classes.text}>
        {/* A long Finnish word breaks at a syllable in a phone's narrow button. */}
        <span className={classes.name}>{i18n.language === 'fi' ? hyphenateFinnish(reason.name) : reason.name}</span>
        <span className={classes.coins}>{signedCoins(reason.coins)}</span>
      </span>
    </>
  );
}

interface ReasonButtonsProps {
  /** The reasons shown, in order: "needs work" ones (negative) only where the group allows them. */
  reasons: TAwardReason[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  /** While an award is on its way, so a double tap does not award twice. */
  disabled: boolean;
  onAward: (reason: TAwardReason) => void;
  /** Opens the reasons' editor; left out for a co-teacher. */
  onEdit?: (() => void) | undefined;
}

/**
 * The one-tap awards (issue 32): a button for each reason. A tap awards at once; the notice that
 * follows offers the undo.
 */
export function ReasonButtons({ reasons, isPending, error, onRetry, disabled, onAward, onEdit }: ReasonButtonsProps) {
  const { t } = useTranslation();
  const positive = reasons?.filter((reason) => reason.coins > 0) ?? [];
  const needsWork = reasons?.filter((reason) => reason.coins < 0) ?? [];
  const button = (reason: TAwardReason) => (
    <UnstyledButton
      key={reason.id}
      className={classes.reason}
      data-needs-work={reason.coins < 0 || undefined}
      disabled={disabled}
      onClick={() => onAward(reason)}
      aria-label={t('groups.reasons.button', { name: reason.name, amount: t(reason.coins < 0 ? 'groups.reasons.amountTaken' : 'groups.reasons.amountGiven', { count: Math.abs(reason.coins) }) })}
      data-testid="reason-button"
    >
      <ReasonLabel reason={reason} />
    </UnstyledButton>
  );

  return (
    <div className={classes.reasons}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={700} id="reason-buttons-label">
          {t('groups.reasons.quick')}
        </Text>
        {onEdit ? (
          <Button variant="subtle" size="compact-sm" leftSection={<IconPencil size={14} />} onClick={onEdit} data-testid="edit-reasons-button">
            {t('groups.reasons.edit')}
          </Button>
        ) : null}
      </Group>
      {isPending ? (
        <div className={classes.row} aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={40} width={150} radius="xl" />
          <Skeleton height={40} width={120} radius="xl" />
          <Skeleton height={40} width={140} radius="xl" />
        </div>
      ) : null}
      {error ? <QueryError error={error} onRetry={onRetry} /> : null}
      {reasons && positive.length === 0 && needsWork.length === 0 ? (
        <Text size="sm" c="dark.5">
          {t('groups.reasons.none')}
        </Text>
      ) : null}
      {positive.length > 0 ? (
        <div className={classes.row} role="group" aria-labelledby="reason-buttons-label" data-testid="reason-buttons">
          {positive.map(button)}
        </div>
      ) : null}
      {needsWork.length > 0 ? (
        <>
          <Text size="xs" fw={700} c="dark.5" id="needs-work-buttons-label" mt={4}>
            {t('groups.reasons.needsWork')}
          </Text>
          <div className={classes.row} role="group" aria-labelledby="needs-work-buttons-label" data-testid="needs-work-buttons">
            {needsWork.map(button)}
          </div>
        </>
      ) : null}
    </div>
  );
}
