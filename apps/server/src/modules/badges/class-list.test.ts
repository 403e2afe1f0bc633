import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLASS_LIST_MAX_LINES, GROUP_MEMBER_LIMIT } from '@kolikko/core/limits';
import type { TClassListResponse } from '@kolikko/core/schemas/groups';
import { queryRows } from '../../db/reset.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { buildTestApp, caller, sessionCookie, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher } from '../../test/factories.ts';
import { eventNames, socketClients } from '../../test/sockets.ts';
import { insertMembers } from '../auth/auth.repo.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);
const clients = socketClients(app, await app.listen({ port: 0, host: '127.0.0.1' }));

async function classroom(opts: { locked?: boolean } = {}) {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id, opts);
  return { teacher, group, cookie: await signIn(app, teacher, 'teacher') };
}

function addList(groupId: string, cookie: string, usernames: string[]) {
  return call('POST', `/api/group/${groupId}/members`, cookie, { usernames });
}

async function membersOf(groupId: string) {
  return queryRows<{ id: string; username: string; badge_hash: string | null; password_hash: string; face: string | null; hair: string | null }>(
    db,
    sql`select id, username, badge_hash, password_hash, face, hair from members where group_id = ${groupId} order by username`,
  );
}

/** Fills a group with `n` students without hashing a password for each (the list's tests need the room used, not the logins). */
async function fill(groupId: string, n: number) {
  const passwordHash = await hashPassword('not-used-1');
  await insertMembers(
    db,
    Array.from({ length: n }, (_, i) => ({ username: `filler${i}`, groupId, passwordHash })),
  );
}

const secretOf = (url: string) => url.split('#')[1] ?? '';

