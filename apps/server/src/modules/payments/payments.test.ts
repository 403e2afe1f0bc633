import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { priceWithVat } from '@kolikko/core/rules/payments';
import { queryRows } from '../../db/reset.ts';
import { createBackground } from '../../platform/background.ts';
import type { Mail, Mailer } from '../../platform/mail.ts';
import { createMailRelay } from '../../platform/mail-relay.ts';
import { createDevProvider, createStripeProvider } from '../../platform/payments.ts';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { expectBooksBalance } from '../../test/books.ts';
import { buildGroup, buildMember, buildOwedRewardsService, buildTeacher, buildTodo, buildTodolist, showTodolist } from '../../test/factories.ts';
import { nextEvent, socketClients } from '../../test/sockets.ts';
import { createPaymentsService } from './payments.service.ts';

/**
 * Buying coins by card (DESIGN.md section 4): the price is our own package table plus VAT, and
 * coins are credited once per payment intent, from a verified Stripe webhook or the dev
 * provider's succeed call. Stripe's API is a stand-in on 127.0.0.1; its webhooks are signed with
 * the SDK's own test signer.
 */

const SECRET_KEY = 'sk_test_standin';
const PUBLISHABLE_KEY = 'pk_test_standin';
const WEBHOOK_SECRET = 'whsec_standin_secret';

/** What the stand-in received: one entry per API call. */
interface StandInCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}
const standInCalls: StandInCall[] = [];
let standInFails = false;
let standInIntents = 0;

/** Stripe's API, as far as the server uses it: POST /v1/payment_intents answers a new intent. */
const standIn = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    standInCalls.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
    res.setHeader('content-type', 'application/json');
    if (standInFails) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Refused by the stand-in' } }));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/v1/payment_intents') {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unknown route' } }));
      return;
    }
    const id = `pi_standin_${++standInIntents}`;
    const metadata = Object.fromEntries([...form].flatMap(([k, v]) => (k.startsWith('metadata[') ? [[k.slice(9, -1), v]] : [])));
    res.end(JSON.stringify({ id, object: 'payment_intent', amount: Number(form.get('amount')), currency: form.get('currency'), metadata, client_secret: `${id}_secret_standin`, status: 'requires_payment_method' }));
  });
});
await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));
const standInPort = (standIn.address() as AddressInfo).port;

/** The default packages (dev provider, as without Stripe keys). */
const dev = await buildTestApp();
const db = dev.database.db;
const devAddress = await dev.app.listen({ port: 0, host: '127.0.0.1' });
const clients = socketClients(dev.app, devAddress);
const call = caller(dev.app);

