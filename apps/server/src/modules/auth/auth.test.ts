import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHARACTER_DEFAULTS, TEACHER_STARTER_COINS } from '@kolikko/core/limits';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, sessionCookie, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher } from '../../test/factories.ts';
import { createBackground } from '../../platform/background.ts';
import { createOutboxMailer } from '../../platform/mail.ts';
import { ledgerBalance, teacherAccount } from '../coins/ledger.repo.ts';

// Reset mail is sent after the answer: tests wait for it through the app's background work.
const background = createBackground({ error: () => undefined });
const { app, database } = await buildTestApp({}, { background });
const db = database.db;

/** An app whose mail server does not answer until the test opens the gate (and then keeps mail in the outbox). */
let openGate = () => undefined as void;
const gate = new Promise<void>((resolve) => (openGate = resolve));
const outboxMailer = createOutboxMailer(db, app.log);
const hangingBackground = createBackground({ error: () => undefined });
const hanging = await buildTestApp(
  {},
  {
    mailer: { driver: 'outbox', send: (mail) => gate.then(() => outboxMailer.send(mail)), close: () => undefined },
    background: hangingBackground,
  },
);

/** An app whose mail server fails; what the background work logs is kept. */
const failures: string[] = [];
const failingBackground = createBackground({ error: (_obj, msg) => failures.push(msg) });
const failing = await buildTestApp(
  {},
  { mailer: { driver: 'smtp', send: () => Promise.reject(new Error('connection refused')), close: () => undefined }, background: failingBackground },
);

async function outbox(): Promise<{ to: string; subject: string; text: string; html: string }[]> {
  await background.settled();
  const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The token of the newest link in the outbox for an address. */
async function lastLinkToken(to: string, path: string): Promise<string> {
  const mail = (await outbox()).filter((m) => m.to === to).at(-1);
  expect(mail, `a mail to ${to}`).toBeDefined();
  const match = new RegExp(`${path.replace('/', '\\/')}\\?token=([\\w-]+)`).exec(mail?.text ?? '');
  expect(match, `a ${path} link in ${mail?.text}`).not.toBeNull();
  return match?.[1] ?? '';
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });

