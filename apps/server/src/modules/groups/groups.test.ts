import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EXTRA_GROUP_PRICE, GROUPS_INCLUDED, TEACHER_STARTER_COINS } from '@kolikko/core/limits';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, signIn, caller } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher } from '../../test/factories.ts';
import { ledgerBalance, moveCoins, memberAccount, teacherAccount } from '../coins/ledger.repo.ts';

const { app, database } = await buildTestApp();
const db = database.db;

async function classroom() {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const member = await buildMember(db, group.id);
  const cookie = await signIn(app, teacher, 'teacher');
  return { teacher, group, member, cookie };
}

const call = caller(app);

describe('groups: who may call what', () => {
  it('refuses nobody, a student and another teacher on every group route', async () => {
    const { teacher, group, member } = await classroom();
    const other = await buildTeacher(db);
    const otherCookie = await signIn(app, other, 'teacher');
    const studentCookie = await signIn(app, member, 'member');
    const routes: [method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: object, otherCode?: string][] = [
      ['GET', `/api/groups/${teacher.id}`, undefined, 'USER.NOT_YOU'],
      ['GET', `/api/groups/${teacher.id}/active`, undefined, 'USER.NOT_YOU'],
      ['PUT', `/api/groups/${teacher.id}/active/${group.id}`, undefined, 'USER.NOT_YOU'],
      ['PUT', `/api/group/${group.id}/lock`, undefined, 'GROUP.NOT_YOUR_GROUP'],
      ['PUT', `/api/group/${group.id}/settings`, { trading_allowed: true }, 'GROUP.NOT_YOUR_GROUP'],
      ['DELETE', `/api/group/${group.id}`, undefined, 'GROUP.NOT_YOUR_GROUP'],
      ['POST', '/api/group', { id: teacher.id, group_name: 'Stolen' }, 'USER.NOT_YOU'],
      ['GET', `/api/group/${group.id}/members`, undefined, 'GROUP.NOT_YOUR_GROUP'],
      ['GET', `/api/${teacher.id}/limits/group`, undefined, 'USER.NOT_YOU'],
      ['POST', '/api/purchase/group', { userId: teacher.id, amount: 1 }, 'USER.NOT_YOU'],
    ];
    for (const [method, url, body, otherCode] of routes) {
      const anon = await call(method, url, undefined, body);
      expect([url, anon.statusCode, anon.json().errorCode]).toEqual([url, 401, 'AUTH.NO_AUTH']);
      const student = await call(method, url, studentCookie, body);
      expect([url, student.statusCode, student.json().errorCode]).toEqual([url, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
      const stranger = await call(method, url, otherCookie, body);
      expect([url, stranger.statusCode, stranger.json().errorCode]).toEqual([url, 403, otherCode]);
    }
    // Nothing changed.
    const [g] = await queryRows<{ locked: boolean; trading_allowed: boolean }>(db, sql`select locked, trading_allowed from groups where id = ${group.id}`);
    expect(g).toEqual({ locked: false, trading_allowed: false });
    expect(await queryRows(db, sql`select 1 from groups where name = 'Stolen'`)).toHaveLength(0);
  });

  it('answers a group that does not exist with GROUP_NOT_FOUND and a malformed id with INVALID_GROUP_ID', async () => {
    const { cookie } = await classroom();
    const missing = await call('PUT', '/api/group/00000000-0000-4000-8000-000000000000/lock', cookie);
    expect([missing.statusCode, missing.json().errorCode]).toEqual([404, 'GROUP.GROUP_NOT_FOUND']);
    const malformed = await call('PUT', '/api/group/not-a-uuid/lock', cookie);
    expect([malformed.statusCode, malformed.json().errorCode]).toEqual([400, 'GROUP.INVALID_GROUP_ID']);
  });
});

describe('groups: creating, listing, the active group', () => {
  it('creates a group with a trimmed name that becomes the active one', async () => {
    const teacher = await buildTeacher(db);
    const cookie = await signIn(app, teacher, 'teacher');
    const res = await call('POST', '/api/group', cookie, { id: teacher.id, group_name: '  Class 4A  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Class 4A', is_active: true, locked: false, trading_allowed: false, member_count: 0, teacher: teacher.id });
    const active = await call('GET', `/api/groups/${teacher.id}/active`, cookie);
    expect(active.json().id).toBe(res.json().id);
    const second = await call('POST', '/api/group', cookie, { id: teacher.id, group_name: 'Class 4B' });
    const list = (await call('GET', `/api/groups/${teacher.id}`, cookie)).json();
    expect(list.map((g: { name: string; is_active: boolean }) => [g.name, g.is_active])).toEqual([
      ['Class 4A', false],
      ['Class 4B', true],
    ]);
    const switched = await call('PUT', `/api/groups/${teacher.id}/active/${res.json().id}`, cookie);
    expect(switched.json()).toMatchObject({ id: res.json().id, is_active: true });
    expect((await call('GET', `/api/groups/${teacher.id}/active`, cookie)).json().id).toBe(res.json().id);
    expect(second.statusCode).toBe(201);
  });

  it.each([
    ['', 'GROUP.GROUP_NAME_MISSING'],
    ['    ', 'GROUP.GROUP_NAME_MISSING'],
    ['x'.repeat(41), 'GROUP.GROUP_NAME_TOO_LONG'],
  ])('refuses the name %j with %s', async (name, code) => {
    const teacher = await buildTeacher(db);
    const res = await call('POST', '/api/group', await signIn(app, teacher, 'teacher'), { id: teacher.id, group_name: name });
    expect([res.statusCode, res.json().errorCode, res.json().field]).toEqual([400, code, 'group_name']);
  });

  it("refuses a name the teacher's own group has, whatever the case; another teacher's is no matter", async () => {
    const other = await buildTeacher(db);
    await buildGroup(db, other.id, { name: 'Sharks' });
    const teacher = await buildTeacher(db);
    await call('POST', '/api/purchase/group', await signIn(app, teacher, 'teacher'), { userId: teacher.id, amount: 1 });
    const cookie = await signIn(app, teacher, 'teacher');
    const made = await call('POST', '/api/group', cookie, { id: teacher.id, group_name: 'SHARKS' });
    expect(made.statusCode).toBe(201);
    const again = await call('POST', '/api/group', cookie, { id: teacher.id, group_name: 'sharks' });
    expect([again.statusCode, again.json().errorCode, again.json().field]).toEqual([409, 'GROUP.GROUP_TAKEN', 'group_name']);
    const accented = await call('POST', '/api/group', cookie, { id: teacher.id, group_name: 'Äänet' });
    expect(accented.statusCode).toBe(201);
  });

  it(`holds ${GROUPS_INCLUDED} groups, then refuses with GROUP_LIMIT_EXCEEDED until a slot is bought`, async () => {
    const teacher = await buildTeacher(db);
    const cookie = await signIn(app, teacher, 'teacher');
    for (let i = 0; i < GROUPS_INCLUDED; i++) expect((await call('POST', '/api/group', cookie, { id: teacher.id, group_name: `G${i} ${teacher.username}` })).statusCode).toBe(201);
    expect((await call('GET', `/api/${teacher.id}/limits/group`, cookie)).json()).toEqual({ current_usage: GROUPS_INCLUDED, total_limit: GROUPS_INCLUDED });
    const over = await call('POST', '/api/group', cookie, { id: teacher.id, group_name: `Over ${teacher.username}` });
    expect([over.statusCode, over.json().errorCode]).toEqual([403, 'LIMITATIONS.GROUP_LIMIT_EXCEEDED']);

    const bought = await call('POST', '/api/purchase/group', cookie, { userId: teacher.id, amount: 1 });
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toEqual({ current_usage: GROUPS_INCLUDED, total_limit: GROUPS_INCLUDED + 1, coins: TEACHER_STARTER_COINS - EXTRA_GROUP_PRICE });
    expect(await ledgerBalance(db, teacherAccount(teacher.id))).toBe(TEACHER_STARTER_COINS - EXTRA_GROUP_PRICE);
    expect(await ledgerBalance(db, 'sink')).toBe(EXTRA_GROUP_PRICE);
    expect((await call('POST', '/api/group', cookie, { id: teacher.id, group_name: `Over ${teacher.username}` })).statusCode).toBe(201);
  });

  it('lets only the limit through when creations race', async () => {
    const teacher = await buildTeacher(db);
    const cookie = await signIn(app, teacher, 'teacher');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call('POST', '/api/group', cookie, { id: teacher.id, group_name: `Race ${i} ${teacher.username}` })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(GROUPS_INCLUDED);
    expect(results.filter((r) => r.json().errorCode === 'LIMITATIONS.GROUP_LIMIT_EXCEEDED')).toHaveLength(6 - GROUPS_INCLUDED);
  });

  it('refuses a purchase the purse cannot cover, and an amount under 1', async () => {
    const teacher = await buildTeacher(db, { coins: 150 });
    const cookie = await signIn(app, teacher, 'teacher');
    const short = await call('POST', '/api/purchase/group', cookie, { userId: teacher.id, amount: 2 });
    expect([short.statusCode, short.json().errorCode]).toEqual([400, 'PAYMENT.INSUFFICIENT_FUNDS']);
    const zero = await call('POST', '/api/purchase/group', cookie, { userId: teacher.id, amount: 0 });
    expect([zero.statusCode, zero.json().errorCode]).toEqual([400, 'PAYMENT.INVALID_PACKAGE']);
    expect((await call('GET', `/api/${teacher.id}/limits/group`, cookie)).json().total_limit).toBe(GROUPS_INCLUDED);
    expect(await ledgerBalance(db, teacherAccount(teacher.id))).toBe(150);
  });
});

describe('groups: settings and deletion', () => {
  it('locks and unlocks; a locked group refuses new students', async () => {
    const { group, cookie } = await classroom();
    const locked = await call('PUT', `/api/group/${group.id}/lock`, cookie);
    expect(locked.json().locked).toBe(true);
    const signup = await call('POST', '/api/signup/member', undefined, { username: 'latecomer', group_name: group.name, password: 'secret1' });
    expect(signup.json().errorCode).toBe('GROUP.LOCKED');
    expect((await call('PUT', `/api/group/${group.id}/lock`, cookie)).json().locked).toBe(false);
    expect((await call('POST', '/api/signup/member', undefined, { username: 'latecomer', group_name: group.name, password: 'secret1' })).statusCode).toBe(201);
  });

  it('turns trading on and off', async () => {
    const { group, cookie } = await classroom();
    expect((await call('PUT', `/api/group/${group.id}/settings`, cookie, { trading_allowed: true })).json().trading_allowed).toBe(true);
    expect((await call('PUT', `/api/group/${group.id}/settings`, cookie, { trading_allowed: false })).json().trading_allowed).toBe(false);
    const bad = await call('PUT', `/api/group/${group.id}/settings`, cookie, { trading_allowed: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('lists the members of a group, and counts them in the group list', async () => {
    const { teacher, group, member, cookie } = await classroom();
    await buildMember(db, group.id);
    const other = await buildGroup(db, teacher.id);
    const counts = (await call('GET', `/api/groups/${teacher.id}`, cookie)).json().map((g: { id: string; member_count: number }) => [g.id, g.member_count]);
    expect(counts).toEqual([
      [group.id, 2],
      [other.id, 0],
    ]);
    const res = await call('GET', `/api/group/${group.id}/members`, cookie);
    expect(res.json().filter((m: { id: string }) => m.id === member.id)).toEqual([
      { id: member.id, username: member.username, group_id: group.id, coins: 0, face: null, hair: null, skin_tone: 'tone-3', unlocked_faces: [], unlocked_hairs: [], small_group: 'blue', has_badge: false },
    ]);
  });

  it('deletes the active group with its members, refunds their coins and signs them out', async () => {
    const { teacher, group, member, cookie } = await classroom();
    await call('PUT', `/api/groups/${teacher.id}/active/${group.id}`, cookie);
    await moveCoins(db, { from: teacherAccount(teacher.id), to: memberAccount(member.id), amount: 40, reason: 'teacher_award', actor: 'test' });
    const studentCookie = await signIn(app, member, 'member');
    expect((await call('GET', `/api/chat/unread/member?userId=${member.id}`, studentCookie)).statusCode).toBe(200);

    const res = await call('DELETE', `/api/group/${group.id}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(await queryRows(db, sql`select 1 from members where id = ${member.id}`)).toHaveLength(0);
    expect((await call('GET', '/api/checkStatus', studentCookie)).statusCode).toBe(401);
    expect((await call('GET', `/api/chat/unread/member?userId=${member.id}`, studentCookie)).json().errorCode).toBe('AUTH.NO_AUTH');
    expect((await call('GET', `/api/groups/${teacher.id}/active`, cookie)).json()).toBeNull();
    expect((await call('GET', '/api/checkStatus', cookie)).json().coins).toBe(TEACHER_STARTER_COINS);
    expect(await ledgerBalance(db, teacherAccount(teacher.id))).toBe(TEACHER_STARTER_COINS);
    expect(await ledgerBalance(db, memberAccount(member.id))).toBe(0);
  });
});
