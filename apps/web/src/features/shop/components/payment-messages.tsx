import { Alert, Button, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { IconAlertTriangle } from '../../../components/icons.tsx';
import { IconCreditCard } from '../../../components/teacher-icons.tsx';
import type { PaymentFailure } from '../api/pay-for-coins.ts';

/** Spec section 8: GET config failed, so the shop cannot say how to pay. */
export function PaymentOptionsError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={t('shop.payment.errors.configFailed')} role="alert" data-testid="payment-options-error">
      <Button size="xs" variant="white" color="red.9" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}

/** Why the payment did not go through: our text, or the provider's own when it gave one. */
export function PaymentFailureAlert({ failure, onRetry }: { failure: PaymentFailure; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert" data-testid="payment-error">
      <Stack gap="xs" align="flex-start">
        <Text size="sm" fw={600} c="red.9">
          {failure.kind === 'key' ? t(failure.key) : failure.text}
        </Text>
        {onRetry ? (
          <Button size="xs" variant="white" color="red.9" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** A note about how coins are paid for here: its title and text keys under shop.payment. */
function PaymentNote({ name, testId }: { name: 'test' | 'demo'; testId: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="indigo" variant="light" icon={<IconCreditCard size={20} />} title={t(`shop.payment.${name}Title`)} data-testid={testId}>
      <Text size="sm" c="dark.7">
        {t(`shop.payment.${name}Text`)}
      </Text>
    </Alert>
  );
}

/** With the dev provider: this is a test and nothing is charged. */
export const TestPaymentNote = () => <PaymentNote name="test" testId="test-payment-note" />;

/** In place of the coin packages in the demo at /proto, which buys no coins by card (issue 19). */
export const DemoPurseNote = () => <PaymentNote name="demo" testId="demo-purse-note" />;

/** While a payment form loads (the Stripe chunk, the intent, Stripe.js). */
export function PaymentFormSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status">
      <Skeleton height={220} radius="md" />
      <VisuallyHidden>{t('shop.payment.loadingForm')}</VisuallyHidden>
    </div>
  );
}