describe('POST /api/signup/admin', () => {
  it('creates an unverified teacher with 300 coins minted through the ledger and mails a link, in English, Finnish and Swedish', async () => {
    const res = await post('/api/signup/admin', { username: 'Ella', email: 'ella@school.test', password: 'secret12' });
    expect(res.statusCode).toBe(201);
    const [row] = await queryRows<{ id: string; coins: number; email_verified_at: Date | null; password_hash: string }>(
      db,
      sql`select id, coins, email_verified_at, password_hash from teachers where username = 'Ella'`,
    );
    expect(row?.coins).toBe(TEACHER_STARTER_COINS);
    expect(row?.email_verified_at).toBeNull();
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await ledgerBalance(db, teacherAccount(row?.id ?? ''))).toBe(TEACHER_STARTER_COINS);
    const ledger = await queryRows<{ from_account: string; amount: number }>(db, sql`select from_account, amount from coin_ledger`);
    expect(ledger).toEqual([{ from_account: 'mint', amount: TEACHER_STARTER_COINS }]);
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('ella@school.test');
    expect(mails[0]?.text).toContain('http://localhost:3000/api/verify-email?token=');
    expect(mails[0]?.subject).toBe('Kolikko: confirm your e-mail / vahvista sähköpostiosoitteesi / bekräfta din e-postadress');
    for (const line of [
      'Hei Ella, vahvista sähköpostiosoitteesi avaamalla alla oleva linkki.',
      'Hej Ella, öppna länken nedan för att bekräfta din e-postadress och börja använda Kolikko.',
      ' / Om du inte har skapat ett konto kan du bortse från det här meddelandet.',
    ]) {
      expect(mails[0]?.text).toContain(line);
    }
    expect(mails[0]?.html).toContain('<p>Hej Ella, öppna länken nedan');
  });

  it('verifies once through the link, then refuses the used link', async () => {
    await post('/api/signup/admin', { username: 'Vera', email: 'vera@school.test', password: 'secret12' });
    const token = await lastLinkToken('vera@school.test', '/api/verify-email');
    const first = await app.inject({ method: 'GET', url: `/api/verify-email?token=${token}` });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/teacher/login?success=true');
    const again = await app.inject({ method: 'GET', url: `/api/verify-email?token=${token}` });
    expect(again.headers.location).toBe('/teacher/login?error=AUTH.VERIFICATION_FAILED');
    const bad = await app.inject({ method: 'GET', url: '/api/verify-email?token=nonsense' });
    expect(bad.headers.location).toBe('/teacher/login?error=AUTH.VERIFICATION_FAILED');
    const login = await post('/api/login/admin', { loginName: 'vera', password: 'secret12' });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    [{ username: 'ab', email: 'a@b.test', password: 'secret12' }, 'USER.INVALID_USERNAME', 'username'],
    [{ username: 'abcdefghijklmnopq', email: 'a@b.test', password: 'secret12' }, 'USER.INVALID_USERNAME', 'username'],
    [{ username: 'bad name', email: 'a@b.test', password: 'secret12' }, 'USER.INVALID_USERNAME', 'username'],
    [{ username: 'good', email: 'not-an-email', password: 'secret12' }, 'USER.INVALID_EMAIL', 'email'],
    [{ username: 'good', email: 'a@b.test', password: '12345' }, 'USER.INVALID_PASSWORD', 'password'],
    [{ email: 'a@b.test', password: 'secret12' }, 'USER.INVALID_USERNAME', 'username'],
  ])('refuses %j with %s naming the field', async (payload, code, field) => {
    const res = await post('/api/signup/admin', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: code, field });
    expect(await queryRows(db, sql`select 1 from teachers`)).toHaveLength(0);
  });

  it('refuses a taken username or e-mail whatever the case', async () => {
    await buildTeacher(db, { username: 'Taken', email: 'taken@school.test' });
    const byName = await post('/api/signup/admin', { username: 'taken', email: 'other@school.test', password: 'secret12' });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().errorCode).toBe('USER.USERNAME_TAKEN');
    const byEmail = await post('/api/signup/admin', { username: 'other', email: 'TAKEN@school.test', password: 'secret12' });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().errorCode).toBe('USER.EMAIL_TAKEN');
  });

  it('lets exactly one of two racing signups for one name through', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((i) => post('/api/signup/admin', { username: 'Racer', email: `racer${i}@school.test`, password: 'secret12' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await queryRows(db, sql`select 1 from teachers`)).toHaveLength(1);
  });
});