/** Stripe against the stand-in, with packages whose VAT rounds both ways (100 -> 25.5 -> 26, 333 -> 84.915 -> 85). */
const STRIPE_PACKAGES = '100:100,250:333,500:750';
const stripe = await buildTestApp(
  { COIN_PACKAGES: STRIPE_PACKAGES, STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
  {
    paymentProvider: createStripeProvider({
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      sdk: { host: '127.0.0.1', port: standInPort, protocol: 'http' },
    }),
  },
);
const callStripe = caller(stripe.app);

const coinsOf = async (table: 'teachers' | 'members', id: string) =>
  (await queryRows<{ coins: number }>(db, sql`select coins from ${sql.raw(table)} where id = ${id}`))[0]?.coins;
const purchaseRows = async () =>
  queryRows<{ id: string; teacher_id: string; provider: string; payment_intent_id: string; coins: number; net_cents: number; vat_cents: number; total_cents: number; currency: string; status: string; credited_at: string | null }>(
    db,
    sql`select * from coin_purchases order by created_at`,
  );
const creditRows = async () =>
  queryRows<{ from_account: string; to_account: string; amount: number; actor: string; reference: string }>(
    db,
    sql`select from_account, to_account, amount, actor, reference from coin_ledger where reason = 'coin_purchase' order by id`,
  );

/** VAT as the spec says it: 25.5 % of the net cents, half a cent and more rounded up. */
const expectedVat = (net: number) => {
  const thousandths = net * 255;
  return Math.floor(thousandths / 1000) + (thousandths % 1000 >= 500 ? 1 : 0);
};

async function signedInTeacher(app = dev.app, coins?: number) {
  const teacher = await buildTeacher(db, coins === undefined ? {} : { coins });
  return { teacher, cookie: await signIn(app, teacher, 'teacher') };
}

async function devIntent(cookie: string, teacherId: string, coins = 500): Promise<{ paymentIntentId: string; total: number }> {
  const res = await call('POST', '/api/dev/create-payment-intent', cookie, { userId: teacherId, coins });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const succeed = (cookie: string | undefined, paymentIntentId: string) => call('POST', `/api/dev/payments/${paymentIntentId}/succeed`, cookie);

describe('payment configuration and prices', () => {
  it('names the provider and its publishable key, to anybody', async () => {
    expect((await call('GET', '/api/config')).json()).toEqual({ publishableKey: null, provider: 'dev', sso_providers: [] });
    expect((await callStripe('GET', '/api/config')).json()).toEqual({ publishableKey: PUBLISHABLE_KEY, provider: 'stripe', sso_providers: [] });
  });

  it('lists the packages in net cents with the best value, VAT and currency, under the configured provider only', async () => {
    const res = await call('GET', '/api/dev/pricing');
    expect([res.statusCode, res.json()]).toEqual([200, { prices: { '100': 200, '300': 500, '500': 750, '1000': 1600 }, bestValue: 500, vatPermille: 255, currency: 'eur' }]);
    expect((await callStripe('GET', '/api/stripe/pricing')).json()).toEqual({ prices: { '100': 100, '250': 333, '500': 750 }, bestValue: 500, vatPermille: 255, currency: 'eur' });
    for (const [c, url] of [
      [call, '/api/stripe/pricing'],
      [call, '/api/paypal/pricing'],
      [callStripe, '/api/dev/pricing'],
    ] as const) {
      const other = await c('GET', url);
      expect([url, other.statusCode, other.json().errorCode]).toEqual([url, 404, 'VALIDATION.INVALID_INPUT']);
    }
    // The static routes beside /{provider}/... still answer.
    expect((await call('GET', '/api/dev/outbox')).statusCode).toBe(200);
  });
});

describe('creating a payment intent', () => {
  it('charges the package net price plus VAT from our own table and records the purchase, crediting nothing yet', async () => {
    const { teacher, cookie } = await signedInTeacher();
    const res = await call('POST', '/api/dev/create-payment-intent', cookie, { userId: teacher.id, coins: 500 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ clientSecret: expect.stringMatching(/^pi_dev_\w+_secret_\w+$/), paymentIntentId: expect.stringMatching(/^pi_dev_\w+$/), coins: 500, net: 750, vat: 191, total: 941 });
    expect(body.clientSecret.startsWith(`${body.paymentIntentId}_secret_`)).toBe(true);
    expect(await purchaseRows()).toEqual([
      expect.objectContaining({ teacher_id: teacher.id, provider: 'dev', payment_intent_id: body.paymentIntentId, coins: 500, net_cents: 750, vat_cents: 191, total_cents: 941, currency: 'eur', status: 'created', credited_at: null }),
    ]);
    expect(await coinsOf('teachers', teacher.id)).toBe(300);
    expect(await creditRows()).toEqual([]);
  });

  it('refuses nobody, a student, another teacher\'s id, an unlisted package and a non-integer amount, recording nothing', async () => {
    const { teacher, cookie } = await signedInTeacher();
    const other = await buildTeacher(db);
    const member = await buildMember(db, (await buildGroup(db, teacher.id)).id);
    const memberCookie = await signIn(dev.app, member, 'member');
    const refusals: [string | undefined, object, number, string][] = [
      [undefined, { userId: teacher.id, coins: 500 }, 401, 'AUTH.NO_AUTH'],
      [memberCookie, { userId: teacher.id, coins: 500 }, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      [memberCookie, { userId: member.id, coins: 500 }, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      [cookie, { userId: other.id, coins: 500 }, 403, 'USER.NOT_YOU'],
      [cookie, { userId: teacher.id, coins: 250 }, 400, 'PAYMENT.INVALID_PACKAGE'],
      [cookie, { userId: teacher.id, coins: 0 }, 400, 'PAYMENT.INVALID_PACKAGE'],
      [cookie, { userId: teacher.id, coins: 2.5 }, 400, 'VALIDATION.INVALID_INPUT'],
      [cookie, { userId: teacher.id, coins: '500' }, 400, 'VALIDATION.INVALID_INPUT'],
      [cookie, { userId: teacher.id }, 400, 'VALIDATION.INVALID_INPUT'],
      [cookie, { userId: 'not-a-uuid', coins: 500 }, 400, 'USER.INVALID_USER_ID'],
    ];
    for (const [who, body, status, code] of refusals) {
      const res = await call('POST', '/api/dev/create-payment-intent', who, body);
      expect([body, res.statusCode, res.json().errorCode]).toEqual([body, status, code]);
    }
    const wrongProvider = await call('POST', '/api/stripe/create-payment-intent', cookie, { userId: teacher.id, coins: 500 });
    expect([wrongProvider.statusCode, wrongProvider.json().errorCode]).toEqual([404, 'VALIDATION.INVALID_INPUT']);
    expect(await purchaseRows()).toEqual([]);
  });

  it('asks Stripe for the total in cents, in euros, with the teacher and package as metadata, under an idempotency key and the secret key', async () => {
    const { teacher, cookie } = await signedInTeacher(stripe.app);
    const packages = stripe.config.coinPackages;
    expect(packages.map((p) => p.coins)).toEqual([100, 250, 500]);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...packages), async ({ coins, netCents }) => {
        const before = standInCalls.length;
        const res = await callStripe('POST', '/api/stripe/create-payment-intent', cookie, { userId: teacher.id, coins });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        const vat = expectedVat(netCents);
        expect(body).toEqual({ clientSecret: `${body.paymentIntentId}_secret_standin`, paymentIntentId: expect.stringMatching(/^pi_standin_\d+$/), coins, net: netCents, vat, total: netCents + vat });
        expect(priceWithVat(netCents)).toEqual({ net: netCents, vat, total: netCents + vat });

        const sent = standInCalls.slice(before);
        expect(sent.map((c) => [c.method, c.path])).toEqual([['POST', '/v1/payment_intents']]);
        const [request] = sent;
        const [row] = (await purchaseRows()).filter((r) => r.payment_intent_id === body.paymentIntentId);
        expect(request?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
        expect(request?.headers['idempotency-key']).toBe(row?.id);
        expect(Object.fromEntries(request?.form ?? [])).toEqual({
          amount: String(netCents + vat),
          currency: 'eur',
          'metadata[teacher_id]': teacher.id,
          'metadata[coins]': String(coins),
          'metadata[purchase_id]': row?.id,
          'automatic_payment_methods[enabled]': 'true',
        });
        expect(row).toMatchObject({ provider: 'stripe', coins, net_cents: netCents, vat_cents: vat, total_cents: netCents + vat, status: 'created' });
      }),
      { numRuns: 12 },
    );
    // Every key was used once: a new request is a new intent.
    const keys = standInCalls.map((c) => c.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('records nothing when Stripe refuses, and answers a server error', async () => {
    const { teacher, cookie } = await signedInTeacher(stripe.app);
    standInFails = true;
    try {
      const res = await callStripe('POST', '/api/stripe/create-payment-intent', cookie, { userId: teacher.id, coins: 500 });
      expect([res.statusCode, res.json().errorCode]).toEqual([500, 'SERVER.ERROR']);
    } finally {
      standInFails = false;
    }
    expect(await purchaseRows()).toEqual([]);
  });
});

describe('the dev provider completing a payment', () => {
  it('credits the package once: a second call changes nothing, and the books balance', async () => {
    const { teacher, cookie } = await signedInTeacher();
    const { paymentIntentId } = await devIntent(cookie, teacher.id, 300);
    const first = await succeed(cookie, paymentIntentId);
    expect([first.statusCode, first.json()]).toEqual([200, { credited: true, coins: 600, owed: { rewards: 0, coins: 0 } }]);
    const again = await succeed(cookie, paymentIntentId);
    expect([again.statusCode, again.json()]).toEqual([200, { credited: false, coins: 600, owed: { rewards: 0, coins: 0 } }]);
    expect(await coinsOf('teachers', teacher.id)).toBe(600);
    expect(await creditRows()).toEqual([{ from_account: 'mint', to_account: `teacher:${teacher.id}`, amount: 300, actor: 'system', reference: paymentIntentId }]);
    expect(await purchaseRows()).toEqual([expect.objectContaining({ status: 'succeeded', credited_at: expect.any(String) })]);
    await expectBooksBalance(db);
  });

  it("refuses nobody, a student, another teacher's intent and an unknown one, crediting nothing", async () => {
    const { teacher, cookie } = await signedInTeacher();
    const { paymentIntentId } = await devIntent(cookie, teacher.id);
    const other = await signedInTeacher();
    const memberCookie = await signIn(dev.app, await buildMember(db, (await buildGroup(db, teacher.id)).id), 'member');
    const refusals: [string | undefined, string, number, string][] = [
      [undefined, paymentIntentId, 401, 'AUTH.NO_AUTH'],
      [memberCookie, paymentIntentId, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      [other.cookie, paymentIntentId, 403, 'USER.NOT_YOU'],
      [cookie, 'pi_dev_unknown', 403, 'USER.NOT_YOU'],
    ];
    for (const [who, id, status, code] of refusals) {
      const res = await succeed(who, id);
      expect([id, res.statusCode, res.json().errorCode]).toEqual([id, status, code]);
    }
    expect([await coinsOf('teachers', teacher.id), await coinsOf('teachers', other.teacher.id)]).toEqual([300, 300]);
    expect(await creditRows()).toEqual([]);
  });

  it('is absent with Stripe and in production, where the dev provider still names itself', async () => {
    const { teacher, cookie } = await signedInTeacher();
    const { paymentIntentId } = await devIntent(cookie, teacher.id);
    const withStripe = await callStripe('POST', `/api/dev/payments/${paymentIntentId}/succeed`, await signIn(stripe.app, teacher, 'teacher'));
    expect(withStripe.statusCode).toBe(404);
    const production = await buildTestApp({ NODE_ENV: 'production', COMPANY_NAME: 'Kolikko Oy' });
    const res = await production.app.inject({ method: 'POST', url: `/api/dev/payments/${paymentIntentId}/succeed` });
    expect([res.statusCode, res.json().errorCode]).toEqual([404, 'VALIDATION.INVALID_INPUT']);
    expect((await production.app.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({ publishableKey: null, provider: 'dev', sso_providers: [] });
    expect(await coinsOf('teachers', teacher.id)).toBe(300);
  });
});

describe('coins arriving pay owed rewards', () => {
  it("pays a student's owed reward from the coins bought, live, and the purse keeps the rest", async () => {
    const { teacher, cookie } = await signedInTeacher(dev.app, 0);
    const group = await buildGroup(db, teacher.id);
    const list = await buildTodolist(db, teacher.id);
    await buildTodo(db, list.id, { reward: 30 });
    await showTodolist(db, group.id, 'blue', list.id);
    const member = await buildMember(db, group.id);
    const memberCookie = await signIn(dev.app, member, 'member');
    const [mt] = (await call('GET', `/api/membertodos?group_id=${group.id}`, memberCookie)).json();
    const done = await call('PUT', '/api/membertodo', memberCookie, { mtodo_id: mt.id, updates: { completed: true } });
    expect(done.statusCode).toBe(200);
    expect((await call('GET', `/api/owed-rewards/${teacher.id}`, cookie)).json()).toEqual({ rewards: 1, coins: 30 });
    expect(await coinsOf('members', member.id)).toBe(0);

    const teacherSocket = await clients.connect(cookie);
    const memberSocket = await clients.connect(memberCookie);
    const purseTold = nextEvent(teacherSocket, 'teacher-purse-updated');
    const memberTold = nextEvent(memberSocket, 'teacher-gave-coins');
    const { paymentIntentId } = await devIntent(cookie, teacher.id, 100);
    const res = await succeed(cookie, paymentIntentId);
    expect(res.json()).toEqual({ credited: true, coins: 70, owed: { rewards: 0, coins: 0 } });
    expect(await purseTold).toEqual({ coins: 70, owed_rewards: 0, owed_coins: 0, purchased_coins: 100 });
    expect(await memberTold).toEqual({ member_id: member.id, coins: 30 });

    expect([await coinsOf('teachers', teacher.id), await coinsOf('members', member.id)]).toEqual([70, 30]);
    expect(await queryRows(db, sql`select * from owed_rewards where teacher_id = ${teacher.id}`)).toEqual([]);
    expect((await call('GET', `/api/owed-rewards/${teacher.id}`, cookie)).json()).toEqual({ rewards: 0, coins: 0 });
    await expectBooksBalance(db);
  });

  it('tells only the teacher itself what its purse owes', async () => {
    const { teacher, cookie } = await signedInTeacher();
    const other = await signedInTeacher();
    const memberCookie = await signIn(dev.app, await buildMember(db, (await buildGroup(db, teacher.id)).id), 'member');
    const url = `/api/owed-rewards/${teacher.id}`;
    expect((await call('GET', url, cookie)).json()).toEqual({ rewards: 0, coins: 0 });
    for (const [who, status, code] of [
      [undefined, 401, 'AUTH.NO_AUTH'],
      [memberCookie, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      [other.cookie, 403, 'USER.NOT_YOU'],
    ] as const) {
      const res = await call('GET', url, who);
      expect([res.statusCode, res.json().errorCode]).toEqual([status, code]);
    }
  });
});

describe("Stripe's webhook", () => {
  let events = 0;
  /** A payment_intent.* event as Stripe sends it (the parts the server reads, and a few it does not). */
  function eventPayload(intent: { id: string; amount: number; currency?: string }, type = 'payment_intent.succeeded'): string {
    return JSON.stringify({
      id: `evt_test_${++events}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object: { id: intent.id, object: 'payment_intent', amount: intent.amount, amount_received: intent.amount, currency: intent.currency ?? 'eur', metadata: {}, status: 'succeeded' } },
    });
  }
  const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET, ...(opts.timestamp ? { timestamp: opts.timestamp } : {}) });
  const deliver = (payload: string, signature: string | undefined, headers: Record<string, string> = {}) =>
    stripe.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === undefined ? {} : { 'stripe-signature': signature }), ...headers },
      payload,
    });

  async function stripeIntent(coins = 250) {
    const { teacher, cookie } = await signedInTeacher(stripe.app);
    const res = await callStripe('POST', '/api/stripe/create-payment-intent', cookie, { userId: teacher.id, coins });
    expect(res.statusCode).toBe(200);
    const body: { paymentIntentId: string; total: number } = res.json();
    return { teacher, cookie, id: body.paymentIntentId, total: body.total };
  }

  it('credits a payment once, however many times and however concurrently its event is delivered', async () => {
    const { teacher, id, total } = await stripeIntent(250);
    expect(total).toBe(333 + 85);
    const payload = eventPayload({ id, amount: total });
    const signature = sign(payload);
    const deliveries = await Promise.all(Array.from({ length: 10 }, () => deliver(payload, signature)));
    expect(deliveries.map((d) => [d.statusCode, d.json()])).toEqual(Array.from({ length: 10 }, () => [200, { received: true }]));
    expect(await coinsOf('teachers', teacher.id)).toBe(300 + 250);
    expect(await creditRows()).toEqual([{ from_account: 'mint', to_account: `teacher:${teacher.id}`, amount: 250, actor: 'system', reference: id }]);

    // Replayed later with its valid signature, or as a new event of the same intent: acknowledged, not credited again.
    expect((await deliver(payload, signature)).json()).toEqual({ received: true });
    const another = eventPayload({ id, amount: total });
    expect((await deliver(another, sign(another))).statusCode).toBe(200);
    expect(await coinsOf('teachers', teacher.id)).toBe(550);
    expect(await creditRows()).toHaveLength(1);
    expect(await purchaseRows()).toEqual([expect.objectContaining({ payment_intent_id: id, status: 'succeeded' })]);
    await expectBooksBalance(db);
  });

  it('refuses a missing, wrong, tampered, stale or future-dated signature with 400, crediting nothing', async () => {
    const { teacher, id, total } = await stripeIntent();
    const payload = eventPayload({ id, amount: total });
    const now = Math.floor(Date.now() / 1000);
    const tenMinutesAgo = now - 600;
    const refused: [string, string, string | undefined][] = [
      ['no signature', payload, undefined],
      ['an empty one', payload, ''],
      ['another secret', payload, sign(payload, { secret: 'whsec_someone_else' })],
      ['a changed body', payload.replace(`"amount":${total}`, `"amount":${total + 1}`), sign(payload)],
      ['older than the tolerance', payload, sign(payload, { timestamp: tenMinutesAgo })],
      // Issue 35: the SDK's tolerance looks only back; an hour ahead, or six minutes, is refused too.
      ['an hour in the future', payload, sign(payload, { timestamp: now + 3600 })],
      ['six minutes in the future', payload, sign(payload, { timestamp: now + 360 })],
      ['garbage', payload, 't=1,v1=deadbeef'],
    ];
    for (const [what, body, signature] of refused) {
      const res = await deliver(body, signature);
      expect([what, res.statusCode, res.json().errorCode]).toEqual([what, 400, 'VALIDATION.INVALID_INPUT']);
    }
    expect(await coinsOf('teachers', teacher.id)).toBe(300);
    expect(await creditRows()).toEqual([]);
    expect(await purchaseRows()).toEqual([expect.objectContaining({ status: 'created', credited_at: null })]);
    // Within five minutes either way (clocks differ a little): credited.
    expect((await deliver(payload, sign(payload, { timestamp: now + 240 }))).statusCode).toBe(200);
    expect(await creditRows()).toHaveLength(1);
  });

  it('acknowledges other events, unknown intents and amounts that differ from the purchase, crediting nothing', async () => {
    const { teacher, id, total } = await stripeIntent();
    const deliveries = [
      eventPayload({ id, amount: total }, 'payment_intent.created'),
      eventPayload({ id, amount: total }, 'payment_intent.payment_failed'),
      eventPayload({ id: 'pi_never_made', amount: total }),
      eventPayload({ id, amount: total - 1 }),
      eventPayload({ id, amount: total, currency: 'usd' }),
    ];
    for (const payload of deliveries) {
      const res = await deliver(payload, sign(payload));
      expect([payload, res.statusCode, res.json()]).toEqual([payload, 200, { received: true }]);
    }
    expect(await coinsOf('teachers', teacher.id)).toBe(300);
    expect(await creditRows()).toEqual([]);
  });

  it('is not blocked by the same-origin check, and other routes still parse JSON', async () => {
    const { teacher, cookie, id, total } = await stripeIntent(100);
    const payload = eventPayload({ id, amount: total });
    // A cross-site delivery without cookies is what Stripe's is.
    const res = await deliver(payload, sign(payload), { origin: 'https://stripe.example' });
    expect(res.statusCode).toBe(200);
    expect(await coinsOf('teachers', teacher.id)).toBe(400);
    const json = await callStripe('PUT', '/api/admin/username', cookie, { id: teacher.id, username: `${teacher.username}x` });
    expect(json.statusCode).toBe(200);
  });

  it('is absent with the dev provider', async () => {
    const payload = eventPayload({ id: 'pi_x', amount: 100 });
    const res = await dev.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) }, payload });
    expect(res.statusCode).toBe(404);
  });
});

describe('after a purchase', () => {
  it('shows in the purchase history with the coins, net, VAT and total', async () => {
    const { teacher, cookie } = await signedInTeacher();
    const { paymentIntentId } = await devIntent(cookie, teacher.id, 500);
    await succeed(cookie, paymentIntentId);
    const res = await call('GET', `/api/purchase/history/${teacher.id}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((e: { type: string; reason: string; amount: number; payment: unknown }) => [e.type, e.reason, e.amount, e.payment])).toEqual([
      ['bought', 'coin_purchase', 500, { coins: 500, net: 750, vat: 191, total: 941 }],
      ['received', 'starter_coins', 300, null],
    ]);
  });

  it('sends the teacher a receipt with the net price, VAT 25.5 % and total, in English, Finnish and Swedish', async () => {
    const { teacher, cookie } = await signedInTeacher();
    const { paymentIntentId } = await devIntent(cookie, teacher.id, 1000);
    await succeed(cookie, paymentIntentId);
    await succeed(cookie, paymentIntentId);
    const mails: { to: string; subject: string; text: string; html: string }[] = (await call('GET', '/api/dev/outbox')).json();
    const receipts = mails.filter((m) => m.to === teacher.email);
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt?.subject).toBe('Kolikko: receipt for your coins / kuitti kolikoistasi / kvitto på dina mynt');
    // 1000 coins: 16.00 € net, 4.08 € VAT, 20.08 € in all.
    for (const line of ['Coins: 1000', 'Price without VAT: 16.00 €', 'VAT 25.5 %: 4.08 €', 'Total paid: 20.08 €', 'Arvonlisävero 25,5 %: 4,08 €', 'Yhteensä maksettu: 20,08 €', 'Mynt: 1000', 'Pris utan moms: 16,00 €', 'Moms 25,5 %: 4,08 €', 'Totalt betalt: 20,08 €', `Betalningsreferens: ${paymentIntentId}`]) {
      expect(receipt?.text).toContain(line);
    }
    expect(receipt?.html).toContain('Total paid: 20.08 €');
    expect(receipt?.html).toContain('Totalt betalt: 20,08 €');
  });

  it('keeps the credit when the receipt cannot be sent: the receipt waits in the outbox and goes out, once, when SMTP takes it', async () => {
    const teacher = await buildTeacher(db);
    const state = { failing: true };
    const sent: Mail[] = [];
    const smtp: Mailer = {
      driver: 'smtp',
      send: async (mail) => {
        if (state.failing) throw new Error('mail server down');
        sent.push(mail);
      },
      close: () => undefined,
    };
    const relay = createMailRelay({ db, mailer: smtp, log: dev.app.log });
    const background = createBackground(dev.app.log);
    const service = createPaymentsService({ db, provider: createDevProvider(), packages: dev.config.coinPackages, owedRewards: buildOwedRewardsService(db), relay, background, log: { warn: vi.fn(), error: vi.fn() }, seller: dev.config.seller });
    const { paymentIntentId } = await service.createPaymentIntent(teacher.id, 100);
    expect(await service.devSucceed(teacher.id, paymentIntentId)).toEqual({ credited: true, coins: 400, owed: { rewards: 0, coins: 0 } });
    await background.settled();
    expect(await coinsOf('teachers', teacher.id)).toBe(400);
    const waiting = await queryRows<{ to: string; attempts: number; last_error: string }>(db, sql`select "to", attempts, last_error from mail_outbox where send_after is not null`);
    expect(waiting).toEqual([{ to: teacher.email, attempts: 1, last_error: 'mail server down' }]);
    state.failing = false;
    await db.execute(sql`update mail_outbox set send_after = now() - interval '1 second'`);
    expect(await relay.deliverDue()).toBe(1);
    expect(await relay.deliverDue()).toBe(0);
    expect(sent.map((mail) => mail.to)).toEqual([teacher.email]);
    expect(sent[0]?.text).toContain(paymentIntentId);
  });
});

describe('payments: the content security policy', () => {
  it("allows Stripe's script, frames and API only when payments go through Stripe", async () => {
    const cspOf = async (app: typeof dev.app) => String((await app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    const withStripe = await cspOf(stripe.app);
    expect(withStripe).toMatch(/script-src 'self' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com(;|$)/);
    expect(withStripe).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com(;|$)/);
    expect(withStripe).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
    expect(await cspOf(dev.app)).not.toContain('stripe');
  });
});
