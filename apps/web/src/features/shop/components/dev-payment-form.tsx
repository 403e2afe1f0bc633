import { Button, Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNavigate } from '../../../lib/router.tsx';
import { IconCreditCard } from '../../../components/teacher-icons.tsx';
import { formatEuros } from '../../../lib/format.ts';
import type { CoinPackage } from '../api/coin-packages.ts';
import { failureOf, useDevPayment } from '../api/pay-for-coins.ts';
import { PaymentFailureAlert, TestPaymentNote } from './payment-messages.tsx';

/** Where a completed payment lands; `confirmed` says the coins are already credited. */
export function paymentSuccessPath(coins: number): string {
  return `/teacher/shop/coins/payment-success?coins=${coins}`;
}

export interface PaymentSuccessState {
  confirmed: true;
}

/**
 * The dev provider's payment form (never in production): one confirm button that states the
 * total. It starts a payment intent and has the server complete it, then shows payment-success.
 */
export function DevPaymentForm({ teacherId, pack }: { teacherId: string; pack: CoinPackage }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const pay = useDevPayment(teacherId);

  function submit() {
    if (pay.isPending) return;
    pay.mutate(pack.coins, {
      onSuccess: () => void navigate(paymentSuccessPath(pack.coins), { state: { confirmed: true } satisfies PaymentSuccessState }),
    });
  }

  return (
    <Stack gap="md">
      <TestPaymentNote />
      {pay.isError ? <PaymentFailureAlert failure={failureOf(pay.error)} /> : null}
      <Button
        size="md"
        leftSection={<IconCreditCard size={18} />}
        onClick={submit}
        loading={pay.isPending}
        disabled={pay.isPending}
        w={{ base: '100%', xs: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
        data-testid="pay-button"
      >
        {t('shop.payment.payTest', { total: formatEuros(pack.total, i18n.language) })}
      </Button>
    </Stack>
  );
}