describe('POST /api/login/admin', () => {
  it('signs in by username or e-mail and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const t = await buildTeacher(db, { username: 'Olli', email: 'olli@school.test' });
    for (const loginName of ['Olli', 'olli@school.test', 'OLLI']) {
      const res = await post('/api/login/admin', { loginName, password: t.password });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: t.id,
        username: 'Olli',
        email: 'olli@school.test',
        admin: true,
        coins: TEACHER_STARTER_COINS,
        face: null,
        hair: null,
        skin_tone: 'tone-3',
        isPremiumUser: false,
      });
      const cookie = res.cookies.find((c) => c.name === 'kolikko_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    }
  });

  it('answers wrong password and unknown user alike', async () => {
    await buildTeacher(db, { username: 'Olli' });
    const wrong = await post('/api/login/admin', { loginName: 'Olli', password: 'wrong-password' });
    const unknown = await post('/api/login/admin', { loginName: 'nobody', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().errorCode).toBe('AUTH.LOGIN_FAILED');
  });

  it('refuses an unverified teacher and mails a fresh link', async () => {
    const t = await buildTeacher(db, { username: 'Unver', email: 'unver@school.test', verified: false });
    const res = await post('/api/login/admin', { loginName: 'Unver', password: t.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('EMAIL.NOT_VERIFIED');
    expect(res.cookies.find((c) => c.name === 'kolikko_session')).toBeUndefined();
    expect((await outbox()).filter((m) => m.to === 'unver@school.test')).toHaveLength(1);
  });

  it('does not let a member log in as a teacher', async () => {
    const t = await buildTeacher(db);
    const g = await buildGroup(db, t.id);
    const m = await buildMember(db, g.id);
    const res = await post('/api/login/admin', { loginName: m.username, password: m.password });
    expect(res.json().errorCode).toBe('AUTH.LOGIN_FAILED');
  });
});

describe('GET /api/checkStatus and /api/logout', () => {
  it('returns the signed-in teacher, and 401 AUTH.NO_AUTH after logout with the same cookie', async () => {
    const t = await buildTeacher(db);
    const cookie = sessionCookie(await post('/api/login/admin', { loginName: t.username, password: t.password }));
    const status = await app.inject({ method: 'GET', url: '/api/checkStatus', headers: { cookie } });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ id: t.id, admin: true });
    expect(status.json()).not.toHaveProperty('passwordHash');

    const out = await app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/checkStatus', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().errorCode).toBe('AUTH.NO_AUTH');
  });

  it('refuses GET /api/logout from another site (a link or image there) and keeps the session', async () => {
    const t = await buildTeacher(db);
    const cookie = sessionCookie(await post('/api/login/admin', { loginName: t.username, password: t.password }));
    for (const site of ['cross-site', 'same-site']) {
      const out = await app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, 'sec-fetch-site': site } });
      expect([out.statusCode, out.json().errorCode]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
      expect(out.cookies.find((c) => c.name === 'kolikko_session')).toBeUndefined();
      expect((await app.inject({ method: 'GET', url: '/api/checkStatus', headers: { cookie } })).statusCode).toBe(200);
    }
    // The site's own page, and the address typed into the browser, still sign out.
    for (const site of ['same-origin', 'none']) {
      const own = sessionCookie(await post('/api/login/admin', { loginName: t.username, password: t.password }));
      const out = await app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: own, 'sec-fetch-site': site } });
      expect(out.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/checkStatus', headers: { cookie: own } })).statusCode).toBe(401);
    }
  });

  it('answers 204 and no body instead of 401 with optional=true, and the user as ever to the signed-in', async () => {
    for (const cookie of [undefined, 'kolikko_session=forged']) {
      const res = await app.inject({ method: 'GET', url: '/api/checkStatus?optional=true', headers: cookie ? { cookie } : {} });
      expect([res.statusCode, res.body]).toEqual([204, '']);
    }
    const t = await buildTeacher(db);
    const cookie = sessionCookie(await post('/api/login/admin', { loginName: t.username, password: t.password }));
    const res = await app.inject({ method: 'GET', url: '/api/checkStatus?optional=true', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: t.id, admin: true });
    const bad = await app.inject({ method: 'GET', url: '/api/checkStatus?optional=maybe' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 401 AUTH.NO_AUTH to nobody and to a forged cookie', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/checkStatus' });
    expect(none.statusCode).toBe(401);
    expect(none.json().errorCode).toBe('AUTH.NO_AUTH');
    const forged = await app.inject({ method: 'GET', url: '/api/checkStatus', headers: { cookie: 'kolikko_session=forged' } });
    expect(forged.statusCode).toBe(401);
  });

  it('stores only a hash of the session token', async () => {
    const t = await buildTeacher(db);
    const cookie = sessionCookie(await post('/api/login/admin', { loginName: t.username, password: t.password }));
    const token = cookie.split('=')[1] ?? '';
    const rows = await queryRows<{ token_hash: string }>(db, sql`select token_hash from sessions`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toBe(token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('members: POST /api/signup/member and /api/login/member', () => {
  it('joins an unlocked group by name and logs in as a member', async () => {
    const t = await buildTeacher(db);
    const g = await buildGroup(db, t.id, { name: 'Class 5B' });
    const signup = await post('/api/signup/member', { username: 'pupu', group_name: ' class 5b ', password: 'carrot1' });
    expect(signup.statusCode).toBe(201);
    const login = await post('/api/login/member', { loginName: 'pupu', password: 'carrot1' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ username: 'pupu', admin: false, group_id: g.id, coins: 0, small_group: 'blue' });
    const status = await app.inject({ method: 'GET', url: '/api/checkStatus', headers: { cookie: sessionCookie(login) } });
    const user = status.json();
    expect(user).toMatchObject({ username: 'pupu', admin: false, trading_allowed: false });
    // A starting face and hair come free (issue 14): worn, and owned unless they are the defaults.
    expect(user.unlocked_faces).toEqual(user.face === CHARACTER_DEFAULTS.face ? [] : [user.face]);
    expect(user.unlocked_hairs).toEqual(user.hair === CHARACTER_DEFAULTS.hair ? [] : [user.hair]);
  });

  it('gives each student who joins a free face and hair no classmate wears, while the catalogue has one', async () => {
    const t = await buildTeacher(db);
    const g = await buildGroup(db, t.id, { name: 'Class 6C' });
    await buildMember(db, g.id, { username: 'oldtimer' });
    const faces = (await app.inject({ method: 'GET', url: '/api/images/faces' })).json().map((p: { path: string }) => p.path);
    const hairs = (await app.inject({ method: 'GET', url: '/api/images/hairs' })).json().map((p: { path: string }) => p.path);
    const looks: { face: string; hair: string }[] = [];
    for (let i = 0; i < faces.length; i++) {
      const username = `kid${i}`;
      expect((await post('/api/signup/member', { username, group_name: 'Class 6C', password: 'carrot1' })).statusCode).toBe(201);
      const [row] = await queryRows<{ face: string; hair: string; unlocked_faces: string[]; coins: number }>(
        db,
        sql`select face, hair, unlocked_faces, coins from members where username = ${username}`,
      );
      if (!row) throw new Error('no member');
      expect(row.coins).toBe(0);
      looks.push({ face: row.face, hair: row.hair });
    }
    // The member built without a face wears the defaults: no newcomer gets them while others remain.
    expect(looks.slice(0, faces.length - 1).map((l) => l.face)).not.toContain(CHARACTER_DEFAULTS.face);
    expect(new Set(looks.slice(0, faces.length - 1).map((l) => l.face)).size).toBe(faces.length - 1);
    expect(new Set(looks.map((l) => l.hair)).size).toBe(looks.length);
    expect(looks.map((l) => l.hair)).not.toContain(CHARACTER_DEFAULTS.hair);
    expect(looks.every((l) => faces.includes(l.face) && hairs.includes(l.hair))).toBe(true);
    // No coins moved for them, and the student can still change them.
    expect(await queryRows(db, sql`select 1 from coin_ledger where reason = 'character_purchase'`)).toHaveLength(0);
    const login = await post('/api/login/member', { loginName: 'kid0', password: 'carrot1' });
    const me = login.json();
    const wear = await app.inject({
      method: 'PUT',
      url: `/api/member/${me.id}/character`,
      headers: { cookie: sessionCookie(login) },
      payload: { type: 'face', path: CHARACTER_DEFAULTS.face },
    });
    expect(wear.json()).toMatchObject({ face: CHARACTER_DEFAULTS.face, unlocked_faces: [looks[0]?.face] });
  });

  it("tells the student in its session whether its group allows trading", async () => {
    const t = await buildTeacher(db);
    const g = await buildGroup(db, t.id);
    const m = await buildMember(db, g.id);
    const cookie = await signIn(app, m, 'member');
    const status = () => app.inject({ method: 'GET', url: '/api/checkStatus', headers: { cookie } }).then((r) => r.json().trading_allowed);
    expect(await status()).toBe(false);
    const teacher = await signIn(app, t, 'teacher');
    const put = await app.inject({ method: 'PUT', url: `/api/group/${g.id}/settings`, headers: { cookie: teacher }, payload: { trading_allowed: true } });
    expect(put.statusCode).toBe(200);
    expect(await status()).toBe(true);
  });

  it('refuses a missing group, a locked group and a taken username', async () => {
    const t = await buildTeacher(db);
    await buildGroup(db, t.id, { name: 'Open' });
    await buildGroup(db, t.id, { name: 'Closed', locked: true });
    await buildMember(db, (await buildGroup(db, t.id)).id, { username: 'Taken' });

    const missing = await post('/api/signup/member', { username: 'newkid', group_name: 'Nope', password: 'carrot1' });
    expect([missing.statusCode, missing.json().errorCode]).toEqual([404, 'GROUP.GROUP_NOT_FOUND']);
    const locked = await post('/api/signup/member', { username: 'newkid', group_name: 'Closed', password: 'carrot1' });
    expect([locked.statusCode, locked.json().errorCode]).toEqual([403, 'GROUP.LOCKED']);
    // A name another class has is free here; a classmate's is not (modules/auth/identity.test.ts).
    const elsewhere = await post('/api/signup/member', { username: 'taken', group_name: 'Open', password: 'carrot1' });
    expect(elsewhere.statusCode).toBe(201);
    const taken = await post('/api/signup/member', { username: 'TAKEN', group_name: 'Open', password: 'carrot1' });
    expect([taken.statusCode, taken.json().errorCode, taken.json().suggestion]).toEqual([409, 'USER.USERNAME_TAKEN', 'TAKEN2']);
    const empty = await post('/api/signup/member', { username: 'newkid', group_name: '  ', password: 'carrot1' });
    expect([empty.statusCode, empty.json().errorCode]).toEqual([400, 'GROUP.GROUP_NAME_MISSING']);
    expect(await queryRows(db, sql`select 1 from members where username = 'newkid'`)).toHaveLength(0);
  });

  it('answers a wrong member password with AUTH.LOGIN_FAILED', async () => {
    const t = await buildTeacher(db);
    const m = await buildMember(db, (await buildGroup(db, t.id)).id);
    const res = await post('/api/login/member', { loginName: m.username, password: 'nope-nope' });
    expect([res.statusCode, res.json().errorCode]).toEqual([401, 'AUTH.LOGIN_FAILED']);
  });
});

describe('password reset', () => {
  it('answers the same for a known and an unknown address, and mails only the known one, in English, Finnish and Swedish', async () => {
    const teacher = await buildTeacher(db, { email: 'known@school.test' });
    const known = await post('/api/password-reset/request', { email: 'known@school.test' });
    const unknown = await post('/api/password-reset/request', { email: 'unknown@school.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const mails = await outbox();
    expect(mails.map((m) => m.to)).toEqual(['known@school.test']);
    expect(mails[0]?.text).toContain('http://localhost:3000/teacher/change-password?token=');
    expect(mails[0]?.subject).toBe('Kolikko: reset your password / vaihda salasanasi / byt ditt lösenord');
    for (const line of [
      `Hei ${teacher.username}, avaa alla oleva linkki tunnin sisällä ja valitse uusi salasana.`,
      `Hej ${teacher.username}, öppna länken nedan inom en timme och välj ett nytt lösenord.`,
      ' / Om du inte har bett om det här kan du bortse från meddelandet.',
    ]) {
      expect(mails[0]?.text).toContain(line);
    }
  });

  it('sets the new password once and ends the other sessions', async () => {
    const t = await buildTeacher(db, { email: 'reset@school.test' });
    const oldCookie = sessionCookie(await post('/api/login/admin', { loginName: t.username, password: t.password }));
    await post('/api/password-reset/request', { email: 'reset@school.test' });
    const token = await lastLinkToken('reset@school.test', '/teacher/change-password');

    const confirm = await post('/api/password-reset/confirm', { token, password: 'brand-new-1' });
    expect(confirm.statusCode).toBe(200);
    const reused = await post('/api/password-reset/confirm', { token, password: 'brand-new-2' });
    expect([reused.statusCode, reused.json().errorCode]).toEqual([400, 'AUTH.INVALID_TOKEN']);

    const old = await app.inject({ method: 'GET', url: '/api/checkStatus', headers: { cookie: oldCookie } });
    expect(old.statusCode).toBe(401);
    expect((await post('/api/login/admin', { loginName: t.username, password: t.password })).statusCode).toBe(401);
    expect((await post('/api/login/admin', { loginName: t.username, password: 'brand-new-1' })).statusCode).toBe(200);
  });

  it('ends every other link of the teacher when one is used: t1, then t2 requested, t2 used, t1 refused', async () => {
    const t = await buildTeacher(db, { email: 'twice@school.test' });
    await post('/api/password-reset/request', { email: 'twice@school.test' });
    const t1 = await lastLinkToken('twice@school.test', '/teacher/change-password');
    await post('/api/password-reset/request', { email: 'twice@school.test' });
    const t2 = await lastLinkToken('twice@school.test', '/teacher/change-password');
    expect(t2).not.toBe(t1);

    expect((await post('/api/password-reset/confirm', { token: t2, password: 'second-new-1' })).statusCode).toBe(200);
    const old = await post('/api/password-reset/confirm', { token: t1, password: 'first-new-1' });
    expect([old.statusCode, old.json().errorCode]).toEqual([400, 'AUTH.INVALID_TOKEN']);
    expect((await post('/api/login/admin', { loginName: t.username, password: 'first-new-1' })).statusCode).toBe(401);
    expect((await post('/api/login/admin', { loginName: t.username, password: 'second-new-1' })).statusCode).toBe(200);
  });

  it('lets only one of two links used at the same moment set the password', async () => {
    const t = await buildTeacher(db, { email: 'race@school.test' });
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      await post('/api/password-reset/request', { email: 'race@school.test' });
      tokens.push(await lastLinkToken('race@school.test', '/teacher/change-password'));
    }
    const answers = await Promise.all(tokens.map((token, i) => post('/api/password-reset/confirm', { token, password: `racing-new-${i}` })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    expect(answers[1 - winner]?.json().errorCode).toBe('AUTH.INVALID_TOKEN');
    expect((await post('/api/login/admin', { loginName: t.username, password: `racing-new-${winner}` })).statusCode).toBe(200);
  });

  it('ends a link mailed before the password was changed in the account settings', async () => {
    const t = await buildTeacher(db, { email: 'changer@school.test' });
    const cookie = sessionCookie(await post('/api/login/admin', { loginName: t.username, password: t.password }));
    await post('/api/password-reset/request', { email: 'changer@school.test' });
    const token = await lastLinkToken('changer@school.test', '/teacher/change-password');
    const change = await app.inject({
      method: 'PUT',
      url: '/api/admin/password',
      headers: { cookie },
      payload: { id: t.id, oldPassword: t.password, newPassword: 'changed-pw-1' },
    });
    expect(change.statusCode).toBe(201);

    const late = await post('/api/password-reset/confirm', { token, password: 'from-the-link-1' });
    expect([late.statusCode, late.json().errorCode]).toEqual([400, 'AUTH.INVALID_TOKEN']);
    expect((await post('/api/login/admin', { loginName: t.username, password: 'changed-pw-1' })).statusCode).toBe(200);
  });

  it('answers a reset request before the mail is sent: a mail server that hangs does not hold the answer', async () => {
    await buildTeacher(db, { email: 'slowmail@school.test' });
    try {
      const answer = await Promise.race([
        hanging.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email: 'slowmail@school.test' } }),
        new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 15_000)),
      ]);
      expect(answer === 'held' ? 'held' : answer.statusCode).toBe(200);
      expect(await outbox()).toEqual([]);
    } finally {
      // The mail goes out once the server answers.
      openGate();
    }
    await hangingBackground.settled();
    expect((await outbox()).map((m) => m.to)).toEqual(['slowmail@school.test']);
  });

  it('answers a reset request as always when the mail server fails; the link waits in the outbox for the next attempt', async () => {
    await buildTeacher(db, { email: 'nomail@school.test' });
    const known = await failing.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email: 'nomail@school.test' } });
    const unknown = await failing.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email: 'nobody@school.test' } });
    expect([known.statusCode, known.body]).toEqual([200, unknown.body]);
    await failingBackground.settled();
    expect(failures).toEqual([]);
    const waiting = await queryRows<{ to: string; attempts: number; last_error: string }>(db, sql`select "to", attempts, last_error from mail_outbox where send_after is not null`);
    expect(waiting).toEqual([{ to: 'nomail@school.test', attempts: 1, last_error: 'connection refused' }]);
  });

  it('refuses an expired token with AUTH.TOKEN_EXPIRED and a made-up one with AUTH.INVALID_TOKEN', async () => {
    await buildTeacher(db, { email: 'late@school.test' });
    await post('/api/password-reset/request', { email: 'late@school.test' });
    const token = await lastLinkToken('late@school.test', '/teacher/change-password');
    await db.execute(sql`update one_time_tokens set expires_at = now() - interval '1 minute'`);
    const expired = await post('/api/password-reset/confirm', { token, password: 'brand-new-1' });
    expect([expired.statusCode, expired.json().errorCode]).toEqual([400, 'AUTH.TOKEN_EXPIRED']);
    const madeUp = await post('/api/password-reset/confirm', { token: 'made-up', password: 'brand-new-1' });
    expect([madeUp.statusCode, madeUp.json().errorCode]).toEqual([400, 'AUTH.INVALID_TOKEN']);
    const short = await post('/api/password-reset/confirm', { token, password: '123' });
    expect([short.statusCode, short.json().errorCode, short.json().field]).toEqual([400, 'USER.INVALID_PASSWORD', 'password']);
  });
});
