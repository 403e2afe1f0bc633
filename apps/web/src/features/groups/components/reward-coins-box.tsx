import { useState } from 'react';
import { Alert, Anchor, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../lib/router.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { COIN_AWARD_MAX, COIN_AWARD_MIN } from '@kolikko/core/limits';
import type { TMember } from '@kolikko/core/schemas/groups';
import type { TAwardReason } from '@kolikko/core/schemas/reasons';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { CoinIcon, IconAlertTriangle } from '../../../components/icons.tsx';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import type { GiveAward } from '../hooks/use-give-award.ts';
import type { AwardTargetDialogProps } from './award-target-dialog.tsx';
import { ReasonButtons } from './reason-buttons.tsx';
import classes from './reason-buttons.module.css';

const AwardTargetDialog = lazyDialog<AwardTargetDialogProps>(
  () => import('./award-target-dialog.tsx').then((module) => module.AwardTargetDialog),
  (props) => props.reason !== null,
);

interface RewardCoinsBoxProps {
  members: TMember[];
  selectedIds: string[];
  teacherCoins: number;
  giving: GiveAward;
  reasons: { data: TAwardReason[] | undefined; isPending: boolean; error: unknown; refetch: () => unknown };
  onEditReasons?: (() => void) | undefined;
}

/** A whole number from COIN_AWARD_MIN to COIN_AWARD_MAX, or null while the box holds something else. */
function awardOf(value: number | string): number | null {
  const number = typeof value === 'number' ? value : Number(value);
  if (value === '' || !Number.isInteger(number) || number < COIN_AWARD_MIN || number > COIN_AWARD_MAX) return null;
  return number;
}

/**
 * Spec sections 2 and 5: give (or, negative, take back) coins to the selected students. A reason
 * (issue 32) awards its coins with one tap, at once (the notice after it offers the undo); with
 * nobody selected it asks whether the whole class or a small group gets it. A number of coins
 * is confirmed first, with the amount and the number of students; 0 does nothing, so the button
 * stays disabled.
 */
export function RewardCoinsBox({ members, selectedIds, teacherCoins, giving, reasons, onEditReasons }: RewardCoinsBoxProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | string>(0);
  const [confirming, setConfirming] = useState(false);
  const [choosingFor, setChoosingFor] = useState<TAwardReason | null>(null);
  const coinsText = (amount: number) => t('common.coinsAmount', { count: amount });
  const { problem } = giving;

  const coins = awardOf(value);
  const count = selectedIds.length;
  const isTaking = coins !== null && coins < 0;
  const canSend = coins !== null && coins !== 0 && count > 0;
  const selected = members.filter((member) => selectedIds.includes(member.id));

  function awardReason(reason: TAwardReason) {
    if (selected.length === 0) setChoosingFor(reason);
    else giving.give(selected, { reason });
  }

  function request() {
    if (coins === null || coins === 0 || count === 0) return;
    giving.clearProblem();
    // Spec section 5: more than the purse holds shows the no-coins message without asking the server.
    if (giving.shortfall(coins, count)) giving.give(selected, { coins });
    else setConfirming(true);
  }

  function send() {
    if (coins === null) return;
    giving.give(selected, { coins }, {
      onDone: () => {
        setConfirming(false);
        setValue(0);
      },
    });
  }

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="reward-coins-title" data-testid="reward-coins-box">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={3} fz="lg" id="reward-coins-title">
            {t('groups.award.title')}
          </Title>
          <Text size="sm" c="dark.5" data-testid="selected-count">
            {t('groups.award.selected', { count })}
          </Text>
        </Group>
        <ReasonButtons
          reasons={reasons.data}
          isPending={reasons.isPending}
          error={reasons.error}
          onRetry={() => void reasons.refetch()}
          disabled={giving.isPending}
          onAward={awardReason}
          onEdit={onEditReasons}
        />
        <Text size="xs" c="dark.5">
          {t(count === 0 ? 'groups.reasons.hintNobody' : 'groups.reasons.hint')}
        </Text>
        <Text size="xs" c="dark.5" className={classes.or}>
          {t('groups.award.orAmount')}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label={t('groups.award.amount')}
            description={t('groups.award.amountHint', { min: COIN_AWARD_MIN, max: COIN_AWARD_MAX })}
            value={value}
            onChange={(next) => {
              setValue(next);
              giving.clearProblem();
            }}
            min={COIN_AWARD_MIN}
            max={COIN_AWARD_MAX}
            allowDecimal={false}
            clampBehavior="strict"
            leftSection={<CoinIcon size={18} />}
            // NumberInput is a text box; the role and values make it the spin button it behaves as.
            role="spinbutton"
            aria-valuemin={COIN_AWARD_MIN}
            aria-valuemax={COIN_AWARD_MAX}
            aria-valuenow={coins ?? undefined}
            w={{ base: '100%', xs: 280 }}
          />
          <Button onClick={request} disabled={!canSend} color={isTaking ? 'red.8' : undefined} w={{ base: '100%', xs: 'auto' }}>
            {isTaking ? t('groups.award.take') : t('groups.award.give')}
          </Button>
        </Group>
        {count === 0 ? (
          <Text size="sm" c="dark.5">
            {t('groups.award.selectFirst')}
          </Text>
        ) : null}
        {problem?.kind === 'short' ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="award-error">
            <Text size="sm">
              {t('groups.award.notEnough', { needed: coinsText(problem.needed), available: coinsText(problem.available) })}
            </Text>
            <Anchor component={Link} to="/teacher/shop/coins" size="sm" fw={600}>
              {t('groups.award.buyCoins')}
            </Anchor>
          </Alert>
        ) : null}
        {problem?.kind === 'error' ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="award-error">
            {t(problem.key)}
          </Alert>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={send}
        loading={giving.isPending}
        danger={isTaking}
        title={isTaking ? t('groups.award.confirmTakeTitle') : t('groups.award.confirmGiveTitle')}
      >
        <Stack gap="xs">
          <Text>
            {isTaking
              ? t('groups.award.confirmTake', { coins: coinsText(Math.abs(coins ?? 0)), count })
              : t('groups.award.confirmGive', { coins: coinsText(coins ?? 0), count })}
          </Text>
          <Text size="sm" c="dark.5">
            {isTaking
              ? t('groups.award.takeNote')
              : t('groups.award.giveNote', { total: coinsText((coins ?? 0) * count), purse: coinsText(teacherCoins) })}
          </Text>
        </Stack>
      </ConfirmModal>
      <AwardTargetDialog
        reason={choosingFor}
        members={members}
        onChoose={(chosen) => {
          const reason = choosingFor;
          setChoosingFor(null);
          if (reason) giving.give(chosen, { reason });
        }}
        onClose={() => setChoosingFor(null)}
      />
    </Paper>
  );
}
