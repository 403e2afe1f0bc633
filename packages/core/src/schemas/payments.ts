import { z } from 'zod';
import { ZUserId } from './groups.ts';

/**
 * Buying coins by card (spec sections 2, 3, 7 and 9): the provider's configuration, the coin
 * packages and their prices, payment intents, and the coins the teacher's purse owes to students.
 */
export const PAYMENT_PROVIDERS = ['stripe', 'dev'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** GET /api/config. */
export const ZPaymentConfig = z.object({
  /** Stripe's publishable key; null with the dev provider. */
  publishableKey: z.string().nullable(),
  /** `stripe`, or `dev` (payments completed on this machine, never in production). */
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The teacher sign-in providers the operator configured (issue 34), in SSO_PROVIDERS' order: a button each on the login and signup pages. */
  sso_providers: z.array(z.object({ name: z.string(), label: z.string() })),
});
export type TPaymentConfig = z.infer<typeof ZPaymentConfig>;

/** The {provider} of /api/{provider}/pricing and /api/{provider}/create-payment-intent. */
export const ZProviderParams = z.object({ provider: z.enum(PAYMENT_PROVIDERS) });

/** GET /api/{provider}/pricing: the coin packages (cached 5 minutes by the web). */
export const ZCoinPricing = z.object({
  /** Coin amount (as a string key) -> net price in cents, VAT not included. */
  prices: z.record(z.string(), z.number().int()),
  /** The package flagged best value (500 coins). */
  bestValue: z.number().int(),
  /** VAT in thousandths (255 = 25.5 %). */
  vatPermille: z.number().int(),
  currency: z.literal('eur'),
});
export type TCoinPricing = z.infer<typeof ZCoinPricing>;

/** POST /api/{provider}/create-payment-intent. */
export const ZCreatePaymentIntentRequest = z.object({
  /** The signed-in teacher's own id. */
  userId: ZUserId,
  /** A listed package's coin amount. */
  coins: z.number().int(),
});
export type TCreatePaymentIntentRequest = z.infer<typeof ZCreatePaymentIntentRequest>;

export const ZPaymentAmounts = z.object({
  coins: z.number().int(),
  /** Cents. */
  net: z.number().int(),
  vat: z.number().int(),
  total: z.number().int(),
});
export type TPaymentAmounts = z.infer<typeof ZPaymentAmounts>;

export const ZCreatePaymentIntentResponse = ZPaymentAmounts.extend({
  /** What Stripe's Payment Element (or the dev confirm button) completes the payment with. */
  clientSecret: z.string(),
  paymentIntentId: z.string(),
});
export type TCreatePaymentIntentResponse = z.infer<typeof ZCreatePaymentIntentResponse>;

/** GET /api/owed-rewards/{userId}: rewards of completed todos the teacher's purse could not pay yet. */
export const ZOwedRewards = z.object({
  /** How many completions wait for coins. */
  rewards: z.number().int(),
  /** The coins they wait for, together. */
  coins: z.number().int(),
});
export type TOwedRewards = z.infer<typeof ZOwedRewards>;

/** POST /api/dev/payments/{paymentIntentId}/succeed (the dev provider, never in production). */
export const ZDevPaymentSucceeded = z.object({
  /** False when the payment intent was credited before: nothing changed. */
  credited: z.boolean(),
  /** The teacher's purse now, after any owed rewards were paid from it. */
  coins: z.number().int(),
  /** What the purse still owes. */
  owed: ZOwedRewards,
});
export type TDevPaymentSucceeded = z.infer<typeof ZDevPaymentSucceeded>;

/** POST /api/stripe/webhook: every verified delivery is acknowledged, whatever its event type. */
export const ZWebhookReceived = z.object({ received: z.literal(true) });
