import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BADGE_TOKEN_BYTES, LOGIN_LIMIT_PER_ACCOUNT, LOGIN_LIMIT_PER_PAIR } from '@kolikko/core/limits';
import type { TIssuedBadge } from '@kolikko/core/schemas/groups';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, caller, sessionCookie, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher } from '../../test/factories.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);

const SCHOOL = '192.0.2.10';
const ATTACKER = '203.0.113.66';

async function classroom(usernames: string[] = ['aino', 'eetu']) {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const students = [];
  for (const username of usernames) students.push(await buildMember(db, group.id, { username }));
  const cookie = await signIn(app, teacher, 'teacher');
  return { teacher, group, students, cookie };
}

async function issue(groupId: string, cookie: string, memberIds?: string[]): Promise<TIssuedBadge[]> {
  const res = await call('POST', `/api/group/${groupId}/badges`, cookie, memberIds ? { member_ids: memberIds } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TIssuedBadge[]>();
}

/** The secret of a badge's link: what follows the `#`. */
function secretOf(url: string): string {
  const [, token] = url.split('#');
  if (!token) throw new Error(`no secret in ${url}`);
  return token;
}

function badgeOf(badges: TIssuedBadge[], username: string): string {
  const badge = badges.find((b) => b.username === username);
  if (!badge) throw new Error(`no badge for ${username}`);
  return secretOf(badge.url);
}

function badgeLogin(token: string, opts: { ip?: string; cookie?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/login/badge',
    payload: { token },
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
}

function expectRefused(res: { statusCode: number; json: () => { errorCode?: string } }) {
  expect([res.statusCode, res.json().errorCode]).toEqual([401, 'AUTH.LOGIN_FAILED']);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function badgeHashes(groupId: string): Promise<Record<string, string | null>> {
  const rows = await queryRows<{ username: string; badge_hash: string | null }>(db, sql`select username, badge_hash from members where group_id = ${groupId}`);
  return Object.fromEntries(rows.map((r) => [r.username, r.badge_hash]));
}

/** A demo of its own (modules/demo): the Cookie header and whom its requests act as. */
async function startDemo() {
  const res = await app.inject({ method: 'POST', url: '/api/demo', payload: {}, remoteAddress: '198.51.100.99' });
  expect(res.statusCode, res.body).toBe(201);
  const c = res.cookies.find((x) => x.name === 'kolikko_demo');
  if (!c) throw new Error('no demo cookie');
  const headers = { cookie: `kolikko_demo=${c.value}`, 'x-kolikko-demo-as': 'teacher' };
  const me = (await app.inject({ method: 'GET', url: '/api/checkStatus', headers })).json<{ id: string }>();
  const [group] = (await app.inject({ method: 'GET', url: `/api/groups/${me.id}`, headers })).json<{ id: string }[]>();
  if (!group) throw new Error('the demo has no group');
  return { headers, groupId: group.id, students: res.json<{ students: { id: string }[] }>().students };
}

describe('POST /api/group/{id}/badges', () => {
  it("answers a link for each student, ordered by name as a class list is, and keeps only the secret's SHA-256", async () => {
    const { group, cookie } = await classroom(['oppilas10', 'Oppilas1', 'oppilas2', 'Ähtäri', 'zorro']);
    const badges = await issue(group.id, cookie);
    expect(badges.map((b) => b.username)).toEqual(['Oppilas1', 'oppilas2', 'oppilas10', 'zorro', 'Ähtäri']);
    const stored = await badgeHashes(group.id);
    const members = await queryRows<{ id: string; username: string }>(db, sql`select id, username from members where group_id = ${group.id}`);
    for (const badge of badges) {
      expect(badge.url).toMatch(/^http:\/\/localhost:3000\/student\/badge#[A-Za-z0-9_-]+$/);
      const token = secretOf(badge.url);
      expect(Buffer.from(token, 'base64url')).toHaveLength(BADGE_TOKEN_BYTES);
      expect(members.find((m) => m.username === badge.username)?.id).toBe(badge.member_id);
      expect(stored[badge.username]).toMatch(/^[0-9a-f]{64}$/);
      expect(stored[badge.username]).toBe(sha256(token));
    }
    expect(new Set(badges.map((b) => b.url)).size).toBe(badges.length);
    // No column of any member row holds a secret in the clear.
    const rows = await queryRows<{ row: string }>(db, sql`select row_to_json(m)::text as row from members m where group_id = ${group.id}`);
    for (const badge of badges) expect(rows.some((r) => r.row.includes(secretOf(badge.url)))).toBe(false);
    // The teacher's member list says who has a badge, never the badge.
    const listed = (await call('GET', `/api/group/${group.id}/members`, cookie)).json<{ has_badge?: boolean }[]>();
    expect(listed.map((m) => m.has_badge)).toEqual(badges.map(() => true));
    expect(JSON.stringify(listed)).not.toContain(secretOf(badges[0]?.url ?? ''));
  });

  it("reissuing ends every old badge at once; reissuing one student's keeps the others'", async () => {
    const { group, students, cookie } = await classroom(['aino', 'eetu', 'helmi']);
    const first = await issue(group.id, cookie);
    const second = await issue(group.id, cookie);
    for (const username of ['aino', 'eetu', 'helmi']) {
      expectRefused(await badgeLogin(badgeOf(first, username)));
      expect((await badgeLogin(badgeOf(second, username))).statusCode).toBe(200);
    }

    const aino = students[0];
    if (!aino) throw new Error('no aino');
    const before = await badgeHashes(group.id);
    const third = await issue(group.id, cookie, [aino.id, aino.id]);
    expect(third.map((b) => [b.member_id, b.username])).toEqual([[aino.id, 'aino']]);
    const after = await badgeHashes(group.id);
    expect(after.aino).not.toBe(before.aino);
    expect([after.eetu, after.helmi]).toEqual([before.eetu, before.helmi]);
    expectRefused(await badgeLogin(badgeOf(second, 'aino')));
    expect((await badgeLogin(badgeOf(third, 'aino'))).statusCode).toBe(200);
    expect((await badgeLogin(badgeOf(second, 'eetu'))).statusCode).toBe(200);
    expect((await badgeLogin(badgeOf(second, 'helmi'))).statusCode).toBe(200);
  });

  it("refuses a member id that is not the group's, and changes no badge", async () => {
    const { group, students, cookie } = await classroom();
    const other = await buildGroup(db, (await buildTeacher(db)).id);
    const stranger = await buildMember(db, other.id);
    await issue(group.id, cookie);
    const before = { ...(await badgeHashes(group.id)), ...(await badgeHashes(other.id)) };
    for (const ids of [[stranger.id], [students[0]?.id ?? '', stranger.id], ['00000000-0000-4000-8000-000000000000']]) {
      const res = await call('POST', `/api/group/${group.id}/badges`, cookie, { member_ids: ids });
      expect([res.statusCode, res.json().errorCode]).toEqual([404, 'MEMBER.MEMBER_NOT_FOUND']);
    }
    const malformed = await call('POST', `/api/group/${group.id}/badges`, cookie, { member_ids: ['not-an-id'] });
    expect([malformed.statusCode, malformed.json().errorCode]).toEqual([404, 'MEMBER.MEMBER_NOT_FOUND']);
    expect({ ...(await badgeHashes(group.id)), ...(await badgeHashes(other.id)) }).toEqual(before);
  });

  it('issues while badge sign-in is off, for printing before it is turned on', async () => {
    const { group, cookie } = await classroom();
    const off = await call('PUT', `/api/group/${group.id}/settings`, cookie, { badges_enabled: false });
    expect([off.statusCode, off.json().badges_enabled]).toEqual([200, false]);
    const badges = await issue(group.id, cookie);
    expectRefused(await badgeLogin(badgeOf(badges, 'aino')));
    await call('PUT', `/api/group/${group.id}/settings`, cookie, { badges_enabled: true });
    expect((await badgeLogin(badgeOf(badges, 'aino'))).statusCode).toBe(200);
  });

  it('answers an empty list for a group without students', async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const cookie = await signIn(app, teacher, 'teacher');
    expect(await issue(group.id, cookie)).toEqual([]);
    // The body may be left out altogether.
    const bare = await call('POST', `/api/group/${group.id}/badges`, cookie);
    expect([bare.statusCode, bare.json()]).toEqual([200, []]);
  });
});

describe('POST /api/login/badge', () => {
  it('signs the student in with the session cookie, as a password login does', async () => {
    const { group, students, cookie } = await classroom();
    const badges = await issue(group.id, cookie);
    const res = await badgeLogin(badgeOf(badges, 'eetu'));
    expect(res.statusCode).toBe(200);
    const eetu = students[1];
    expect(res.json()).toEqual(expect.objectContaining({ id: eetu?.id, username: 'eetu', admin: false, group_id: group.id, trading_allowed: false }));
    const session = res.cookies.find((c) => c.name === 'kolikko_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await call('GET', '/api/checkStatus', sessionCookie(res));
    expect([me.statusCode, me.json().id]).toEqual([200, eetu?.id]);
    const [row] = await queryRows<{ last_login_at: string | null }>(db, sql`select last_login_at from members where id = ${eetu?.id ?? ''}`);
    expect(row?.last_login_at).not.toBeNull();
    // The group's trading setting comes with the session, as at a password login.
    await call('PUT', `/api/group/${group.id}/settings`, cookie, { trading_allowed: true });
    expect((await badgeLogin(badgeOf(badges, 'eetu'))).json().trading_allowed).toBe(true);
  });

  it('ends the session the browser had before', async () => {
    const { group, students, cookie } = await classroom();
    const badges = await issue(group.id, cookie);
    const aino = students[0];
    if (!aino) throw new Error('no aino');
    const before = await signIn(app, aino, 'member');
    const res = await badgeLogin(badgeOf(badges, 'eetu'), { cookie: before });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/checkStatus', before)).statusCode).toBe(401);
    expect((await call('GET', '/api/checkStatus', sessionCookie(res))).json().username).toBe('eetu');
    // A refused badge leaves the session as it was.
    const kept = await signIn(app, aino, 'member');
    expectRefused(await badgeLogin(Buffer.alloc(BADGE_TOKEN_BYTES, 7).toString('base64url'), { cookie: kept }));
    expect((await call('GET', '/api/checkStatus', kept)).statusCode).toBe(200);
  });

  it("refuses a badge nobody has, a deleted student's, and a malformed one, alike", async () => {
    const { group, students, cookie } = await classroom();
    const badges = await issue(group.id, cookie);
    expectRefused(await badgeLogin(Buffer.alloc(BADGE_TOKEN_BYTES, 1).toString('base64url')));
    for (const token of ['short', 'x'.repeat(101), 'not base64url!!!!!!!!!!!!!']) expectRefused(await badgeLogin(token));
    const missing = await app.inject({ method: 'POST', url: '/api/login/badge', payload: {} });
    expectRefused(missing);

    const eetu = students[1];
    const deleted = await call('DELETE', `/api/member/${eetu?.id ?? ''}`, cookie);
    expect(deleted.statusCode).toBe(200);
    expectRefused(await badgeLogin(badgeOf(badges, 'eetu')));
    expect((await badgeLogin(badgeOf(badges, 'aino'))).statusCode).toBe(200);
  });

  it("refuses a demo's student: demo users sign in through the demo's own session only", async () => {
    const demo = await startDemo();
    const student = demo.students[0];
    const token = Buffer.alloc(BADGE_TOKEN_BYTES, 3).toString('base64url');
    await db.execute(sql`update members set badge_hash = ${sha256(token)} where id = ${student?.id ?? ''}`);
    expectRefused(await badgeLogin(token));
  });

  it('counts unknown badges in the login limits: an address guessing at them waits, and so does guessing spread over addresses', async () => {
    const { group, cookie } = await classroom();
    const badges = await issue(group.id, cookie);
    const guess = (i: number) => Buffer.from(`guess-${String(i).padStart(10, '0')}-xx`).toString('base64url');
    for (let i = 0; i < LOGIN_LIMIT_PER_PAIR.free; i += 1) expectRefused(await badgeLogin(guess(i), { ip: ATTACKER }));
    const waiting = await badgeLogin(guess(99), { ip: ATTACKER });
    expect([waiting.statusCode, waiting.json().errorCode]).toEqual([429, 'SERVER.TRY_AGAIN']);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect(waiting.json().details).toEqual({ retryAfterSeconds: Number(waiting.headers['retry-after']) });
    // A real badge is the student's own account: a stranger's guessing does not stop it.
    expect((await badgeLogin(badgeOf(badges, 'aino'), { ip: ATTACKER })).statusCode).toBe(200);

    // Unknown badges share one account in the limits, whatever address they come from.
    let refused = LOGIN_LIMIT_PER_PAIR.free;
    for (let a = 1; refused < LOGIN_LIMIT_PER_ACCOUNT.free; a += 1) {
      for (let i = 0; i < LOGIN_LIMIT_PER_PAIR.free && refused < LOGIN_LIMIT_PER_ACCOUNT.free; i += 1, refused += 1) {
        expectRefused(await badgeLogin(guess(1000 * a + i), { ip: `198.51.100.${a}` }));
      }
    }
    const spread = await badgeLogin(guess(5000), { ip: '198.51.100.200' });
    expect([spread.statusCode, spread.json().errorCode]).toEqual([429, 'SERVER.TRY_AGAIN']);
  });

  it("counts on the student's own account: after wrong passwords from an address, its badge waits there too", async () => {
    const { group, students, cookie } = await classroom();
    const badges = await issue(group.id, cookie);
    const aino = students[0];
    if (!aino) throw new Error('no aino');
    // A sign-in from the school first: that pair is known, and only its own count limits it.
    expect((await badgeLogin(badgeOf(badges, 'aino'), { ip: SCHOOL })).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LIMIT_PER_PAIR.free; i += 1) {
      const wrong = await app.inject({ method: 'POST', url: '/api/login/member', payload: { loginName: 'aino', password: `wrong-${i}` }, remoteAddress: SCHOOL });
      expect([wrong.statusCode, wrong.json().errorCode]).toEqual([401, 'AUTH.LOGIN_FAILED']);
    }
    const waiting = await badgeLogin(badgeOf(badges, 'aino'), { ip: SCHOOL });
    expect([waiting.statusCode, waiting.json().errorCode]).toEqual([429, 'SERVER.TRY_AGAIN']);
    expect(waiting.headers['retry-after']).toBeDefined();
    // Eetu, at the same school address, signs in as usual.
    expect((await badgeLogin(badgeOf(badges, 'eetu'), { ip: SCHOOL })).statusCode).toBe(200);
  });
});

describe('badge and class-list routes: who may call them', () => {
  it('refuses nobody, a student of the group or of another, another teacher and a demo teacher, and changes nothing', async () => {
    const { group, students } = await classroom();
    const otherTeacher = await buildTeacher(db);
    const otherGroup = await buildGroup(db, otherTeacher.id);
    const stranger = await buildMember(db, otherGroup.id);
    const demo = await startDemo();
    const student = students[0];
    if (!student) throw new Error('no student');
    const callers: [who: string, headers: Record<string, string>, errorCode: string, status: number][] = [
      ['nobody', {}, 'AUTH.NO_AUTH', 401],
      ['a student of the group', { cookie: await signIn(app, student, 'member') }, 'PERMISSION.INSUFFICIENT_PERMISSIONS', 403],
      ['a student of another group', { cookie: await signIn(app, stranger, 'member') }, 'PERMISSION.INSUFFICIENT_PERMISSIONS', 403],
      ['another teacher', { cookie: await signIn(app, otherTeacher, 'teacher') }, 'GROUP.NOT_YOUR_GROUP', 403],
      ['a demo teacher', demo.headers, 'PERMISSION.INSUFFICIENT_PERMISSIONS', 403],
    ];
    const routes: [url: string, payload: object][] = [
      [`/api/group/${group.id}/badges`, {}],
      [`/api/group/${group.id}/badges`, { member_ids: [student.id] }],
      [`/api/group/${group.id}/members`, { usernames: ['Uusi', 'Toinen'] }],
      // A demo's own group: still no real credentials for its students.
      [`/api/group/${demo.groupId}/badges`, {}],
      [`/api/group/${demo.groupId}/members`, { usernames: ['Uusi'] }],
    ];
    for (const [url, payload] of routes) {
      for (const [who, headers, errorCode, status] of callers) {
        const res = await app.inject({ method: 'POST', url, payload, headers });
        expect([url, who, res.statusCode, res.json().errorCode]).toEqual([url, who, status, errorCode]);
      }
    }
    const badged = await queryRows(db, sql`select 1 from members where badge_hash is not null`);
    expect(badged).toHaveLength(0);
    expect(await queryRows(db, sql`select 1 from members where username in ('Uusi', 'Toinen')`)).toHaveLength(0);
  });

  it('answers a group that does not exist with GROUP_NOT_FOUND and a malformed id with INVALID_GROUP_ID', async () => {
    const { cookie } = await classroom();
    for (const [path, payload] of [['badges', {}], ['members', { usernames: ['Uusi'] }]] as const) {
      const missing = await call('POST', `/api/group/00000000-0000-4000-8000-000000000000/${path}`, cookie, payload);
      expect([missing.statusCode, missing.json().errorCode]).toEqual([404, 'GROUP.GROUP_NOT_FOUND']);
      const malformed = await call('POST', `/api/group/not-a-uuid/${path}`, cookie, payload);
      expect([malformed.statusCode, malformed.json().errorCode]).toEqual([400, 'GROUP.INVALID_GROUP_ID']);
    }
  });
});

describe('the logs', () => {
  it('never hold a badge secret or a generated password, at any level', async () => {
    const verbose = await buildTestApp({ LOG_LEVEL: 'trace' });
    // Pino writes every line, the request loggers' too, to the one stream of the app's logger.
    const streamKey = Object.getOwnPropertySymbols(verbose.app.log).find((s) => s.description === 'pino.stream');
    const stream = streamKey && (verbose.app.log as unknown as Record<symbol, { write: (line: string) => boolean }>)[streamKey];
    if (!stream) throw new Error("no pino stream on the app's logger");
    const lines: string[] = [];
    stream.write = (line) => lines.push(line) > 0;
    const inject = verbose.app.inject.bind(verbose.app);

    const { group, cookie } = await classroom();
    const issued = await inject({ method: 'POST', url: `/api/group/${group.id}/badges`, payload: {}, headers: { cookie } });
    const listed = await inject({ method: 'POST', url: `/api/group/${group.id}/members`, payload: { usernames: ['helmi', 'x'] }, headers: { cookie } });
    expect([issued.statusCode, listed.statusCode]).toEqual([200, 201]);
    const secrets = [...issued.json<TIssuedBadge[]>().map((b) => secretOf(b.url)), ...listed.json<{ created: { password: string; badge_url: string }[] }>().created.flatMap((c) => [c.password, secretOf(c.badge_url)])];
    const unknown = Buffer.alloc(BADGE_TOKEN_BYTES, 9).toString('base64url');
    for (const token of [...secrets.slice(0, 2), unknown, 'bad!']) await inject({ method: 'POST', url: '/api/login/badge', payload: { token } });

    expect(lines.filter((l) => l.includes('/api/login/badge'))).toHaveLength(4);
    for (const secret of [...secrets, unknown]) expect(lines.filter((l) => l.includes(secret))).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('describes the badge and class-list routes', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/group/{id}/badges', '/api/login/badge', '/api/group/{id}/members']) {
      expect(doc.paths[path]?.post?.summary, path).toBeTruthy();
      expect(doc.paths[path]?.post?.description, path).toBeTruthy();
    }
    expect(doc.paths['/api/login/badge'].post.requestBody.content['application/json'].schema.required).toEqual(['token']);
    expect(doc.paths['/api/group/{id}/members'].post.requestBody.content['application/json'].schema.required).toEqual(['usernames']);
    expect(Object.keys(doc.paths['/api/group/{id}/members'].post.responses)).toEqual(expect.arrayContaining(['201', '400']));
  });
});
