import { randomUUID } from 'node:crypto';
import { AppError } from '@kolikko/core/errors';
import { BEST_VALUE_PACKAGE_COINS, VAT_RATE_PERMILLE } from '@kolikko/core/limits';
import { priceWithVat } from '@kolikko/core/rules/payments';
import type { TCoinPricing, TCreatePaymentIntentResponse, TDevPaymentSucceeded, TOwedRewards, TPaymentConfig } from '@kolikko/core/schemas/payments';
import type { CoinPackage } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Background } from '../../platform/background.ts';
import { queueOutboxMail } from '../../platform/mail-outbox.repo.ts';
import type { MailRelay } from '../../platform/mail-relay.ts';
import { WebhookVerificationError, type EventPaymentIntent, type PaymentEvent, type PaymentProvider } from '../../platform/payments.ts';
import { moveCoins, teacherAccount } from '../coins/ledger.repo.ts';
import { payOwedRewards, type OwedRewardsService, type OwedSettlement } from '../coins/owed-rewards.service.ts';
import { lockTeacherPurse, teacherCoins } from '../members/members.repo.ts';
import { receiptMail, receiptPage, type ReceiptLanguage, type Seller } from './payments.mail.ts';
import * as repo from './payments.repo.ts';

const CURRENCY = 'eur';

type Log = Record<'warn' | 'error', (obj: object, msg: string) => void>;

/** What one delivery of a payment did: only `credited` changed anything. */
export type CreditOutcome =
  | { kind: 'credited'; purchase: repo.CoinPurchaseRow; settlement: OwedSettlement }
  | { kind: 'already-credited' }
  | { kind: 'unknown-intent' }
  | { kind: 'amount-mismatch'; teacherId: string };

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * Buying coins by card (DESIGN.md section 4): the price is the server's own package table plus
 * VAT, the intent is recorded with those numbers, and coins are credited from a verified provider
 * event (or the dev succeed call), once per payment intent, for the recorded package.
 */
