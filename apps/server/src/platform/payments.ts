import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { PaymentProviderName } from '@kolikko/core/schemas/payments';
import type { PaymentsConfig } from '../config.ts';

/** What a payment intent is created with: the amount is the server's own, VAT included. */
export interface CreatePaymentIntentInput {
  /** The total charged, in cents. */
  amountCents: number;
  currency: 'eur';
  metadata: { teacher_id: string; coins: string; purchase_id: string };
  /** The same key answers the same intent, so a retried request never makes a second one. */
  idempotencyKey: string;
}

export interface CreatedPaymentIntent {
  id: string;
  clientSecret: string;
}

/** A payment intent as an event reports it. */
export interface EventPaymentIntent {
  id: string;
  /** Cents. */
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

/** A verified provider event; `intent` is set for payment intent events only. */
export interface PaymentEvent {
  id: string;
  type: string;
  intent: EventPaymentIntent | null;
}

/** A webhook whose signature is missing, wrong or too old: nothing in it may be believed. */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

/**
 * The provider failed or refused a call. Its own error is the cause: the SDK's errors carry the
 * provider's HTTP status, which must not become ours (a refusal by Stripe is no fault of the client).
 */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

/** Takes card payments. One interface, two drivers: Stripe, and dev (completed on this machine). */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** What the web's payment form is opened with; null for dev. */
  readonly publishableKey: string | null;
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<CreatedPaymentIntent>;
  /** The event of a webhook delivery, from its raw bytes, if its signature holds; else throws WebhookVerificationError. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}

/** How far a webhook's signature time may be from now, either way: the SDK's own default for the past. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the SDK sends API calls; tests point it at a stand-in on 127.0.0.1. */
  sdk?: { host?: string; port?: number; protocol?: 'http' | 'https' };
}

/** The configured driver: Stripe with its three keys, else dev. */
export function createPaymentProvider(config: PaymentsConfig): PaymentProvider {
  return config.provider === 'stripe' ? createStripeProvider(config) : createDevProvider();
}

export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(opts.secretKey, { ...opts.sdk, telemetry: false });
  return {
    name: 'stripe',
    publishableKey: opts.publishableKey,

    async createPaymentIntent({ amountCents, currency, metadata, idempotencyKey }) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          { amount: amountCents, currency, metadata, automatic_payment_methods: { enabled: true } },
          { idempotencyKey },
        );
      } catch (err) {
        throw new PaymentProviderError('Stripe did not create the payment intent', { cause: err });
      }
      if (!intent.client_secret) throw new PaymentProviderError(`Stripe answered payment intent ${intent.id} without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookVerificationError('no stripe-signature header');
      let event: Stripe.Event;
      try {
        // The SDK's default tolerance (300 s) refuses a replay of an old delivery with a fresh body.
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, opts.webhookSecret);
      } catch (err) {
        throw new WebhookVerificationError(err instanceof Error ? err.message : 'signature verification failed');
      }
      // It looks only back: a signature dated ahead of now (signed with a leaked secret, or by a
      // clock far off) is refused here, with the same tolerance the other way.
      const signedAt = Number(/(?:^|,)t=(\d+)(?:,|$)/.exec(signatureHeader)?.[1]);
      if (!Number.isFinite(signedAt) || signedAt - Date.now() / 1000 > WEBHOOK_TOLERANCE_SECONDS) {
        throw new WebhookVerificationError('Timestamp outside the tolerance zone');
      }
      const object = event.data.object;
      const intent =
        object.object === 'payment_intent' ? { id: object.id, amount: object.amount, currency: object.currency, metadata: object.metadata ?? {} } : null;
      return { id: event.id, type: event.type, intent };
    },
  };
}

/**
 * Without Stripe keys: intents are made up here and nothing is charged. The dev succeed route
 * (never in production) completes them through the same credit as a webhook.
 */
export function createDevProvider(): PaymentProvider {
  const random = () => randomBytes(12).toString('hex');
  return {
    name: 'dev',
    publishableKey: null,

    async createPaymentIntent() {
      const id = `pi_dev_${random()}`;
      return { id, clientSecret: `${id}_secret_${random()}` };
    },

    verifyWebhook() {
      throw new WebhookVerificationError('the dev provider receives no webhooks');
    },
  };
}
