import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { solveChallenge } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGES_PER_ADDRESS,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
} from '@kolikko/core/limits';
import { ConfigError, loadConfig } from '../../config.ts';
import { queryRows } from '../../db/reset.ts';
import type { Mail, Mailer } from '../../platform/mail.ts';
import { createMailRelay, MAIL_RETRY, retryDelayMs } from '../../platform/mail-relay.ts';
import { buildTestApp } from '../../test/build-test-app.ts';

const CONTACT_TO = 'owner@kolikko.test';

/** A stand-in SMTP driver that fails while `failing` is set and keeps what it sends. */
function flakyMailer() {
  const sent: Mail[] = [];
  const state = { failing: true };
  const mailer: Mailer = {
    driver: 'smtp',
    async send(mail) {
      if (state.failing) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(mail);
    },
    close: () => undefined,
  };
  return { mailer, sent, state };
}

const { app, database, background } = await buildTestApp({ CONTACT_TO });
const db = database.db;
/** No CONTACT_TO: messages are stored only. */
const noMail = await buildTestApp();
const withCaptcha = await buildTestApp({ CAPTCHA: 'on', CONTACT_TO });
const flaky = flakyMailer();
const failing = await buildTestApp({ CONTACT_TO }, { mailer: flaky.mailer });

const GOOD = { name: 'Maija Meikäläinen', email: 'maija@school.test', subject: 'Licences for our school', message: 'Hello!\nCan a whole school use Kolikko?' };
type Form = Record<string, string>;

