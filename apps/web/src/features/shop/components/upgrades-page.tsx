import { useState, type ReactNode } from 'react';
import { Anchor, Button, Group, NumberInput, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { EXTRA_GROUP_PRICE } from '@kolikko/core/limits';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import { ZPurchaseGroupRequest } from '@kolikko/core/schemas/groups';
import { CoinBadge } from '../../../components/coin-badge.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { IconUsers } from '../../../components/icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useGroupLimits } from '../../../lib/queries/get-group-limits.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePurchaseGroups } from '../api/purchase-groups.ts';

const AMOUNT_FIELD_ID = 'upgrade-amount';
/** The most slots one purchase may hold, as the request schema says. */
const MAX_AMOUNT = ZPurchaseGroupRequest.shape.amount.maxValue ?? undefined;

/** A whole number of slots, at least 1 (spec section 5); null for anything else. */
function amountOf(value: number | string): number | null {
  const number = typeof value === 'number' ? value : Number(value);
  if (value === '' || !Number.isInteger(number) || number < 1 || (MAX_AMOUNT !== undefined && number > MAX_AMOUNT)) return null;
  return number;
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" c="dark.5" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** /teacher/shop/upgrades: extra group slots bought with coins (EXTRA_GROUP_PRICE each). */
export function UpgradesPage({ teacher }: { teacher: TTeacherUser }) {
  const { t } = useTranslation();
  usePageTitle(t('teacher.pages.shopUpgrades'));
  const limits = useGroupLimits(teacher.id);
  const purchase = usePurchaseGroups(teacher.id);
  const [value, setValue] = useState<number | string>(1);
  const [invalid, setInvalid] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const amount = amountOf(value);
  const cost = (amount ?? 0) * EXTRA_GROUP_PRICE;
  const canAfford = cost <= teacher.coins;

  /** Spec section 5: an amount below 1 says "enter a valid number" and goes back to 1. */
  function checkAmount(): boolean {
    if (amount !== null) {
      setInvalid(false);
      return true;
    }
    setInvalid(true);
    setValue(1);
    return false;
  }

  function request() {
    if (!checkAmount()) {
      document.getElementById(AMOUNT_FIELD_ID)?.focus();
      return;
    }
    if (canAfford) setConfirming(true);
  }

  function buy() {
    if (amount === null) return;
    purchase.mutate(amount, {
      onSuccess: () => {
        setConfirming(false);
        setValue(1);
        showSuccess('success.GROUP_PURCHASED');
      },
      onError: (error) => {
        setConfirming(false);
        showErrorCode(errorCodeOf(error));
      },
    });
  }

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('shop.upgrades.title')}
        </Title>
        <Text c="dark.5" size="lg">
          {t('shop.upgrades.intro', { price: EXTRA_GROUP_PRICE })}
        </Text>
      </Stack>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="upgrade-usage-title">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="upgrade-usage-title">
            {t('shop.upgrades.usageTitle')}
          </Title>
          {limits.isPending ? <Skeleton height={48} radius="md" /> : null}
          {limits.isError ? <QueryError error={limits.error} onRetry={() => void limits.refetch()} /> : null}
          {limits.data ? (
            <>
              <Text size="lg" fw={700} data-testid="group-usage">
                {t('shop.upgrades.usage', { used: limits.data.current_usage, count: limits.data.total_limit })}
              </Text>
              <Progress
                value={limits.data.total_limit > 0 ? Math.min(100, (limits.data.current_usage / limits.data.total_limit) * 100) : 0}
                size="lg"
                radius="xl"
                color={limits.data.current_usage >= limits.data.total_limit ? 'orange.8' : 'indigo'}
                aria-label={t('shop.upgrades.usageTitle')}
              />
            </>
          ) : null}
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="upgrade-buy-title">
        <Stack gap="md">
          <Group gap="sm">
            <IconUsers size={24} />
            <Title order={2} fz="lg" id="upgrade-buy-title">
              {t('shop.upgrades.buyTitle')}
            </Title>
          </Group>
          <NumberInput
            id={AMOUNT_FIELD_ID}
            label={t('shop.upgrades.amount')}
            description={t('shop.upgrades.amountHint', { price: EXTRA_GROUP_PRICE })}
            value={value}
            onChange={(next) => {
              setValue(next);
              setInvalid(false);
            }}
            min={1}
            max={MAX_AMOUNT}
            allowDecimal={false}
            allowNegative={false}
            // Checked on "Buy", not clamped on blur: spec section 5 wants the message, then 1.
            clampBehavior="none"
            error={invalid ? t('shop.upgrades.invalidAmount') : undefined}
            role="spinbutton"
            aria-valuemin={1}
            aria-valuemax={MAX_AMOUNT}
            aria-valuenow={amount ?? undefined}
            w={{ base: '100%', xs: 240 }}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Stat label={t('shop.upgrades.cost')}>
              <div data-testid="upgrade-cost">
                <CoinBadge coins={cost} size="lg" />
              </div>
            </Stat>
            <Stat label={t('shop.upgrades.yourCoins')}>
              <div data-testid="upgrade-purse">
                <CoinBadge coins={teacher.coins} size="lg" />
              </div>
            </Stat>
          </SimpleGrid>
          {canAfford ? null : (
            <Text c="red.9" fw={600} role="alert" data-testid="upgrade-insufficient">
              {t('errors.PAYMENT.INSUFFICIENT_FUNDS')}{' '}
              <Anchor component={Link} to="/teacher/shop/coins" fw={700}>
                {t('shop.upgrades.buyCoins')}
              </Anchor>
            </Text>
          )}
          <Button size="md" onClick={request} disabled={!canAfford} w={{ base: '100%', xs: 'auto' }} style={{ alignSelf: 'flex-start' }}>
            {t('shop.upgrades.buy')}
          </Button>
        </Stack>
      </Paper>

      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={buy}
        loading={purchase.isPending}
        title={t('shop.upgrades.confirmTitle')}
      >
        <Text>{t('shop.upgrades.confirmText', { count: amount ?? 0, cost })}</Text>
      </ConfirmModal>
    </Stack>
  );
}
