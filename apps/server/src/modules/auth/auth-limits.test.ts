import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  LOGIN_LIMIT_PER_ACCOUNT,
  LOGIN_LIMIT_PER_ADDRESS,
  LOGIN_LIMIT_PER_PAIR,
  RESET_REFUSALS_PER_ADDRESS,
  RESET_REQUESTS_PER_EMAIL,
  TEACHER_SIGNUPS_PER_ADDRESS,
  TEACHER_STARTER_COINS,
} from '@kolikko/core/limits';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { ownPostgresApp } from '../../test/own-postgres.ts';
import { buildGroup, buildMember, buildTeacher } from '../../test/factories.ts';

/**
 * The limits on logins, signups and resets (docs/decisions.md, "Rate limits on authentication").
 * Addresses come from app.inject's remoteAddress. A login answered 401 had its password checked;
 * 429 means it was refused unchecked, so the 401s count the guesses an attacker got.
 */
const { app, database } = await buildTestApp();
const db = database.db;
/** Behind a proxy at 127.0.0.1, which forwards the client's address. */
const proxied = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
/** Apps whose exempt addresses are not this machine's (issue 35: nothing is exempt unless named). */
const strict = (await buildTestApp({ LIMITS_EXEMPT_ADDRESSES: '192.0.2.250' })).app;
const strictProxied = (await buildTestApp({ LIMITS_EXEMPT_ADDRESSES: '192.0.2.250', TRUST_PROXY: '127.0.0.1' })).app;
const ranged = (await buildTestApp({ LIMITS_EXEMPT_ADDRESSES: '10.1.0.0/16, 2001:db8::/32,192.0.2.44' })).app;

const SCHOOL = '192.0.2.10';
const HOME = '198.51.100.7';
const ATTACKER = '203.0.113.66';

type Who = 'teacher' | 'member';

function login(target: FastifyInstance, who: Who, loginName: string, password: string, remoteAddress: string) {
  return target.inject({ method: 'POST', url: `/api/login/${who === 'teacher' ? 'admin' : 'member'}`, payload: { loginName, password }, remoteAddress });
}

/** `n` logins at once, the i-th from `address(i)`. */
function burstOf(target: FastifyInstance, n: number, who: Who, loginName: (i: number) => string, address: (i: number) => string) {
  return Promise.all(Array.from({ length: n }, (_, i) => login(target, who, loginName(i), `wrong-guess-${i}`, address(i))));
}

/** How many answers had each status. */
function tally(answers: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
  return counts;
}

/** A 429 says when to come back, in the header and the body alike; answers the seconds. */
function retryAfter(res: LightMyRequestResponse): number {
  expect([res.statusCode, res.json().errorCode]).toEqual([429, 'SERVER.TRY_AGAIN']);
  const seconds = Number(res.headers['retry-after']);
  expect(res.json().details).toEqual({ retryAfterSeconds: seconds });
  return seconds;
}

/** A wait of about `seconds` (a slow machine may take a second between two requests). */
function expectAbout(waited: number, seconds: number): void {
  expect(waited).toBeGreaterThanOrEqual(seconds - 2);
  expect(waited).toBeLessThanOrEqual(seconds);
}

/** As if `ms` had gone by since every attempt stored. */
async function passTime(target: Db, ms: number): Promise<void> {
  const shift = sql.raw(`interval '${ms} milliseconds'`);
  await target.execute(
    sql`update auth_attempts set last_at = last_at - ${shift}, blocked_until = blocked_until - ${shift}, succeeded_at = succeeded_at - ${shift}`,
  );
}

/**
 * Hundreds of wrong guesses at once against one teacher (by username and e-mail alike) and one
 * student: no more are checked than the limits allow, and the owner still signs in.
 */
async function burst(target: FastifyInstance, targetDb: Db): Promise<void> {
  const pair = LOGIN_LIMIT_PER_PAIR.free;
  const account = LOGIN_LIMIT_PER_ACCOUNT.free;

  // From one address: the pair's limit, counted per account whichever name is typed.
  const t = await buildTeacher(targetDb, { username: 'Burst', email: 'burst@school.test' });
  const one = await burstOf(target, 300, 'teacher', (i) => (i % 2 ? 'Burst' : 'BURST@school.test'), () => ATTACKER);
  expect(tally(one)).toEqual({ 401: pair, 429: 300 - pair });
  // The owner, at another address, is not slowed at all.
  expect((await login(target, 'teacher', 'burst', t.password, HOME)).statusCode).toBe(200);

  // From 200 addresses: the account's limit.
  const u = await buildTeacher(targetDb, { username: 'Spread' });
  expect((await login(target, 'teacher', 'Spread', u.password, SCHOOL)).statusCode).toBe(200);
  const spread = await burstOf(target, 200, 'teacher', () => 'Spread', (i) => `10.1.0.${i}`);
  expect(tally(spread)).toEqual({ 401: account, 429: 200 - account });
  // Now an address new to the account waits (the owner travelling as well), but not one it signed in from before.
  expect(retryAfter(await login(target, 'teacher', 'Spread', u.password, HOME))).toBeGreaterThan(0);
  expect((await login(target, 'teacher', 'Spread', u.password, SCHOOL)).statusCode).toBe(200);

  // A student alike.
  const m = await buildMember(targetDb, (await buildGroup(targetDb, t.id)).id);
  const kids = await burstOf(target, 100, 'member', () => m.username, () => ATTACKER);
  expect(tally(kids)).toEqual({ 401: pair, 429: 100 - pair });
  expect((await login(target, 'member', m.username, m.password, SCHOOL)).statusCode).toBe(200);
}

