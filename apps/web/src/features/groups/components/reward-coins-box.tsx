import { useState } from 'react';
import { Alert, Anchor, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../lib/router.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { COIN_AWARD_MAX, COIN_AWARD_MIN } from '@kolikko/core/limits';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { CoinIcon, IconAlertTriangle } from '../../../components/icons.tsx';
import { showSuccess } from '../../../lib/banner.ts';
import { coinsValue } from '../../../lib/banner-text.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { useAwardCoins } from '../api/award-coins.ts';

interface RewardCoinsBoxProps {
  groupId: string;
  selectedIds: string[];
  teacherCoins: number;
}

/** A whole number from COIN_AWARD_MIN to COIN_AWARD_MAX, or null while the box holds something else. */
function awardOf(value: number | string): number | null {
  const number = typeof value === 'number' ? value : Number(value);
  if (value === '' || !Number.isInteger(number) || number < COIN_AWARD_MIN || number > COIN_AWARD_MAX) return null;
  return number;
}

/**
 * Spec sections 2 and 5: give (or, negative, take back) the same coins to the selected students.
 * 0 does nothing, so the button stays disabled; the teacher confirms the amount and the number
 * of students before anything is sent.
 */
export function RewardCoinsBox({ groupId, selectedIds, teacherCoins }: RewardCoinsBoxProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | string>(0);
  const [confirming, setConfirming] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  /** The award the purse could not cover: what it needs and what the purse holds. */
  const [shortOf, setShortOf] = useState<{ needed: number; available: number } | null>(null);
  const award = useAwardCoins(groupId);
  const coinsText = (amount: number) => t('common.coinsAmount', { count: amount });

  const coins = awardOf(value);
  const count = selectedIds.length;
  const isTaking = coins !== null && coins < 0;
  const canSend = coins !== null && coins !== 0 && count > 0;

  function request() {
    if (coins === null || coins === 0 || count === 0) return;
    // Spec section 5: more than the purse holds shows the no-coins message without asking the server.
    if (coins > 0 && coins * count > teacherCoins) {
      setErrorKey(null);
      setShortOf({ needed: coins * count, available: teacherCoins });
      return;
    }
    setErrorKey(null);
    setShortOf(null);
    setConfirming(true);
  }

  function send() {
    if (coins === null) return;
    award.mutate(
      { memberIds: selectedIds, coins },
      {
        onSuccess: () => {
          setConfirming(false);
          setValue(0);
          showSuccess(coins > 0 ? 'success.COINS_GIVEN' : 'success.COINS_TAKEN', { coins: coinsValue(Math.abs(coins)), count });
        },
        onError: (error) => {
          setConfirming(false);
          const { needed, available } = error instanceof ApiError ? error.details : {};
          if (errorCodeOf(error) === 'MISC.TEACHER_OUT_OF_COINS' && needed !== undefined && available !== undefined) setShortOf({ needed, available });
          else setErrorKey(errorMessageKey(errorCodeOf(error)));
        },
      },
    );
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
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label={t('groups.award.amount')}
            description={t('groups.award.amountHint', { min: COIN_AWARD_MIN, max: COIN_AWARD_MAX })}
            value={value}
            onChange={(next) => {
              setValue(next);
              setErrorKey(null);
              setShortOf(null);
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
        {shortOf ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="award-error">
            <Text size="sm">
              {t('groups.award.notEnough', { needed: coinsText(shortOf.needed), available: coinsText(shortOf.available) })}
            </Text>
            <Anchor component={Link} to="/teacher/shop/coins" size="sm" fw={600}>
              {t('groups.award.buyCoins')}
            </Anchor>
          </Alert>
        ) : null}
        {errorKey ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="award-error">
            {t(errorKey)}
          </Alert>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={send}
        loading={award.isPending}
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
    </Paper>
  );
}