export function createPaymentsService(deps: {
  db: Db;
  provider: PaymentProvider;
  packages: CoinPackage[];
  owedRewards: OwedRewardsService;
  /** Sends the receipts queued in the outbox, after the answer (background). */
  relay: Pick<MailRelay, 'deliverDue'>;
  background: Pick<Background, 'run'>;
  log: Log;
  /** Named on every receipt (issue 33). */
  seller: Seller;
}) {
  const { db, provider, packages, owedRewards, relay, background, log, seller } = deps;
  const netByCoins = new Map(packages.map((p) => [p.coins, p.netCents]));

  /**
   * Credits a paid intent in one transaction, exactly once however many deliveries race: the
   * purse is locked first (the lock order of every purse change), then the purchase is marked
   * paid only if it was not (the one delivery that changes it credits), then the coins of the
   * recorded package move from mint, and owed rewards are paid from them.
   */
  async function credit(intent: EventPaymentIntent): Promise<CreditOutcome> {
    const outcome = await db.transaction(async (tx): Promise<CreditOutcome> => {
      const purchase = await repo.findCoinPurchase(tx, intent.id);
      if (!purchase) return { kind: 'unknown-intent' };
      if (intent.amount !== purchase.totalCents || intent.currency !== purchase.currency) return { kind: 'amount-mismatch', teacherId: purchase.teacherId };
      await lockTeacherPurse(tx, purchase.teacherId);
      const paid = await repo.markCoinPurchaseSucceeded(tx, intent.id);
      if (!paid) return { kind: 'already-credited' };
      await moveCoins(tx, {
        from: 'mint',
        to: teacherAccount(paid.teacherId),
        amount: paid.coins,
        reason: 'coin_purchase',
        actor: 'system',
        reference: paid.paymentIntentId,
      });
      const settlement = await payOwedRewards(tx, paid.teacherId);
      // The receipt is queued with the credit: both are kept, or neither, and the relay sends it
      // once, however long SMTP refuses it (issue 35).
      const teacher = await repo.findTeacherContact(tx, paid.teacherId);
      if (teacher) {
        const amounts = { coins: paid.coins, net: paid.netCents, vat: paid.vatCents, total: paid.totalCents };
        await queueOutboxMail(tx, receiptMail(teacher.email, teacher.username, { ...amounts, paymentIntentId: paid.paymentIntentId, date: paid.creditedAt ?? new Date() }, seller));
      }
      return { kind: 'credited', purchase: paid, settlement };
    });
    if (outcome.kind === 'unknown-intent') log.warn({ paymentIntentId: intent.id }, 'payment for an unknown payment intent: nothing credited');
    if (outcome.kind === 'amount-mismatch') {
      const { amount, currency } = intent;
      log.error({ paymentIntentId: intent.id, teacherId: outcome.teacherId, amount, currency }, 'payment amount differs from the recorded purchase: nothing credited');
    }
    if (outcome.kind === 'credited') {
      owedRewards.announce(outcome.purchase.teacherId, outcome.settlement, outcome.purchase.coins);
      background.run('receipt mail', async () => void (await relay.deliverDue()));
    }
    return outcome;
  }

  return {
    provider: provider.name,

    /**
     * GET purchase/receipt/{paymentIntentId} (issue 33): the printable receipt of one of the
     * teacher's own paid purchases; another's, or one not paid, is not found.
     */
    async receipt(teacherId: string, paymentIntentId: string, language: ReceiptLanguage): Promise<string> {
      const purchase = await repo.findCoinPurchase(db, paymentIntentId);
      if (!purchase || purchase.teacherId !== teacherId || purchase.status !== 'succeeded') throw new AppError('PAYMENT.PURCHASE_NOT_FOUND');
      const teacher = await repo.findTeacherContact(db, teacherId);
      const amounts = { coins: purchase.coins, net: purchase.netCents, vat: purchase.vatCents, total: purchase.totalCents };
      return receiptPage(teacher?.username ?? '', { ...amounts, paymentIntentId, date: purchase.creditedAt ?? purchase.createdAt }, seller, language);
    },

    /** GET config. */
    config(): Omit<TPaymentConfig, "sso_providers"> {
      return { publishableKey: provider.publishableKey, provider: provider.name };
    },

    /** GET {provider}/pricing: net cents by coin amount. */
    pricing(): TCoinPricing {
      return {
        prices: Object.fromEntries(packages.map((p) => [String(p.coins), p.netCents])),
        bestValue: BEST_VALUE_PACKAGE_COINS,
        vatPermille: VAT_RATE_PERMILLE,
        currency: CURRENCY,
      };
    },

    /**
     * POST {provider}/create-payment-intent: the amount is the package's net price plus VAT, from
     * our own table. The purchase row's id is the idempotency key, so a retry inside the SDK never
     * makes a second intent, and the row is written once the provider has answered.
     */
    async createPaymentIntent(teacherId: string, coins: number): Promise<TCreatePaymentIntentResponse> {
      const net = netByCoins.get(coins);
      if (net === undefined) throw new AppError('PAYMENT.INVALID_PACKAGE', { field: 'coins' });
      const price = priceWithVat(net);
      const purchaseId = randomUUID();
      const intent = await provider.createPaymentIntent({
        amountCents: price.total,
        currency: CURRENCY,
        metadata: { teacher_id: teacherId, coins: String(coins), purchase_id: purchaseId },
        idempotencyKey: purchaseId,
      });
      await repo.insertCoinPurchase(db, {
        id: purchaseId,
        teacherId,
        provider: provider.name,
        paymentIntentId: intent.id,
        coins,
        netCents: price.net,
        vatCents: price.vat,
        totalCents: price.total,
        currency: CURRENCY,
      });
      return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, coins, ...price };
    },

    /**
     * POST stripe/webhook: a delivery whose signature does not hold changes nothing (400). A
     * verified one is acknowledged whatever it says, so the provider stops sending it; only
     * payment_intent.succeeded credits.
     */
    async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      let event: PaymentEvent;
      try {
        event = provider.verifyWebhook(rawBody, signature);
      } catch (err) {
        if (!(err instanceof WebhookVerificationError)) throw err;
        log.warn({ reason: err.message }, 'webhook refused: signature not verified');
        throw new AppError('VALIDATION.INVALID_INPUT', { message: 'Webhook signature not verified' });
      }
      if (event.type === 'payment_intent.succeeded' && event.intent) await credit(event.intent);
    },

    /**
     * POST dev/payments/{id}/succeed: the dev provider's stand-in for the card and the webhook.
     * Only the teacher who made the intent may complete it (another's, or an unknown one: NOT_YOU).
     */
    async devSucceed(teacherId: string, paymentIntentId: string): Promise<TDevPaymentSucceeded> {
      const purchase = await repo.findCoinPurchase(db, paymentIntentId);
      if (!purchase || purchase.teacherId !== teacherId || purchase.provider !== 'dev') throw new AppError('USER.NOT_YOU');
      const metadata = { teacher_id: purchase.teacherId, coins: String(purchase.coins), purchase_id: purchase.id };
      const outcome = await credit({ id: purchase.paymentIntentId, amount: purchase.totalCents, currency: purchase.currency, metadata });
      const [coins, owed] = await Promise.all([teacherCoins(db, teacherId), owedRewards.summary(teacherId)]);
      return { credited: outcome.kind === 'credited', coins, owed };
    },

    /** GET owed-rewards/{userId}. */
    async owedSummary(teacherId: string): Promise<TOwedRewards> {
      return owedRewards.summary(teacherId);
    },
  };
}