describe('login limits', () => {
  it('checks no more guesses than the limits allow, however many arrive at once (the burst)', async () => {
    await burst(app, db);
  });

  it('counts a teacher per account: ten wrong by username, then the e-mail is refused too', async () => {
    const t = await buildTeacher(db, { username: 'Named', email: 'named@school.test' });
    for (let i = 0; i < LOGIN_LIMIT_PER_PAIR.free; i++) {
      expect((await login(app, 'teacher', 'Named', `wrong-${i}`, ATTACKER)).statusCode).toBe(401);
    }
    retryAfter(await login(app, 'teacher', 'named@school.test', 'wrong-again', ATTACKER));
    // Even the right password is not checked from there until the wait is over.
    retryAfter(await login(app, 'teacher', 'named@school.test', t.password, ATTACKER));
  });

  it('slows a pair down instead of locking it: 1 minute, then 2, while the owner elsewhere signs in', async () => {
    const t = await buildTeacher(db, { username: 'Owner' });
    for (let i = 0; i < LOGIN_LIMIT_PER_PAIR.free; i++) expect((await login(app, 'teacher', 'Owner', `wrong-${i}`, ATTACKER)).statusCode).toBe(401);
    expectAbout(retryAfter(await login(app, 'teacher', 'Owner', 'wrong-x', ATTACKER)), 60);
    expect((await login(app, 'teacher', 'Owner', t.password, HOME)).statusCode).toBe(200);

    await passTime(db, 61_000);
    expect((await login(app, 'teacher', 'Owner', 'wrong-y', ATTACKER)).statusCode).toBe(401);
    expectAbout(retryAfter(await login(app, 'teacher', 'Owner', 'wrong-z', ATTACKER)), 120);
    await passTime(db, 121_000);
    expect((await login(app, 'teacher', 'Owner', t.password, ATTACKER)).statusCode).toBe(200);

    // After an hour without attempts a pair starts afresh.
    for (let i = 0; i < LOGIN_LIMIT_PER_PAIR.free; i++) expect((await login(app, 'teacher', 'Owner', `again-${i}`, HOME)).statusCode).toBe(401);
    retryAfter(await login(app, 'teacher', 'Owner', t.password, HOME));
    await passTime(db, LOGIN_LIMIT_PER_PAIR.forgetAfterMs);
    expect((await login(app, 'teacher', 'Owner', t.password, HOME)).statusCode).toBe(200);
  });

  it('clears a pair when its password is right: a typo-prone owner is never slowed', async () => {
    const t = await buildTeacher(db, { username: 'Typo' });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < LOGIN_LIMIT_PER_PAIR.free - 1; i++) expect((await login(app, 'teacher', 'Typo', `oops-${i}`, HOME)).statusCode).toBe(401);
      expect((await login(app, 'teacher', 'Typo', t.password, HOME)).statusCode).toBe(200);
    }
  });

  it('counts a name no account has as an account is counted, so the limits do not tell which names exist', async () => {
    await buildTeacher(db, { username: 'Real' });
    const real = await burstOf(app, 12, 'teacher', () => 'Real', () => ATTACKER);
    const ghost = await burstOf(app, 12, 'teacher', () => 'Ghost', () => ATTACKER);
    expect(tally(ghost)).toEqual(tally(real));
    const waits = (answers: LightMyRequestResponse[]) => answers.filter((a) => a.statusCode === 429).map((a) => Math.round(Number(a.headers['retry-after']) / 10));
    expect(waits(ghost)).toEqual(waits(real));
  });

  it('lets the class and the teacher sign in at school while one pupil fails again and again there', async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const kids = await Promise.all(Array.from({ length: 5 }, () => buildMember(db, group.id)));
    const [pupil, ...class_] = kids;
    if (!pupil) throw new Error('no pupil');
    // Earlier days: everyone signed in at school.
    expect((await login(app, 'teacher', teacher.username, teacher.password, SCHOOL)).statusCode).toBe(200);
    for (const kid of kids) expect((await login(app, 'member', kid.username, kid.password, SCHOOL)).statusCode).toBe(200);
    const newcomer = await buildMember(db, group.id);

    // The pupil fails a hundred times on its own name: stopped after ten, the school's address untouched.
    expect(tally(await burstOf(app, 100, 'member', () => pupil.username, () => SCHOOL))).toEqual({ 401: LOGIN_LIMIT_PER_PAIR.free, 429: 100 - LOGIN_LIMIT_PER_PAIR.free });
    // Then it types other names: past the address's budget the school slows accounts new to it.
    const over = LOGIN_LIMIT_PER_ADDRESS.free + 10;
    expect(tally(await burstOf(app, over, 'member', (i) => `pupil-typo-${i}`, () => SCHOOL))).toEqual({ 401: LOGIN_LIMIT_PER_ADDRESS.free, 429: 10 });

    // The class and the teacher, who signed in there before, sign in.
    for (const kid of class_) expect((await login(app, 'member', kid.username, kid.password, SCHOOL)).statusCode).toBe(200);
    expect((await login(app, 'teacher', teacher.username, teacher.password, SCHOOL)).statusCode).toBe(200);
    // A first sign-in there waits a little (10 s); at home it goes through.
    expect(retryAfter(await login(app, 'member', newcomer.username, newcomer.password, SCHOOL))).toBeLessThanOrEqual(10);
    expect((await login(app, 'member', newcomer.username, newcomer.password, HOME)).statusCode).toBe(200);
    // The pupil itself waits for its pair.
    retryAfter(await login(app, 'member', pupil.username, pupil.password, SCHOOL));
  });
});