describe('POST /api/group/{id}/members', () => {
  it('makes a class of 25 at once: each signs in with its generated password and with its badge, and the teacher sees each arrive', async () => {
    const { group, cookie } = await classroom();
    const teacherSocket = await clients.connect(cookie);
    const names = Array.from({ length: 25 }, (_, i) => `oppilas${i + 1}`);
    const res = await addList(group.id, cookie, names);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<TClassListResponse>();
    expect(body.refused).toEqual([]);
    expect(body.created.map((c) => c.username)).toEqual(names);
    const stored = await membersOf(group.id);
    expect(stored).toHaveLength(25);
    for (const made of body.created) {
      expect(made.password).toMatch(/^(?:[hjkmnprstv][aeiou]){3}-[2-9]{2}$/);
      expect(made.badge_url).toMatch(/^http:\/\/localhost:3000\/student\/badge#[A-Za-z0-9_-]{24}$/);
      const row = stored.find((m) => m.id === made.member_id);
      expect(row?.username).toBe(made.username);
      expect(row?.badge_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
      expect(row?.face).not.toBeNull();
      expect(row?.hair).not.toBeNull();
      expect(JSON.stringify(row)).not.toContain(made.password);
      expect(JSON.stringify(row)).not.toContain(secretOf(made.badge_url));
    }
    // Classmates start out looking different while the catalogue has parts nobody wears.
    expect(new Set(stored.map((m) => m.face)).size).toBeGreaterThan(1);

    for (const made of body.created) {
      const byPassword = await app.inject({ method: 'POST', url: '/api/login/member', payload: { loginName: made.username, password: made.password } });
      expect([made.username, byPassword.statusCode]).toEqual([made.username, 200]);
      const byBadge = await app.inject({ method: 'POST', url: '/api/login/badge', payload: { token: secretOf(made.badge_url) } });
      expect([made.username, byBadge.statusCode, byBadge.json().id]).toEqual([made.username, 200, made.member_id]);
      expect((await call('GET', '/api/checkStatus', sessionCookie(byBadge))).json().username).toBe(made.username);
    }

    await clients.settle(teacherSocket);
    expect(eventNames(teacherSocket).filter((e) => e === 'member-created')).toHaveLength(25);
    const announced = teacherSocket.seen.filter((s) => s.event === 'member-created').map((s) => (s.payload as { id: string; has_badge?: boolean }));
    expect(announced.map((p) => p.id).sort()).toEqual(body.created.map((c) => c.member_id).sort());
    expect(announced.every((p) => p.has_badge === true)).toBe(true);
    // The group's member list has them all.
    expect((await call('GET', `/api/group/${group.id}/members`, cookie)).json()).toHaveLength(25);
  });

  it('leaves out duplicates, a classmate\'s name in any case, bad names and lines past the limit, with their line numbers, and makes the others', async () => {
    const { group, cookie } = await classroom();
    await buildMember(db, group.id, { username: 'Väinö' });
    await fill(group.id, GROUP_MEMBER_LIMIT - 4);
    // Room for 3 more.
    const res = await addList(group.id, cookie, [
      'Aino', // 1
      'AINO', // 2: an earlier line has it
      'VÄINÖ', // 3: a classmate has it
      'ab', // 4: too short
      'Emma Lee', // 5: a space
      '  Eetu  ', // 6: trimmed
      'Пётр', // 7: not Latin script
      'Siiri-Änni', // 8
      'Onni', // 9: past the limit
      'aino', // 10: an earlier line has it, past the limit or not
      'x'.repeat(17), // 11: too long
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<TClassListResponse>();
    expect(body.created.map((c) => c.username)).toEqual(['Aino', 'Eetu', 'Siiri-Änni']);
    expect(body.refused).toEqual([
      { line: 2, username: 'AINO', errorCode: 'USER.USERNAME_TAKEN' },
      { line: 3, username: 'VÄINÖ', errorCode: 'USER.USERNAME_TAKEN' },
      { line: 4, username: 'ab', errorCode: 'USER.INVALID_USERNAME' },
      { line: 5, username: 'Emma Lee', errorCode: 'USER.INVALID_USERNAME' },
      { line: 7, username: 'Пётр', errorCode: 'USER.INVALID_USERNAME' },
      { line: 9, username: 'Onni', errorCode: 'GROUP.FULL' },
      { line: 10, username: 'aino', errorCode: 'USER.USERNAME_TAKEN' },
      { line: 11, username: 'x'.repeat(17), errorCode: 'USER.INVALID_USERNAME' },
    ]);
    const stored = await membersOf(group.id);
    expect(stored).toHaveLength(GROUP_MEMBER_LIMIT);
    expect(stored.filter((m) => ['Aino', 'Eetu', 'Siiri-Änni', 'Väinö'].includes(m.username))).toHaveLength(4);
  });

  it('stores names NFC-normalized and compares them so: "Väinö" typed with combining marks is the same name', async () => {
    const { group, cookie } = await classroom();
    const decomposed = 'Va\u0308ino\u0308';
    const res = await addList(group.id, cookie, [decomposed, 'Väinö', 'VÄINÖ', 'Åsa']);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<TClassListResponse>();
    expect(body.created.map((c) => c.username)).toEqual(['Väinö', 'Åsa']);
    expect(body.refused.map((r) => [r.line, r.errorCode])).toEqual([
      [2, 'USER.USERNAME_TAKEN'],
      [3, 'USER.USERNAME_TAKEN'],
    ]);
    expect((await membersOf(group.id)).map((m) => m.username)).toEqual(['Väinö', 'Åsa']);
  });

  it('answers 400 with the refused lines, and makes nobody, when no line is acceptable', async () => {
    const { group, cookie } = await classroom();
    await buildMember(db, group.id, { username: 'Väinö' });
    const res = await addList(group.id, cookie, ['ab', 'väinö', '']);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'VALIDATION.INVALID_INPUT',
      refused: [
        { line: 1, username: 'ab', errorCode: 'USER.INVALID_USERNAME' },
        { line: 2, username: 'väinö', errorCode: 'USER.USERNAME_TAKEN' },
        { line: 3, username: '', errorCode: 'USER.INVALID_USERNAME' },
      ],
    });
    expect(await membersOf(group.id)).toHaveLength(1);

    await fill(group.id, GROUP_MEMBER_LIMIT - 1);
    const full = await addList(group.id, cookie, ['Uusi', 'Toinen']);
    expect([full.statusCode, full.json().errorCode, full.json().refused]).toEqual([
      400,
      'VALIDATION.INVALID_INPUT',
      [
        { line: 1, username: 'Uusi', errorCode: 'GROUP.FULL' },
        { line: 2, username: 'Toinen', errorCode: 'GROUP.FULL' },
      ],
    ]);
    expect(await membersOf(group.id)).toHaveLength(GROUP_MEMBER_LIMIT);
  });

  it('refuses a request that is no list: none, empty, or longer than a group may be', async () => {
    const { group, cookie } = await classroom();
    const none = await call('POST', `/api/group/${group.id}/members`, cookie, {});
    expect([none.statusCode, none.json().errorCode]).toEqual([400, 'VALIDATION.INVALID_INPUT']);
    const empty = await addList(group.id, cookie, []);
    expect([empty.statusCode, empty.json().errorCode]).toEqual([400, 'VALIDATION.INVALID_INPUT']);
    const long = await addList(group.id, cookie, Array.from({ length: CLASS_LIST_MAX_LINES + 1 }, (_, i) => `s${i}xx`));
    expect([long.statusCode, long.json().errorCode]).toEqual([409, 'GROUP.FULL']);
    expect(await membersOf(group.id)).toHaveLength(0);
  });

  it('adds to a locked group: locking keeps out students joining by themselves, not their teacher', async () => {
    const { group, cookie } = await classroom({ locked: true });
    const res = await addList(group.id, cookie, ['Aino', 'Eetu']);
    expect(res.statusCode, res.body).toBe(201);
    expect((await membersOf(group.id)).map((m) => m.username)).toEqual(['Aino', 'Eetu']);
  });

  it('lets two lists of 150 sent at once to one empty group make at most 200 students, each name once', async () => {
    const { group, cookie } = await classroom();
    // Overlapping lists: names 1-150 and 101-250.
    const first = Array.from({ length: 150 }, (_, i) => `kid${i + 1}`);
    const second = Array.from({ length: 150 }, (_, i) => `KID${i + 101}`);
    const answers = await Promise.all([addList(group.id, cookie, first), addList(group.id, cookie, second)]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const [a, b] = answers.map((r) => r.json<TClassListResponse>());
    if (!a || !b) throw new Error('two answers expected');
    const stored = await membersOf(group.id);
    expect(stored).toHaveLength(GROUP_MEMBER_LIMIT);
    expect(new Set(stored.map((m) => m.username.toLowerCase())).size).toBe(stored.length);
    expect(a.created.length + b.created.length).toBe(GROUP_MEMBER_LIMIT);
    // One list went first and made all 150; the other found 50 of its names taken and room for 50.
    const [winner, loser] = a.created.length === 150 ? [a, b] : [b, a];
    expect(winner.created).toHaveLength(150);
    expect(loser.created).toHaveLength(50);
    expect(loser.refused.filter((r) => r.errorCode === 'USER.USERNAME_TAKEN')).toHaveLength(50);
    expect(loser.refused.filter((r) => r.errorCode === 'GROUP.FULL')).toHaveLength(50);
    expect(new Set(stored.map((m) => m.id))).toEqual(new Set([...a.created, ...b.created].map((c) => c.member_id)));
  });
});
