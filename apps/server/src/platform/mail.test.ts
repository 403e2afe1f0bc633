import { afterAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createSmtpMailer } from './mail.ts';
import { queryRows } from '../db/reset.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { buildTeacher } from '../test/factories.ts';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp(): Promise<{ port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const smtp = await startSmtp();
afterAll(() => smtp.close());

describe('mail through SMTP_URL', () => {
  it('the SMTP driver delivers a message to a real SMTP server', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Kolikko <no-reply@kolikko.test>');
    await mailer.send({ to: 'a@school.test', subject: 'Hello', text: 'plain body', html: '<p>html body</p>' });
    mailer.close();
    const got = smtp.received.at(-1);
    expect(got?.to).toEqual(['a@school.test']);
    expect(got?.from).toBe('no-reply@kolikko.test');
    expect(got?.raw).toContain('Subject: Hello');
    expect(got?.raw).toContain('plain body');
  });

  it('a signup with SMTP_URL mails the verification link and keeps nothing in the outbox', async () => {
    const { app, background } = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const before = smtp.received.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/signup/admin',
      payload: { username: 'smtpuser', email: 'smtp@school.test', password: 'secret12' },
    });
    expect(res.statusCode).toBe(201);
    // Sent by the relay right after the answer.
    await background.settled();
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)?.raw).toContain('/api/verify-email?token=3D'); // quoted-printable "="
    const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(outbox.json()).toEqual([]);
  });

  it('takes a signup when the SMTP server is unreachable: its verification mail waits in the outbox; a reset request answers as always', async () => {
    const { app, database, background } = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    const signup = await app.inject({
      method: 'POST',
      url: '/api/signup/admin',
      payload: { username: 'nomail', email: 'nomail@school.test', password: 'secret12' },
    });
    expect(signup.statusCode).toBe(201);
    await background.settled();
    const waiting = await queryRows<{ to: string; attempts: number; due: boolean; last_error: string }>(
      database.db,
      sql`select "to", attempts, send_after is not null as due, last_error from mail_outbox`,
    );
    expect(waiting).toMatchObject([{ to: 'nomail@school.test', attempts: 1, due: true, last_error: expect.stringMatching(/ECONNREFUSED/) }]);
    await buildTeacher(database.db, { email: 'known@school.test' });
    const known = await app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email: 'known@school.test' } });
    const unknown = await app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email: 'unknown@school.test' } });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
  });
});
