import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Button, Stack } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Appearance, Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n.ts';
import { IconCreditCard } from '../../../components/teacher-icons.tsx';
import { formatEuros } from '../../../lib/format.ts';
import type { CoinPackage } from '../api/coin-packages.ts';
import { createPaymentIntent, intentFailure, PAYMENT_FAILURES, type PaymentFailure } from '../api/pay-for-coins.ts';
import { rememberPendingPurchase } from '../api/pending-purchase.ts';
import { paymentSuccessPath } from './dev-payment-form.tsx';
import { PaymentFailureAlert, PaymentFormSkeleton } from './payment-messages.tsx';

/**
 * Stripe's Payment Element. This module is loaded on demand by the checkout (React.lazy), so
 * Stripe's libraries are in a chunk of their own that only this page fetches; the `pure` entry
 * adds Stripe.js to the page only when loadStripe is called, here.
 */

/** The Payment Element in the app's colours (indigo buttons, our radius and font). */
const APPEARANCE: Appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#4263eb',
    colorText: '#1a1b1e',
    colorDanger: '#c92a2a',
    borderRadius: '8px',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
};

/** Stripe's own error types whose message is written for the person paying. */
const PROVIDER_MESSAGE_TYPES = new Set(['card_error', 'validation_error']);

function PayButton({ pack, busy, disabled }: { pack: CoinPackage; busy: boolean; disabled: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Button
      type="submit"
      size="md"
      leftSection={<IconCreditCard size={18} />}
      loading={busy}
      disabled={disabled || busy}
      w={{ base: '100%', xs: 'auto' }}
      style={{ alignSelf: 'flex-start' }}
      data-testid="pay-button"
    >
      {t('shop.payment.pay', { total: formatEuros(pack.total, i18n.language) })}
    </Button>
  );
}

/** Inside <Elements>: the Payment Element and the pay button; confirming leaves for Stripe's return URL. */
function StripeCheckoutForm({ pack }: { pack: CoinPackage }) {
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!stripe || !elements) {
      setFailure(PAYMENT_FAILURES.libraryNotLoaded);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      rememberPendingPurchase(pack.coins);
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${paymentSuccessPath(pack.coins)}` },
      });
      // Reached only when the payment could not be confirmed; success leaves for the return URL.
      setFailure(PROVIDER_MESSAGE_TYPES.has(error.type) && error.message ? { kind: 'provider', text: error.message } : PAYMENT_FAILURES.paymentFailed);
    } catch {
      setFailure(PAYMENT_FAILURES.unexpected);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <PaymentElement
          options={{ layout: 'tabs' }}
          onReady={() => setElementReady(true)}
          onLoadError={() => setFailure(PAYMENT_FAILURES.libraryNotLoaded)}
        />
        {failure ? <PaymentFailureAlert failure={failure} /> : null}
        <PayButton pack={pack} busy={busy} disabled={!stripe || !elements || !elementReady} />
      </Stack>
    </form>
  );
}

type LibraryState = 'loading' | 'ready' | 'failed';

/**
 * Loads Stripe.js, starts a payment intent for the package, then shows the Payment Element for
 * its client secret. Each step that fails says so (spec section 8) and can be tried again.
 */
export function StripePaymentForm({ publishableKey, teacherId, pack }: { publishableKey: string; teacherId: string; pack: CoinPackage }) {
  const { i18n } = useTranslation();
  const [stripePromise, setStripePromise] = useState<Promise<Stripe | null>>(() => loadStripe(publishableKey));
  const [library, setLibrary] = useState<LibraryState>('loading');
  const intent = useMutation({ mutationFn: () => createPaymentIntent('stripe', teacherId, pack.coins) });
  const started = useRef(false);
  const { mutate: startIntent } = intent;

  useEffect(() => {
    let current = true;
    stripePromise.then(
      (stripe) => current && setLibrary(stripe ? 'ready' : 'failed'),
      () => current && setLibrary('failed'),
    );
    return () => {
      current = false;
    };
  }, [stripePromise]);

  // One intent per visit of the checkout (StrictMode runs effects twice in development).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startIntent();
  }, [startIntent]);

  if (library === 'failed') {
    return (
      <PaymentFailureAlert
        failure={PAYMENT_FAILURES.libraryNotLoaded}
        onRetry={() => {
          setLibrary('loading');
          setStripePromise(loadStripe(publishableKey));
        }}
      />
    );
  }
  if (intent.isError) return <PaymentFailureAlert failure={intentFailure(intent.error)} onRetry={() => intent.mutate()} />;
  if (!intent.data || library === 'loading') return <PaymentFormSkeleton />;

  return (
    <Elements
      stripe={stripePromise}
      options={{ clientSecret: intent.data.clientSecret, locale: i18n.language, appearance: APPEARANCE }}
    >
      <StripeCheckoutForm pack={pack} />
    </Elements>
  );
}
