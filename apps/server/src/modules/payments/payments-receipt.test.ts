import { describe, expect, it } from 'vitest';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { waitForMail } from '../../test/outbox.ts';
import { buildGroup, buildMember, buildTeacher } from '../../test/factories.ts';

/** Issue 33: a coin purchase's receipt names the seller, and the purchase history links a printable one. */
const seller = { COMPANY_NAME: 'Kolikko Oy', COMPANY_ADDRESS: 'Esimerkkikatu 1, 00100 Helsinki', COMPANY_BUSINESS_ID: '1234567-8' };
const { app, database } = await buildTestApp(seller);
const db = database.db;
const call = caller(app);

async function boughtCoins() {
  const teacher = await buildTeacher(db);
  const cookie = await signIn(app, teacher, 'teacher');
  const intent = await call('POST', '/api/dev/create-payment-intent', cookie, { userId: teacher.id, coins: 500 });
  expect(intent.statusCode, intent.body).toBe(200);
  const { paymentIntentId } = intent.json<{ paymentIntentId: string }>();
  expect((await call('POST', `/api/dev/payments/${paymentIntentId}/succeed`, cookie)).statusCode).toBe(200);
  return { teacher, cookie, paymentIntentId };
}

describe('the receipt of a coin purchase', () => {
  it('is linked from the purchase history and prints the seller, the amounts with VAT and the date, in English, Finnish or Swedish', async () => {
    const { teacher, cookie, paymentIntentId } = await boughtCoins();
    const history = (await call('GET', `/api/purchase/history/${teacher.id}`, cookie)).json<{ reason: string; receiptUrl?: string | null }[]>();
    const bought = history.find((h) => h.reason === 'coin_purchase');
    expect(bought?.receiptUrl).toBe(`/api/purchase/receipt/${paymentIntentId}`);
    expect(history.filter((h) => h.reason !== 'coin_purchase').every((h) => (h.receiptUrl ?? null) === null)).toBe(true);

    const en = await call('GET', `/api/purchase/receipt/${paymentIntentId}?lang=en`, cookie);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    for (const part of ['Kolikko Oy', 'Esimerkkikatu 1, 00100 Helsinki', 'Business ID: 1234567-8', '500', '7.50 €', '1.91 €', '9.41 €', 'VAT 25.5 %', paymentIntentId, teacher.username, '@media print']) {
      expect(en.body).toContain(part);
    }
    const fi = await call('GET', `/api/purchase/receipt/${paymentIntentId}?lang=fi`, cookie);
    for (const part of ['Kuitti', 'Y-tunnus: 1234567-8', '7,50 €', '9,41 €', 'Arvonlisävero 25,5 %']) expect(fi.body).toContain(part);
    const sv = await call('GET', `/api/purchase/receipt/${paymentIntentId}?lang=sv`, cookie);
    expect(sv.statusCode).toBe(200);
    expect(sv.body).toContain('<html lang="sv">');
    for (const part of ['<h1>Kvitto</h1>', 'Säljare', 'Kolikko Oy', 'FO-nummer: 1234567-8', 'Köpare', 'Betalningsreferens', '500 mynt', 'Pris utan moms', '7,50 €', 'Moms 25,5 %', '1,91 €', 'Totalt betalt', '9,41 €']) {
      expect(sv.body).toContain(part);
    }
    // Without a language, English; an unknown one is refused.
    expect((await call('GET', `/api/purchase/receipt/${paymentIntentId}`, cookie)).body).toContain('VAT 25.5 %');
    const de = await call('GET', `/api/purchase/receipt/${paymentIntentId}?lang=de`, cookie);
    expect([de.statusCode, de.json().errorCode]).toEqual([400, 'VALIDATION.INVALID_INPUT']);
    // No script: it prints with the browser's own print command.
    expect(en.body).not.toMatch(/<script/i);

    // The receipt mailed with the coins names the seller too.
    const mail = await waitForMail(app, teacher.email);
    expect(mail.text).toContain('Kolikko Oy');
    expect(mail.text).toContain('1234567-8');
    expect(mail.text).toContain('FO-nummer: 1234567-8');
  });

  it('refuses nobody, a student, another teacher, and a purchase that is not paid or not there', async () => {
    const { teacher, paymentIntentId } = await boughtCoins();
    const other = await buildTeacher(db);
    const member = await buildMember(db, (await buildGroup(db, teacher.id)).id);
    const url = `/api/purchase/receipt/${paymentIntentId}`;
    const refusals: [string | undefined, number, string][] = [
      [undefined, 401, 'AUTH.NO_AUTH'],
      [await signIn(app, member, 'member'), 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      [await signIn(app, other, 'teacher'), 404, 'PAYMENT.PURCHASE_NOT_FOUND'],
    ];
    for (const [cookie, status, code] of refusals) {
      const res = await call('GET', url, cookie);
      expect([res.statusCode, res.json().errorCode]).toEqual([status, code]);
    }
    const cookie = await signIn(app, teacher, 'teacher');
    const unpaid = (await call('POST', '/api/dev/create-payment-intent', cookie, { userId: teacher.id, coins: 100 })).json<{ paymentIntentId: string }>();
    for (const id of [unpaid.paymentIntentId, 'pi_nothing_here']) {
      const res = await call('GET', `/api/purchase/receipt/${id}`, cookie);
      expect([res.statusCode, res.json().errorCode]).toEqual([404, 'PAYMENT.PURCHASE_NOT_FOUND']);
    }
  });
});
