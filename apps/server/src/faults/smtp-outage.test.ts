import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/reset.ts';
import { createSmtpMailer } from '../platform/mail.ts';
import { createMailRelay } from '../platform/mail-relay.ts';
import { buildTestApp, caller, signIn } from '../test/build-test-app.ts';
import { buildTeacher } from '../test/factories.ts';

/**
 * Issue 35: SMTP refusing for 10 minutes. The verification, reset and receipt mails wait in the
 * outbox and go out when it returns, once each, with two nodes' relays looking at once. A real
 * SMTP server on loopback: away (nothing listens) for 5 minutes, then answering 421 ("try again
 * later") to every connection for 5, then taking mail. The minutes pass on the app's clock: each
 * step moves it 30 s, the relay's sweep interval, and runs both relays as their timers would.
 */
type Mode = 'refuse' | 'accept';
const received: { to: string; subject: string }[] = [];
let mode: Mode = 'refuse';

function smtpServer() {
  return new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      if (mode === 'accept') return callback();
      return callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '';
        for (const to of session.envelope.rcptTo) received.push({ to: to.address, subject });
        callback();
      });
    },
  });
}

// Bound once for a free port, then closed: SMTP is away until the test starts it on that port.
let smtp = smtpServer();
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const port = (smtp.server.address() as AddressInfo).port;
await new Promise<void>((resolve) => smtp.close(() => resolve()));
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

let now = new Date();
const clock = () => now;
const SMTP_URL = `smtp://127.0.0.1:${port}`;
const { app, database, background } = await buildTestApp({ SMTP_URL }, { clock });
const db = database.db;
const call = caller(app);
// A second node on the same database, with a relay of its own.
const otherNode = createMailRelay({ db, mailer: createSmtpMailer(SMTP_URL, 'Kolikko <no-reply@kolikko.test>'), log: app.log, clock });
afterAll(() => otherNode.stop());

describe('SMTP refusing for 10 minutes', () => {
  it('verification, reset and receipt mails wait in the outbox and go out once each when it returns', { timeout: 120_000 }, async () => {
    // Three mails while SMTP is away: a signup's verification link, a reset link, a receipt.
    const signup = await call('POST', '/api/signup/admin', undefined, { username: 'newteacher', email: 'new@school.test', password: 'secret12' });
    expect(signup.statusCode).toBe(201);
    const known = await buildTeacher(db, { email: 'reset@school.test' });
    expect((await call('POST', '/api/password-reset/request', undefined, { email: known.email })).statusCode).toBe(200);
    const buyer = await buildTeacher(db, { email: 'buyer@school.test' });
    const cookie = await signIn(app, buyer, 'teacher');
    const intent = await call('POST', '/api/dev/create-payment-intent', cookie, { userId: buyer.id, coins: 500 });
    const paymentIntentId = intent.json<{ paymentIntentId: string }>().paymentIntentId;
    expect((await call('POST', `/api/dev/payments/${paymentIntentId}/succeed`, cookie)).statusCode).toBe(200);
    await background.settled();

    const waiting = () => queryRows<{ to: string; attempts: number; last_error: string | null }>(db, sql`select "to", attempts, last_error from mail_outbox order by "to"`);
    expect((await waiting()).map((m) => [m.to, m.attempts])).toEqual([
      ['buyer@school.test', 1],
      ['new@school.test', 1],
      ['reset@school.test', 1],
    ]);

    const start = now.getTime();
    const minutes = () => (now.getTime() - start) / 60_000;
    let backAt: number | undefined;
    while (received.length < 3 && minutes() < 15) {
      now = new Date(now.getTime() + 30_000);
      if (minutes() === 5) {
        smtp = smtpServer();
        await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
      }
      if (minutes() === 10) {
        mode = 'accept';
        backAt = minutes();
      }
      await Promise.all([app.mailRelay.deliverDue(), otherNode.deliverDue()]);
      if (minutes() === 9.5) {
        // Still waiting, every one, with what the server answered last.
        const still = await waiting();
        expect(still).toHaveLength(3);
        expect(still.every((m) => m.last_error?.includes('421'))).toBe(true);
        expect(received).toEqual([]);
      }
    }
    expect(backAt).toBe(10);
    // Out within 2 minutes of SMTP's return (the longest wait between attempts), once each.
    expect(minutes() - backAt!).toBeLessThanOrEqual(2);
    expect(received.map((m) => m.to).sort()).toEqual(['buyer@school.test', 'new@school.test', 'reset@school.test']);
    expect(await waiting()).toEqual([]);
    for (let i = 0; i < 4; i++) {
      now = new Date(now.getTime() + 30_000);
      await Promise.all([app.mailRelay.deliverDue(), otherNode.deliverDue()]);
    }
    expect(received).toHaveLength(3);
    expect(received.find((m) => m.to === 'buyer@school.test')?.subject).toMatch(/receipt/i);
  });
});
