import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { TEACHER_STARTER_COINS } from '@kolikko/core/limits';
import { ConfigError, loadConfig } from '../../config.ts';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, caller, sessionCookie, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher } from '../../test/factories.ts';
import { followToCallback, startTestOidcProvider } from '../../test/oidc-provider.ts';
import { waitForMail } from '../../test/outbox.ts';

/**
 * Issue 34: teachers sign up and in through an OpenID provider, a real one (oidc-provider) on a
 * free port; every refusal lands on /teacher/login with AUTH.SSO_FAILED.
 */
const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}/api/sso/school/callback`;
const oidc = await startTestOidcProvider([
  { client_id: 'kolikko', client_secret: 'kolikko-secret', redirect_uris: [CALLBACK] },
  // Another application of the same provider: its codes and tokens are not ours.
  { client_id: 'other-app', client_secret: 'other-secret', redirect_uris: [CALLBACK] },
]);
afterAll(() => oidc.close());

const ssoEnv = (issuer: string, name = 'school') => ({
  SSO_PROVIDERS: name,
  [`SSO_${name.toUpperCase()}_ISSUER`]: issuer,
  [`SSO_${name.toUpperCase()}_CLIENT_ID`]: 'kolikko',
  [`SSO_${name.toUpperCase()}_CLIENT_SECRET`]: 'kolikko-secret',
  [`SSO_${name.toUpperCase()}_LABEL`]: 'Koulun tunnus',
});
const { app, database } = await buildTestApp(ssoEnv(oidc.issuer));
const db = database.db;
const call = caller(app);

const flowCookie = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((x) => x.name === 'kolikko_sso');
  return c ? `kolikko_sso=${c.value}` : '';
};

/** start → the provider → our callback, as a browser: answers the callback's response and the flow cookie it set. */
async function signInThroughProvider(opts: { on?: FastifyInstance; cookie?: string; intent?: 'link'; tamper?: (url: URL) => void } = {}) {
  const on = opts.on ?? app;
  const start = await on.inject({ method: 'GET', url: `/api/sso/school/start${opts.intent ? '?intent=link' : ''}`, headers: opts.cookie ? { cookie: opts.cookie } : {} });
  expect(start.statusCode).toBe(302);
  const flow = flowCookie(start);
  const back = await followToCallback(start.headers.location as string, CALLBACK);
  opts.tamper?.(back);
  const callbackUrl = back.pathname + back.search;
  const res = await on.inject({ method: 'GET', url: callbackUrl, headers: { cookie: [flow, opts.cookie].filter(Boolean).join('; ') } });
  return { res, flow, callbackUrl, pending: flowCookie(res) };
}

const failedToLogin = (res: LightMyRequestResponse) => expect([res.statusCode, res.headers.location]).toEqual([302, '/teacher/login?error=AUTH.SSO_FAILED']);

let n = 0;
const account = (verified = true) => {
  n += 1;
  return { sub: `sub-${n}-${Date.now()}`, email: `sso${n}.${Date.now()}@school.test`, email_verified: verified };
};

describe('configuration', () => {
  it('lists the providers in /api/config, and a partial provider stops start-up naming what is missing', async () => {
    expect((await call('GET', '/api/config')).json().sso_providers).toEqual([{ name: 'school', label: 'Koulun tunnus' }]);
    const partial = () => loadConfig({ SSO_PROVIDERS: 'google,mpassid', SSO_GOOGLE_ISSUER: 'https://accounts.google.com', SSO_GOOGLE_CLIENT_ID: 'x' });
    expect(partial).toThrow(ConfigError);
    expect(partial).toThrow(/SSO_GOOGLE_CLIENT_SECRET: missing/);
    expect(partial).toThrow(/SSO_MPASSID_ISSUER: missing/);
    expect(loadConfig({}).sso).toEqual([]);
  });
});

describe('sign-up and sign-in', () => {
  it('makes an account on a first sign-in (a username and the terms; the vouched e-mail, starter coins), then signs it in again', async () => {
    const who = account();
    oidc.signInAs(who);
    const first = await signInThroughProvider();
    expect([first.res.statusCode, first.res.headers.location]).toEqual([302, '/teacher/sso']);
    const pending = await call('GET', '/api/sso/pending', first.pending);
    expect(pending.json()).toEqual({ provider: 'school', label: 'Koulun tunnus', step: 'signup', email: who.email });
    expect((await call('POST', '/api/sso/signup', first.pending, { username: 'ssoope' + n })).statusCode).toBe(400);
    const made = await call('POST', '/api/sso/signup', first.pending, { username: 'ssoope' + n, terms_accepted: true });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ admin: true, username: 'ssoope' + n, coins: TEACHER_STARTER_COINS });
    const [row] = await queryRows<{ verified: boolean; email: string }>(db, sql`select email_verified_at is not null as verified, email from teachers where username = ${'ssoope' + n}`);
    expect(row).toEqual({ verified: true, email: who.email });
    // The flow is spent: it cannot make a second account.
    expect((await call('POST', '/api/sso/signup', first.pending, { username: 'another' + n, terms_accepted: true })).json().errorCode).toBe('AUTH.SSO_FAILED');

    const again = await signInThroughProvider();
    expect([again.res.statusCode, again.res.headers.location]).toEqual([302, '/teacher/home']);
    const me = await call('GET', '/api/checkStatus', sessionCookie(again.res));
    expect(me.json()).toMatchObject({ admin: true, username: 'ssoope' + n });
    // No password: the password login knows no way in, the profile says so.
    expect((await call('GET', '/api/account/sso', sessionCookie(again.res))).json()).toMatchObject({ has_password: false, identities: [{ provider: 'school', email: who.email }] });
  });

  it('asks for an e-mail when the provider vouched for none, and verifies it by link', async () => {
    const who = account(false);
    oidc.signInAs(who);
    const { pending } = await signInThroughProvider();
    expect((await call('GET', '/api/sso/pending', pending)).json()).toMatchObject({ step: 'signup', email: null });
    const noEmail = await call('POST', '/api/sso/signup', pending, { username: 'unver' + n, terms_accepted: true });
    expect([noEmail.statusCode, noEmail.json().field]).toEqual([400, 'email']);
    const typed = `typed${n}@school.test`;
    const made = await call('POST', '/api/sso/signup', pending, { username: 'unver' + n, email: typed, terms_accepted: true });
    expect(made.statusCode).toBe(201);
    expect((await waitForMail(app, typed)).text).toContain('/api/verify-email?token=');
    const [row] = await queryRows<{ verified: boolean }>(db, sql`select email_verified_at is not null as verified from teachers where email = ${typed}`);
    expect(row?.verified).toBe(false);
  });

  it("links an account of the vouched e-mail only with that account's password", async () => {
    const who = account();
    const teacher = await buildTeacher(db, { email: who.email });
    oidc.signInAs(who);
    const { pending } = await signInThroughProvider();
    expect((await call('GET', '/api/sso/pending', pending)).json()).toMatchObject({ step: 'link', email: who.email });
    expect((await call('POST', '/api/sso/signup', pending, { username: 'takeover' + n, terms_accepted: true })).json().errorCode).toBe('USER.EMAIL_TAKEN');
    expect((await call('POST', '/api/sso/link', pending, { password: 'not-the-password' })).json().errorCode).toBe('AUTH.LOGIN_FAILED');
    expect(await queryRows(db, sql`select 1 from teacher_identities where teacher_id = ${teacher.id}`)).toHaveLength(0);
    const linked = await call('POST', '/api/sso/link', pending, { password: teacher.password });
    expect([linked.statusCode, linked.body]).toEqual([200, expect.stringContaining(teacher.username)]);
    const again = await signInThroughProvider();
    const me = await call('GET', '/api/checkStatus', sessionCookie(again.res));
    expect([again.res.headers.location, me.statusCode, me.body]).toEqual(['/teacher/home', 200, expect.stringContaining(teacher.username)]);
  });

  it('links and unlinks a provider from the profile, never the last way to sign in', async () => {
    const teacher = await buildTeacher(db);
    const cookie = await signIn(app, teacher, 'teacher');
    const who = account();
    oidc.signInAs(who);
    const link = await signInThroughProvider({ cookie, intent: 'link' });
    expect([link.res.statusCode, link.res.headers.location]).toEqual([302, '/teacher/profile?linked=1']);
    expect((await call('GET', '/api/account/sso', cookie)).json()).toMatchObject({ has_password: true, identities: [{ provider: 'school', label: 'Koulun tunnus' }] });
    // Another account cannot link the same subject.
    const other = await signIn(app, await buildTeacher(db), 'teacher');
    failedToLogin((await signInThroughProvider({ cookie: other, intent: 'link' })).res);
    expect((await call('DELETE', '/api/account/sso/school', cookie)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/account/sso/school', cookie)).json().errorCode).toBe('AUTH.SSO_FAILED');

    // An account made through the provider has no password: its only provider stays.
    const only = account();
    oidc.signInAs(only);
    const { pending } = await signInThroughProvider();
    const made = await call('POST', '/api/sso/signup', pending, { username: 'only' + n, terms_accepted: true });
    const res = await call('DELETE', '/api/account/sso/school', sessionCookie(made));
    expect([res.statusCode, res.json().errorCode]).toEqual([409, 'AUTH.LAST_SIGN_IN_METHOD']);
  });
});

describe('refusals', () => {
  it('refuses a tampered state, a replayed callback, a wrong nonce and a code of another application', async () => {
    oidc.signInAs(account());
    failedToLogin((await signInThroughProvider({ tamper: (url) => url.searchParams.set('state', 'forged') })).res);

    const used = await signInThroughProvider();
    expect(used.res.statusCode).toBe(302);
    failedToLogin(await call('GET', used.callbackUrl, used.flow));

    const start = await call('GET', '/api/sso/school/start');
    await db.execute(sql`update sso_flows set nonce = 'not-the-nonce' where subject is null`);
    const back = await followToCallback(start.headers.location as string, CALLBACK);
    failedToLogin(await call('GET', back.pathname + back.search, flowCookie(start)));

    // The provider's authorization for another application, brought to our callback with our flow's state.
    const ours = await call('GET', '/api/sso/school/start');
    const theirs = new URL(ours.headers.location as string);
    theirs.searchParams.set('client_id', 'other-app');
    const code = await followToCallback(theirs.href, CALLBACK);
    failedToLogin(await call('GET', code.pathname + code.search, flowCookie(ours)));
    // No callback without a flow of this browser, and none for a provider not configured.
    failedToLogin(await call('GET', back.pathname + back.search));
    failedToLogin(await call('GET', '/api/sso/elsewhere/start'));
  });

  it('refuses an expired ID token (our clock two hours on: the token lives one)', async () => {
    const later = await buildTestApp(ssoEnv(oidc.issuer), { clock: () => new Date(Date.now() + 7_200_000) });
    oidc.signInAs(account());
    failedToLogin((await signInThroughProvider({ on: later.app })).res);
  });

  it('fails within 10 s, to the login page, when the provider is down or does not answer', async () => {
    // Down: every connection dropped at once, on a port held for the test (a port closed again
    // could be handed to another test's server meanwhile).
    const dropping = createServer();
    dropping.on('connection', (socket) => socket.destroy());
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    const down = await buildTestApp(ssoEnv(`http://127.0.0.1:${(dropping.address() as AddressInfo).port}`));
    failedToLogin(await down.app.inject({ method: 'GET', url: '/api/sso/school/start' }));
    dropping.close();

    const silent = createServer(() => {}); // accepts, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const hanging = await buildTestApp(ssoEnv(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`));
    const started = Date.now();
    failedToLogin(await hanging.app.inject({ method: 'GET', url: '/api/sso/school/start' }));
    expect(Date.now() - started).toBeLessThan(10_000);
    silent.close();
  }, 30_000);

  it('links only for a signed-in teacher of its own, never a demo, and the profile calls are the teacher\'s', async () => {
    failedToLogin(await call('GET', '/api/sso/school/start?intent=link'));
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const student = await signIn(app, await buildMember(db, group.id), 'member');
    failedToLogin(await call('GET', '/api/sso/school/start?intent=link', student));
    // A demo's teacher (its own cookie, acting as the teacher) links nothing.
    const demo = await app.inject({ method: 'POST', url: '/api/demo', payload: {}, remoteAddress: '198.51.100.98' });
    const demoCookie = `kolikko_demo=${demo.cookies.find((x) => x.name === 'kolikko_demo')?.value ?? ''}`;
    failedToLogin(await call('GET', '/api/sso/school/start?intent=link', demoCookie, undefined, { 'x-kolikko-demo-as': 'teacher' }));
    expect(await queryRows(db, sql`select 1 from sso_flows where link_teacher_id is not null`)).toHaveLength(0);
    expect((await call('GET', '/api/account/sso')).statusCode).toBe(401);
    expect((await call('GET', '/api/account/sso', student)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/account/sso/school')).statusCode).toBe(401);
    expect((await call('GET', '/api/sso/pending')).json().errorCode).toBe('AUTH.SSO_FAILED');
    expect((await call('POST', '/api/sso/link', undefined, { password: 'whatever1' })).json().errorCode).toBe('AUTH.SSO_FAILED');
  });
});
