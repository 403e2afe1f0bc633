import { useMutation } from '@tanstack/react-query';
import { isErrorCode } from '@kolikko/core/errors';
import type { PaymentProviderName, TCreatePaymentIntentResponse, TDevPaymentSucceeded } from '@kolikko/core/schemas/payments';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { refreshSession, setSessionCoins } from '../../../lib/auth.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { invalidateOwedRewards, setOwedRewards } from '../../../lib/queries/owed-rewards.ts';
import { purchaseHistoryQueryKey } from './get-purchase-history.ts';

export function createPaymentIntent(provider: PaymentProviderName, userId: string, coins: number): Promise<TCreatePaymentIntentResponse> {
  return apiRequest<TCreatePaymentIntentResponse>(`/${provider}/create-payment-intent`, { method: 'POST', body: { userId, coins } });
}

/**
 * The dev provider's stand-in for the card: the server credits the coins as Stripe's webhook
 * would, pays what the purse owes, and answers with the purse and what it still owes.
 */
export function succeedDevPayment(paymentIntentId: string): Promise<TDevPaymentSucceeded> {
  return apiRequest<TDevPaymentSucceeded>(`/dev/payments/${encodeURIComponent(paymentIntentId)}/succeed`, { method: 'POST' });
}

/**
 * Why a payment did not go through, as the checkout says it (spec section 8's client payment
 * messages): a translation key, or the provider's own words when it gave any.
 */
export type PaymentFailure = { kind: 'key'; key: string } | { kind: 'provider'; text: string };

export const PAYMENT_FAILURES = {
  paymentFailed: { kind: 'key', key: 'shop.payment.errors.paymentFailed' },
  libraryNotLoaded: { kind: 'key', key: 'shop.payment.errors.libraryNotLoaded' },
  initFailed: { kind: 'key', key: 'shop.payment.errors.initFailed' },
  unexpected: { kind: 'key', key: 'shop.payment.errors.unexpected' },
} as const satisfies Record<string, PaymentFailure>;

/**
 * A failed create-payment-intent: the server's own code when it named one that means something to
 * the teacher (an unknown package, a session that ended), else "failed to initialize payment".
 */
export function intentFailure(error: unknown): PaymentFailure {
  if (!(error instanceof ApiError)) return PAYMENT_FAILURES.unexpected;
  if (error.status === 0 || error.status >= 500 || !isErrorCode(error.errorCode)) return PAYMENT_FAILURES.initFailed;
  return { kind: 'key', key: `errors.${error.errorCode}` };
}

/** After coins were credited: the purse, what it owes and the history are read again. */
export function refreshAfterPurchase(teacherId: string): void {
  void refreshSession();
  void queryClient.invalidateQueries({ queryKey: purchaseHistoryQueryKey(teacherId) });
  invalidateOwedRewards();
}

class DevPaymentError extends Error {
  readonly failure: PaymentFailure;

  constructor(failure: PaymentFailure) {
    super(failure.kind === 'key' ? failure.key : failure.text);
    this.name = 'DevPaymentError';
    this.failure = failure;
  }
}

export function failureOf(error: unknown): PaymentFailure {
  return error instanceof DevPaymentError ? error.failure : PAYMENT_FAILURES.unexpected;
}

/**
 * The dev provider's checkout: starts a payment intent as the Stripe checkout does, then completes
 * it on the server at once (no card). Each step that fails says so in its own words.
 */
export function useDevPayment(teacherId: string) {
  return useMutation({
    mutationFn: async (coins: number) => {
      let intent: TCreatePaymentIntentResponse;
      try {
        intent = await createPaymentIntent('dev', teacherId, coins);
      } catch (error) {
        throw new DevPaymentError(intentFailure(error));
      }
      try {
        return await succeedDevPayment(intent.paymentIntentId);
      } catch (error) {
        throw new DevPaymentError(error instanceof ApiError ? PAYMENT_FAILURES.paymentFailed : PAYMENT_FAILURES.unexpected);
      }
    },
    onSuccess: ({ coins, owed }) => {
      setSessionCoins(coins);
      setOwedRewards(teacherId, owed);
      void queryClient.invalidateQueries({ queryKey: purchaseHistoryQueryKey(teacherId) });
    },
  });
}