function urlencoded(target: FastifyInstance, form: Form, remoteAddress?: string) {
  return target.inject({
    method: 'POST',
    url: '/api/public/contact',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** A multipart/form-data body of text fields (and, if given, one file), as a browser's FormData sends it. */
function multipartBody(fields: [string, string][], file?: { field: string; bytes: Buffer }) {
  const boundary = `----kolikko${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = fields.map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function multipart(target: FastifyInstance, form: Form, remoteAddress?: string) {
  return target.inject({ method: 'POST', url: '/api/public/contact', ...multipartBody(Object.entries(form)), ...(remoteAddress ? { remoteAddress } : {}) });
}

function expectRefused(res: LightMyRequestResponse, status: number, code: string, field?: string) {
  const body = res.json();
  expect([res.statusCode, body.errorCode]).toEqual([status, code]);
  if (field !== undefined) expect(body.field).toBe(field);
}

interface StoredMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}
const storedMessages = () => queryRows<StoredMessage>(db, sql`select name, email, subject, message from contact_messages order by created_at`);

interface OutboxRow {
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  send_after: Date | null;
  attempts: number;
  last_error: string | null;
  due_in_ms: number | null;
}
const outbox = () =>
  queryRows<OutboxRow>(
    db,
    sql`select "to", reply_to, subject, text, html, send_after, attempts, last_error,
               (extract(epoch from send_after - now()) * 1000)::float8 as due_in_ms
        from mail_outbox order by id`,
  );

async function solvedCaptcha(target: FastifyInstance): Promise<string> {
  const c = (await target.inject({ method: 'GET', url: '/api/captcha' })).json();
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature })).toString('base64');
}

describe('POST /api/public/contact: validation (spec section 5)', () => {
  const cases: [string, Form, string][] = [
    ['name missing', { ...GOOD, name: '' }, 'name'],
    ['name only blanks', { ...GOOD, name: '  \t ' }, 'name'],
    ['name too long', { ...GOOD, name: 'n'.repeat(CONTACT_NAME_MAX_LENGTH + 1) }, 'name'],
    ['e-mail missing', { ...GOOD, email: '' }, 'email'],
    ['e-mail only blanks', { ...GOOD, email: '   ' }, 'email'],
    ['e-mail not an address', { ...GOOD, email: 'maija.school.test' }, 'email'],
    ['e-mail without a domain', { ...GOOD, email: 'maija@' }, 'email'],
    ['e-mail too long', { ...GOOD, email: `${'m'.repeat(EMAIL_MAX_LENGTH)}@school.test` }, 'email'],
    ['subject missing', { ...GOOD, subject: '' }, 'subject'],
    ['subject only blanks', { ...GOOD, subject: '\n  ' }, 'subject'],
    ['subject too long', { ...GOOD, subject: 's'.repeat(CONTACT_SUBJECT_MAX_LENGTH + 1) }, 'subject'],
    ['message missing', { ...GOOD, message: '' }, 'message'],
    ['message only blanks', { ...GOOD, message: ' \r\n\t ' }, 'message'],
    ['message too long', { ...GOOD, message: 'm'.repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) }, 'message'],
  ];

  for (const [what, form, field] of cases) {
    it(`${what}: 400 VALIDATION.INVALID_INPUT naming ${field}, as form-urlencoded and as multipart; nothing stored`, async () => {
      expectRefused(await urlencoded(app, form), 400, 'VALIDATION.INVALID_INPUT', field);
      expectRefused(await multipart(app, form), 400, 'VALIDATION.INVALID_INPUT', field);
      expect(await storedMessages()).toEqual([]);
      expect(await outbox()).toEqual([]);
    });
  }

  it('a field left out is named like an empty one, the first in form order first', async () => {
    expectRefused(await urlencoded(app, {}), 400, 'VALIDATION.INVALID_INPUT', 'name');
    expectRefused(await urlencoded(app, { name: 'A' }), 400, 'VALIDATION.INVALID_INPUT', 'email');
    expectRefused(await multipart(app, { name: 'A', email: 'a@b.fi' }), 400, 'VALIDATION.INVALID_INPUT', 'subject');
    expectRefused(await multipart(app, { name: 'A', email: 'a@b.fi', subject: 'S' }), 400, 'VALIDATION.INVALID_INPUT', 'message');
  });

  it('takes the longest allowed fields and keeps them trimmed', async () => {
    const form = {
      name: ` ${'n'.repeat(CONTACT_NAME_MAX_LENGTH)} `,
      email: ' long@school.test ',
      subject: 's'.repeat(CONTACT_SUBJECT_MAX_LENGTH),
      message: `\n${'m'.repeat(CONTACT_MESSAGE_MAX_LENGTH)}\n`,
    };
    expect((await urlencoded(app, form)).statusCode).toBe(201);
    expect(await storedMessages()).toEqual([
      { name: 'n'.repeat(CONTACT_NAME_MAX_LENGTH), email: 'long@school.test', subject: 's'.repeat(CONTACT_SUBJECT_MAX_LENGTH), message: 'm'.repeat(CONTACT_MESSAGE_MAX_LENGTH) },
    ]);
  });
});

describe('POST /api/public/contact: stored and mailed to CONTACT_TO', () => {
  it('form-urlencoded: 201; the message is stored and its mail is in the outbox, to CONTACT_TO, replying to the sender', async () => {
    const res = await urlencoded(app, GOOD);
    expect([res.statusCode, res.json()]).toEqual([201, { ok: true }]);
    await background.settled();
    expect(await storedMessages()).toEqual([{ ...GOOD, message: GOOD.message }]);
    const [mail, ...more] = await outbox();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: CONTACT_TO, reply_to: GOOD.email, last_error: null });
    expect(mail?.subject).toBe(`Kolikko contact: ${GOOD.subject}`);
    expect(mail?.text).toContain(`From: ${GOOD.name} <${GOOD.email}>`);
    // No page language sent: English.
    expect(mail?.text).toContain('Language: English (en)');
    expect(mail?.text).toContain(GOOD.message);
    expect(mail?.html).toContain('Maija Meikäläinen &lt;maija@school.test&gt;');
    // Without SMTP_URL the outbox is where mail stays: kept, not waiting to be sent.
    expect(mail?.send_after).toBeNull();
    const listed = (await app.inject({ method: 'GET', url: '/api/dev/outbox' })).json();
    expect(listed).toMatchObject([{ to: CONTACT_TO, subject: `Kolikko contact: ${GOOD.subject}` }]);
  });

  it('multipart/form-data (what the web sends): the same', async () => {
    const res = await multipart(app, GOOD);
    expect(res.statusCode).toBe(201);
    await background.settled();
    expect(await storedMessages()).toEqual([GOOD]);
    expect(await outbox()).toMatchObject([{ to: CONTACT_TO, reply_to: GOOD.email }]);
  });

  it('the mail names the language of the pages the visitor wrote from (the web sends it as Accept-Language), in English for the operator', async () => {
    for (const [header, named] of [
      ['sv', 'Swedish (sv)'],
      ['fi', 'Finnish (fi)'],
      ['sv-FI,fi;q=0.8', 'Swedish (sv)'],
      ['de-DE', 'English (en)'],
    ]) {
      const body = multipartBody(Object.entries(GOOD));
      const res = await app.inject({ method: 'POST', url: '/api/public/contact', payload: body.payload, headers: { ...body.headers, 'accept-language': header } });
      expect(res.statusCode).toBe(201);
      const [mail] = await outbox();
      expect(mail?.subject).toBe(`Kolikko contact: ${GOOD.subject}`);
      expect(mail?.text).toContain(`Language: ${named}`);
      expect(mail?.html).toContain(`<strong>Language:</strong> ${named}`);
      await db.execute(sql`delete from mail_outbox`);
    }
  });

  it("a browser form's CR LF line breaks are kept as LF", async () => {
    expect((await multipart(app, { ...GOOD, message: 'one\r\ntwo\rthree\nfour' })).statusCode).toBe(201);
    expect((await storedMessages())[0]?.message).toBe('one\ntwo\nthree\nfour');
  });

  it('JSON is taken too', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/public/contact', payload: GOOD });
    expect(res.statusCode).toBe(201);
    expect(await storedMessages()).toEqual([GOOD]);
  });

  it('the mail cannot be made to carry headers: line breaks in the name and subject become spaces, markup is escaped', async () => {
    const form = { ...GOOD, name: 'Eve\r\nBcc: all@victim.test', subject: 'Hi\nBcc: x@y.test', message: '<script>alert(1)</script>' };
    expect((await urlencoded(app, form)).statusCode).toBe(201);
    await background.settled();
    const [mail] = await outbox();
    expect(mail?.subject).toBe('Kolikko contact: Hi Bcc: x@y.test');
    expect(mail?.text).toContain('From: Eve Bcc: all@victim.test <maija@school.test>');
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.html).not.toContain('<script>');
  });

  it('without CONTACT_TO the message is stored and no mail is made', async () => {
    const res = await urlencoded(noMail.app, GOOD);
    expect(res.statusCode).toBe(201);
    await noMail.background.settled();
    expect(await storedMessages()).toEqual([GOOD]);
    expect(await outbox()).toEqual([]);
  });
});

describe('POST /api/public/contact: when mail fails nothing is lost', () => {
  it('SMTP failing: 201 all the same, the message is stored, its mail waits in the outbox and a later attempt sends it', async () => {
    flaky.state.failing = true;
    const res = await multipart(failing.app, GOOD);
    expect(res.statusCode).toBe(201);
    await failing.background.settled();
    expect(await storedMessages()).toEqual([GOOD]);
    const [waiting] = await outbox();
    expect(waiting).toMatchObject({ to: CONTACT_TO, reply_to: GOOD.email, attempts: 1, last_error: 'connect ECONNREFUSED 127.0.0.1:25' });
    // Due again after the first retry delay (30 s), not before.
    expect(waiting?.due_in_ms).toBeGreaterThan(retryDelayMs(1) - 10_000);
    expect(waiting?.due_in_ms).toBeLessThanOrEqual(retryDelayMs(1));
    expect(flaky.sent).toEqual([]);

    // Not due yet: a run sends nothing.
    flaky.state.failing = false;
    const relay = createMailRelay({ db, mailer: flaky.mailer, log: failing.app.log });
    expect(await relay.deliverDue()).toBe(0);

    // The wait has passed: any node's relay sends it, once, and it leaves the outbox.
    await db.execute(sql`update mail_outbox set send_after = now() - interval '1 second'`);
    expect(await relay.deliverDue()).toBe(1);
    expect(flaky.sent).toHaveLength(1);
    expect(flaky.sent[0]).toMatchObject({ to: CONTACT_TO, replyTo: GOOD.email, subject: `Kolikko contact: ${GOOD.subject}` });
    expect(flaky.sent[0]?.text).toContain(GOOD.message);
    expect(await outbox()).toEqual([]);
    expect(await relay.deliverDue()).toBe(0);
    expect(flaky.sent).toHaveLength(1);
    expect(await storedMessages()).toEqual([GOOD]);
  });

  it('each failure waits longer (30 s, 1 minute, then 2 minutes each); after 3 days of trying the mail is kept with its error', async () => {
    expect([1, 2, 3, 4, 9, 100].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 120_000, 120_000, 120_000]);
    flaky.state.failing = true;
    expect((await urlencoded(failing.app, GOOD)).statusCode).toBe(201);
    await failing.background.settled();
    const relay = createMailRelay({ db, mailer: flaky.mailer, log: failing.app.log });
    await db.execute(sql`update mail_outbox set send_after = now() - interval '1 second'`);
    expect(await relay.deliverDue()).toBe(0);
    const [second] = await outbox();
    expect(second?.attempts).toBe(2);
    expect(second?.due_in_ms).toBeGreaterThan(retryDelayMs(2) - 10_000);
    expect(second?.due_in_ms).toBeLessThanOrEqual(retryDelayMs(2));

    // Queued 3 days ago: this attempt is its last.
    await db.execute(sql`update mail_outbox set send_after = now() - interval '1 second', created_at = now() - ${MAIL_RETRY.giveUpAfterMs} * interval '1 millisecond'`);
    expect(await relay.deliverDue()).toBe(0);
    const [given] = await outbox();
    expect(given).toMatchObject({ attempts: 3, send_after: null, last_error: 'connect ECONNREFUSED 127.0.0.1:25' });
    flaky.state.failing = false;
    expect(await relay.deliverDue()).toBe(0);
    expect(await storedMessages()).toEqual([GOOD]);
  });

  it('two nodes looking at once send each waiting mail once', async () => {
    flaky.state.failing = true;
    for (let i = 0; i < 3; i++) expect((await urlencoded(failing.app, { ...GOOD, subject: `Waiting ${i}` })).statusCode).toBe(201);
    await failing.background.settled();
    expect(await outbox()).toHaveLength(3);
    flaky.state.failing = false;
    const sentBefore = flaky.sent.length;
    await db.execute(sql`update mail_outbox set send_after = now() - interval '1 second'`);
    const nodes = [createMailRelay({ db, mailer: flaky.mailer, log: failing.app.log }), createMailRelay({ db, mailer: flaky.mailer, log: failing.app.log })];
    const counts = await Promise.all(nodes.map((node) => node.deliverDue()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect(flaky.sent.slice(sentBefore).map((m) => m.subject).sort()).toEqual(['Waiting 0', 'Waiting 1', 'Waiting 2'].map((x) => `Kolikko contact: ${x}`));
    expect(await outbox()).toEqual([]);
  });

  it('through a real SMTP server: to CONTACT_TO, Reply-To the visitor, and it leaves the outbox', async () => {
    const received: { to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disableReverseLookup: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    const smtp = await buildTestApp({ CONTACT_TO, SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      expect((await multipart(smtp.app, GOOD)).statusCode).toBe(201);
      await smtp.background.settled();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual([CONTACT_TO]);
    expect(received[0]?.raw).toContain(`Reply-To: ${GOOD.email}`);
    expect(received[0]?.raw).toContain(`Subject: Kolikko contact: ${GOOD.subject}`);
    expect(await outbox()).toEqual([]);
    expect(await storedMessages()).toEqual([GOOD]);
  });

  it('with a real SMTP_URL that cannot be reached the visitor still gets 201 and the mail waits', async () => {
    const unreachable = await buildTestApp({ CONTACT_TO, SMTP_URL: 'smtp://127.0.0.1:1' });
    const res = await urlencoded(unreachable.app, GOOD);
    expect(res.statusCode).toBe(201);
    await unreachable.background.settled();
    expect(await storedMessages()).toEqual([GOOD]);
    expect(await outbox()).toMatchObject([{ to: CONTACT_TO, attempts: 1 }]);
    const [row] = await outbox();
    expect(row?.send_after).not.toBeNull();
    expect(row?.last_error).toBeTruthy();
  });
});

describe('POST /api/public/contact: captcha (CAPTCHA=on), as for teacher signup', () => {
  it('refuses a message without a solution, and one with a wrong one; nothing stored', async () => {
    expectRefused(await urlencoded(withCaptcha.app, GOOD), 400, 'AUTH.NO_CAPTCHA_TOKEN');
    expectRefused(await urlencoded(withCaptcha.app, { ...GOOD, captcha: 'bm90IGpzb24=' }), 400, 'AUTH.CAPTCHA_FAILED');
    const good = JSON.parse(Buffer.from(await solvedCaptcha(withCaptcha.app), 'base64').toString());
    const wrong = Buffer.from(JSON.stringify({ ...good, number: good.number + 1 })).toString('base64');
    expectRefused(await multipart(withCaptcha.app, { ...GOOD, captcha: wrong }), 400, 'AUTH.CAPTCHA_FAILED');
    expect(await storedMessages()).toEqual([]);
  });

  it('takes a solved challenge once', async () => {
    const captcha = await solvedCaptcha(withCaptcha.app);
    expect((await multipart(withCaptcha.app, { ...GOOD, captcha })).statusCode).toBe(201);
    expectRefused(await multipart(withCaptcha.app, { ...GOOD, captcha }), 400, 'AUTH.CAPTCHA_FAILED');
    expect(await storedMessages()).toHaveLength(1);
  });
});

describe('POST /api/public/contact: rate limited per address', () => {
  const SCHOOL = '192.0.2.10';
  const HOME = '198.51.100.7';

  it(`${CONTACT_MESSAGES_PER_ADDRESS.free} an hour from one address, then 429 SERVER.TRY_AGAIN with Retry-After; other addresses are not affected`, async () => {
    for (let i = 0; i < CONTACT_MESSAGES_PER_ADDRESS.free; i++) {
      expect((await urlencoded(app, { ...GOOD, subject: `Question ${i}` }, SCHOOL)).statusCode).toBe(201);
    }
    const refused = await urlencoded(app, { ...GOOD, subject: 'One too many' }, SCHOOL);
    expectRefused(refused, 429, 'SERVER.TRY_AGAIN');
    const seconds = Number(refused.headers['retry-after']);
    expect(refused.json().details).toEqual({ retryAfterSeconds: seconds });
    expect(seconds).toBeGreaterThan(3600 - 60);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect((await storedMessages()).map((m) => m.subject)).not.toContain('One too many');
    expect((await urlencoded(app, GOOD, HOME)).statusCode).toBe(201);
    // The count is in the database: another node (app) refuses the address too.
    expectRefused(await urlencoded(noMail.app, GOOD, SCHOOL), 429, 'SERVER.TRY_AGAIN');
  });

  it('refused messages (validation, captcha) do not use up the address', async () => {
    for (let i = 0; i < CONTACT_MESSAGES_PER_ADDRESS.free + 2; i++) {
      expect((await urlencoded(app, { ...GOOD, email: 'not-an-address' }, SCHOOL)).statusCode).toBe(400);
      expect((await urlencoded(withCaptcha.app, GOOD, SCHOOL)).statusCode).toBe(400);
    }
    for (let i = 0; i < CONTACT_MESSAGES_PER_ADDRESS.free; i++) expect((await urlencoded(app, GOOD, SCHOOL)).statusCode).toBe(201);
  });
});

describe('POST /api/public/contact: garbage gets a clear 4xx, never a 500', () => {
  const post = (payload: string | Buffer | undefined, contentType?: string) =>
    app.inject({ method: 'POST', url: '/api/public/contact', ...(contentType ? { headers: { 'content-type': contentType } } : {}), ...(payload === undefined ? {} : { payload }) });

  it('an empty body, of every content type, names the first field', async () => {
    expectRefused(await post(undefined), 400, 'VALIDATION.INVALID_INPUT', 'name');
    expectRefused(await post('', 'application/x-www-form-urlencoded'), 400, 'VALIDATION.INVALID_INPUT', 'name');
    expectRefused(await app.inject({ method: 'POST', url: '/api/public/contact', ...multipartBody([]) }), 400, 'VALIDATION.INVALID_INPUT', 'name');
    expectRefused(await post('{}', 'application/json'), 400, 'VALIDATION.INVALID_INPUT', 'name');
    expectRefused(await post('', 'application/json'), 400, 'VALIDATION.INVALID_INPUT');
  });

  it('wrong types name their field', async () => {
    const json = (body: object) => post(JSON.stringify(body), 'application/json');
    expectRefused(await json({ ...GOOD, name: 5 }), 400, 'VALIDATION.INVALID_INPUT', 'name');
    expectRefused(await json({ ...GOOD, email: ['a@b.fi'] }), 400, 'VALIDATION.INVALID_INPUT', 'email');
    expectRefused(await json({ ...GOOD, subject: null }), 400, 'VALIDATION.INVALID_INPUT', 'subject');
    expectRefused(await json({ ...GOOD, message: { text: 'hi' } }), 400, 'VALIDATION.INVALID_INPUT', 'message');
    expectRefused(await json({ ...GOOD, captcha: 12 }), 400, 'VALIDATION.INVALID_INPUT', 'captcha');
    expectRefused(await post('[1,2]', 'application/json'), 400, 'VALIDATION.INVALID_INPUT');
    expectRefused(await post('"text"', 'application/json'), 400, 'VALIDATION.INVALID_INPUT');
    // A field given twice is a list, not a text.
    expectRefused(await post(`${new URLSearchParams(GOOD).toString()}&subject=again`, 'application/x-www-form-urlencoded'), 400, 'VALIDATION.INVALID_INPUT', 'subject');
    const twice = multipartBody([...Object.entries(GOOD), ['name', 'Other']]);
    expectRefused(await app.inject({ method: 'POST', url: '/api/public/contact', ...twice }), 400, 'VALIDATION.INVALID_INPUT', 'name');
  });

  it('huge bodies and fields are refused', async () => {
    const huge = 'x'.repeat(2 * 1024 * 1024);
    expectRefused(await post(new URLSearchParams({ ...GOOD, message: huge }).toString(), 'application/x-www-form-urlencoded'), 413, 'VALIDATION.INVALID_INPUT');
    expectRefused(await post(JSON.stringify({ ...GOOD, message: huge }), 'application/json'), 413, 'VALIDATION.INVALID_INPUT');
    const bigField = await app.inject({ method: 'POST', url: '/api/public/contact', ...multipartBody(Object.entries({ ...GOOD, message: huge })) });
    expectRefused(bigField, 400, 'VALIDATION.INVALID_INPUT', 'message');
    const manyFields = multipartBody(Array.from({ length: 50 }, (_, i): [string, string] => [`f${i}`, 'x']));
    expectRefused(await app.inject({ method: 'POST', url: '/api/public/contact', ...manyFields }), 400, 'VALIDATION.INVALID_INPUT', 'body');
    expect(await storedMessages()).toEqual([]);
  });

  it('control characters are refused naming the field, in every content type', async () => {
    const bad = { ...GOOD, subject: 'Hi\u0000there' };
    expectRefused(await urlencoded(app, bad), 400, 'VALIDATION.INVALID_INPUT', 'subject');
    expectRefused(await multipart(app, bad), 400, 'VALIDATION.INVALID_INPUT', 'subject');
    expectRefused(await post(JSON.stringify(bad), 'application/json'), 400, 'VALIDATION.INVALID_INPUT', 'subject');
    expectRefused(await multipart(app, { ...GOOD, message: 'bell\u0007' }), 400, 'VALIDATION.INVALID_INPUT', 'message');
    // A lone surrogate cannot be percent-encoded (it becomes U+FFFD on the way), but JSON carries it.
    expectRefused(await post(JSON.stringify({ ...GOOD, name: 'lone \ud800' }), 'application/json'), 400, 'VALIDATION.INVALID_INPUT', 'name');
    expect(await storedMessages()).toEqual([]);
  });

  it('files, prototype names, broken multipart and unknown content types', async () => {
    const withFile = multipartBody(Object.entries(GOOD), { field: 'attachment', bytes: Buffer.from('PNG') });
    expectRefused(await app.inject({ method: 'POST', url: '/api/public/contact', ...withFile }), 400, 'VALIDATION.INVALID_INPUT');
    const proto = multipartBody([['__proto__', 'x'], ...Object.entries(GOOD)]);
    expectRefused(await app.inject({ method: 'POST', url: '/api/public/contact', ...proto }), 400, 'VALIDATION.INVALID_INPUT');
    expect((await post(`__proto__=x&constructor=y&${new URLSearchParams(GOOD).toString()}`, 'application/x-www-form-urlencoded')).statusCode).toBe(201);
    const broken = await post('--nope\r\nContent-Disposition: form-data; name="name"\r\n\r\nA', 'multipart/form-data; boundary=nope');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errorCode).toBe('VALIDATION.INVALID_INPUT');
    const noBoundary = await post('name=A', 'multipart/form-data');
    expect([400, 415]).toContain(noBoundary.statusCode);
    // Fastify reads text/plain as a string, which is no form.
    expectRefused(await post('hello', 'text/plain'), 400, 'VALIDATION.INVALID_INPUT', 'body');
    const xml = await post('<a/>', 'application/xml');
    expect([xml.statusCode, xml.json().errorCode]).toEqual([415, 'VALIDATION.INVALID_INPUT']);
    expect((await storedMessages()).length).toBe(1);
  });
});

describe('GET /api/public/site', () => {
  it('without configuration: every fact null; cacheable for a few minutes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/public/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ company: { name: null, address: null, email: null }, research_pdf: { en: null, fi: null, sv: null } });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('with configuration: the operator and the study in each language, as configured', async () => {
    const configured = await buildTestApp({
      COMPANY_NAME: 'Kolikko Oy',
      COMPANY_ADDRESS: 'Esimerkkikatu 1, 00100 Helsinki',
      COMPANY_EMAIL: 'privacy@kolikko.test',
      RESEARCH_PDF_URL_EN: 'https://research.example/kolikko-en.pdf',
      RESEARCH_PDF_URL_FI: 'http://research.example/kolikko-fi.pdf',
      RESEARCH_PDF_URL_SV: 'https://research.example/kolikko-sv.pdf',
    });
    const res = await configured.app.inject({ method: 'GET', url: '/api/public/site' });
    expect(res.json()).toEqual({
      company: { name: 'Kolikko Oy', address: 'Esimerkkikatu 1, 00100 Helsinki', email: 'privacy@kolikko.test' },
      research_pdf: { en: 'https://research.example/kolikko-en.pdf', fi: 'http://research.example/kolikko-fi.pdf', sv: 'https://research.example/kolikko-sv.pdf' },
    });
    const onlyEn = await buildTestApp({ RESEARCH_PDF_URL_EN: 'https://research.example/en.pdf', COMPANY_NAME: 'Kolikko Oy' });
    expect((await onlyEn.app.inject({ method: 'GET', url: '/api/public/site' })).json()).toEqual({
      company: { name: 'Kolikko Oy', address: null, email: null },
      research_pdf: { en: 'https://research.example/en.pdf', fi: null, sv: null },
    });
  });

  it('the configuration refuses what is not an http(s) URL or an e-mail address, naming the variable', () => {
    const bad: [string, string][] = [
      ['RESEARCH_PDF_URL_EN', 'javascript:alert(1)'],
      ['RESEARCH_PDF_URL_FI', 'ftp://research.example/a.pdf'],
      ['RESEARCH_PDF_URL_SV', 'javascript:alert(1)'],
      ['RESEARCH_PDF_URL_EN', 'research.example/a.pdf'],
      ['CONTACT_TO', 'owner'],
      ['COMPANY_EMAIL', 'privacy at kolikko'],
    ];
    for (const [name, value] of bad) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
    expect(loadConfig({}).contactTo).toBeNull();
    expect(loadConfig({ CONTACT_TO: 'owner@kolikko.test' }).contactTo).toBe('owner@kolikko.test');
  });
});