describe('addresses behind a proxy', () => {
  const forwarded = (target: FastifyInstance, password: string, client: string) =>
    target.inject({ method: 'POST', url: '/api/login/admin', payload: { loginName: 'Proxied', password }, headers: { 'x-forwarded-for': client } });

  it('with TRUST_PROXY, counts each client by its forwarded address', async () => {
    const t = await buildTeacher(db, { username: 'Proxied' });
    for (let i = 0; i < LOGIN_LIMIT_PER_PAIR.free; i++) expect((await forwarded(proxied.app, `wrong-${i}`, ATTACKER)).statusCode).toBe(401);
    retryAfter(await forwarded(proxied.app, 'wrong-x', ATTACKER));
    expect((await forwarded(proxied.app, t.password, HOME)).statusCode).toBe(200);
  });

  it('without it, ignores X-Forwarded-For: an attacker cannot pose as new addresses', async () => {
    const t = await buildTeacher(db, { username: 'Proxied' });
    for (let i = 0; i < LOGIN_LIMIT_PER_PAIR.free; i++) expect((await forwarded(app, `wrong-${i}`, `10.3.0.${i}`)).statusCode).toBe(401);
    retryAfter(await forwarded(app, t.password, HOME));
  });
});

describe('signup limits', () => {
  const signup = (i: number, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/signup/admin', payload: { username: `teacher${i}`, email: `t${i}@school.test`, password: 'secret12' }, remoteAddress });

  it('makes at most 5 teacher accounts an hour per address, however many signups arrive at once', async () => {
    const made = TEACHER_SIGNUPS_PER_ADDRESS.free;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signup(i, SCHOOL)));
    expect(tally(answers)).toEqual({ 201: made, 429: 40 - made });
    const refused = answers.find((a) => a.statusCode === 429);
    if (!refused) throw new Error('none refused');
    expectAbout(retryAfter(refused), 3600);
    const minted = await queryRows<{ n: number; coins: number }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(amount), 0)::int as coins from coin_ledger where from_account = 'mint'`,
    );
    expect(minted).toEqual([{ n: made, coins: made * TEACHER_STARTER_COINS }]);

    expect((await signup(100, HOME)).statusCode).toBe(201);
    await passTime(db, TEACHER_SIGNUPS_PER_ADDRESS.forgetAfterMs);
    expect((await signup(101, SCHOOL)).statusCode).toBe(201);
  });

  it('lifts the limits only for the addresses LIMITS_EXEMPT_ADDRESSES names (the tests name 127.0.0.1)', async () => {
    const answers = await Promise.all(Array.from({ length: TEACHER_SIGNUPS_PER_ADDRESS.free + 3 }, (_, i) => signup(i, '127.0.0.1')));
    expect(tally(answers)).toEqual({ 201: TEACHER_SIGNUPS_PER_ADDRESS.free + 3 });
  });

  it('counts the loopback range like any address when it is not named, and a forwarded 127.0.0.1 too (issue 35)', async () => {
    const signupAt = (target: FastifyInstance, i: number, remoteAddress: string, headers: Record<string, string> = {}) =>
      target.inject({ method: 'POST', url: '/api/signup/admin', payload: { username: `loop${i}`, email: `loop${i}@school.test`, password: 'secret12' }, remoteAddress, headers });
    const free = TEACHER_SIGNUPS_PER_ADDRESS.free;
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.5']) {
      await db.execute(sql`delete from auth_attempts`);
      await db.execute(sql`delete from teachers`);
      const answers = await Promise.all(Array.from({ length: free + 2 }, (_, i) => signupAt(strict, i, address)));
      expect([address, tally(answers)]).toEqual([address, { 201: free, 429: 2 }]);
    }
    // A proxy on this host, not named in TRUST_PROXY... and one that is, passing on a client's claim of 127.0.0.1.
    await db.execute(sql`delete from auth_attempts`);
    await db.execute(sql`delete from teachers`);
    const claimed = await Promise.all(Array.from({ length: free + 2 }, (_, i) => signupAt(strictProxied, i, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })));
    expect(tally(claimed)).toEqual({ 201: free, 429: 2 });
  });

  it('takes addresses and CIDR ranges, IPv4 and IPv6, an IPv4 client seen as ::ffff:a.b.c.d among them', async () => {
    const signupAt = (i: number, remoteAddress: string) =>
      ranged.inject({ method: 'POST', url: '/api/signup/admin', payload: { username: `ranged${i}`, email: `ranged${i}@school.test`, password: 'secret12' }, remoteAddress });
    const free = TEACHER_SIGNUPS_PER_ADDRESS.free;
    let n = 0;
    for (const [address, limited] of [
      ['10.1.2.3', false],
      ['::ffff:10.1.200.9', false],
      ['2001:db8::5', false],
      ['192.0.2.44', false],
      ['10.2.0.1', true],
      ['2001:db9::5', true],
    ] as const) {
      const answers = await Promise.all(Array.from({ length: free + 2 }, () => signupAt((n += 1), address)));
      expect([address, tally(answers)]).toEqual([address, limited ? { 201: free, 429: 2 } : { 201: free + 2 }]);
    }
  });

  it('does not count refused signups among the accounts made, nor limit students joining a class', async () => {
    await buildTeacher(db, { username: 'taken' });
    for (let i = 0; i < 6; i++) {
      const taken = await app.inject({
        method: 'POST',
        url: '/api/signup/admin',
        payload: { username: 'taken', email: `x${i}@school.test`, password: 'secret12' },
        remoteAddress: SCHOOL,
      });
      expect(taken.statusCode).toBe(409);
    }
    for (let i = 0; i < TEACHER_SIGNUPS_PER_ADDRESS.free; i++) expect((await signup(i, SCHOOL)).statusCode).toBe(201);

    const t = await buildTeacher(db);
    await buildGroup(db, t.id, { name: 'Class 3A' });
    for (let i = 0; i < TEACHER_SIGNUPS_PER_ADDRESS.free + 3; i++) {
      const joined = await app.inject({
        method: 'POST',
        url: '/api/signup/member',
        payload: { username: `kid${i}`, group_name: 'Class 3A', password: 'carrot1' },
        remoteAddress: SCHOOL,
      });
      expect(joined.statusCode).toBe(201);
    }
  });
});

describe('reset limits', () => {
  it('limits reset requests per e-mail address, known or not', async () => {
    await buildTeacher(db, { email: 'same@school.test' });
    for (const email of ['same@school.test', 'unknown@school.test']) {
      for (let i = 0; i < RESET_REQUESTS_PER_EMAIL.free; i++) {
        expect((await app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email }, remoteAddress: `10.2.0.${i}` })).statusCode).toBe(200);
      }
      retryAfter(await app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email }, remoteAddress: HOME }));
    }
  });

  it('limits refused reset links per address', async () => {
    const tries = await Promise.all(
      Array.from({ length: RESET_REFUSALS_PER_ADDRESS.free + 5 }, (_, i) =>
        app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: { token: `made-up-${i}`, password: 'brand-new-1' }, remoteAddress: ATTACKER }),
      ),
    );
    expect(tally(tries)).toEqual({ 400: RESET_REFUSALS_PER_ADDRESS.free, 429: 5 });
  });
});

/**
 * The burst again on PostgreSQL, where attempts run on many connections at once. Like
 * lock-order.test.ts, this always uses PostgreSQL (DATABASE_URL, or the local server CI starts),
 * on a database of its own, also when the rest of the suite runs on PGlite.
 */
describe('login limits on PostgreSQL', () => {
  // The process id keeps two test runs on one server (two checkouts) apart.
  const own = ownPostgresApp(`kolikko_auth_limits_${process.pid}`, { poolSize: 20 });

  it('checks no more guesses than the limits allow, however many arrive at once (the burst)', async () => {
    await burst(own.app, own.database.db);
  });
});
