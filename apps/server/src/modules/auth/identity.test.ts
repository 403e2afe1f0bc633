import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { GROUP_MEMBER_LIMIT, JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '@kolikko/core/limits';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, caller, sessionCookie, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher, DEFAULT_PASSWORD } from '../../test/factories.ts';
import { memberAccount, moveCoins, teacherAccount } from '../coins/ledger.repo.ts';

/** Issue 31: join codes, group names per teacher, nicknames per group, signing in with a code. */
const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);
const post = (url: string, payload: object, cookie?: string) => call('POST', url, cookie, payload);

async function codeOf(groupId: string): Promise<string> {
  const [row] = await queryRows<{ join_code: string }>(db, sql`select join_code from groups where id = ${groupId}`);
  if (!row) throw new Error('no group');
  return row.join_code;
}

/** Two teachers, each with a class called "3A". */
async function twoClassesNamed3A() {
  const a = await buildTeacher(db);
  const b = await buildTeacher(db);
  const groupA = await buildGroup(db, a.id, { name: '3A' });
  const groupB = await buildGroup(db, b.id, { name: '3a' });
  return { a, b, groupA, groupB, codeA: await codeOf(groupA.id), codeB: await codeOf(groupB.id) };
}

describe('join codes', () => {
  it('gives every group a code of 6 characters without look-alikes, unique, in its JSON with the member limit', async () => {
    const teacher = await buildTeacher(db);
    const cookie = await signIn(app, teacher, 'teacher');
    const made = await post('/api/group', { id: teacher.id, group_name: '5B' }, cookie);
    expect(made.statusCode).toBe(201);
    const group = made.json();
    expect(group.join_code).toMatch(new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`));
    expect(group).toMatchObject({ member_limit: GROUP_MEMBER_LIMIT, badges_enabled: true });
    const others = await Promise.all(Array.from({ length: 30 }, async () => codeOf((await buildGroup(db, (await buildTeacher(db)).id)).id)));
    expect(new Set([group.join_code, ...others]).size).toBe(31);
  });

  it('lets a student join by the code, typed in any case with spaces or a hyphen, in group_name or group_code', async () => {
    const { groupA, groupB, codeA, codeB } = await twoClassesNamed3A();
    const typed = `${codeA.slice(0, 3).toLowerCase()}-${codeA.slice(3)}`;
    const one = await post('/api/signup/member', { username: 'emma', group_name: typed, password: 'carrot1' });
    expect(one.statusCode).toBe(201);
    expect(one.json().user).toMatchObject({ username: 'emma', group_id: groupA.id, admin: false });
    const two = await post('/api/signup/member', { username: 'emma', group_name: 'ignored', group_code: ` ${codeB} `, password: 'carrot1' });
    expect(two.statusCode).toBe(201);
    expect(two.json().user.group_id).toBe(groupB.id);
  });

  it('answers a group name several open groups share with GROUP.AMBIGUOUS_NAME, and one open group with it joins', async () => {
    const { b, groupA } = await twoClassesNamed3A();
    const ambiguous = await post('/api/signup/member', { username: 'ville', group_name: '3A', password: 'carrot1' });
    expect([ambiguous.statusCode, ambiguous.json().errorCode, ambiguous.json().field]).toEqual([409, 'GROUP.AMBIGUOUS_NAME', 'group_name']);
    // Locking one of them leaves one open group of that name.
    await call('PUT', `/api/group/${(await queryRows<{ id: string }>(db, sql`select id from groups where teacher_id = ${b.id}`))[0]?.id}/lock`, await signIn(app, b, 'teacher'));
    const joined = await post('/api/signup/member', { username: 'ville', group_name: '3a', password: 'carrot1' });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().user.group_id).toBe(groupA.id);
    expect(await queryRows(db, sql`select 1 from members where username = 'ville'`)).toHaveLength(1);
  });

  it('refuses a locked group by its code, an unknown code, and a demo classroom', async () => {
    const teacher = await buildTeacher(db);
    const locked = await buildGroup(db, teacher.id, { name: 'Closed', locked: true });
    const byCode = await post('/api/signup/member', { username: 'newkid', group_name: await codeOf(locked.id), password: 'carrot1' });
    expect([byCode.statusCode, byCode.json().errorCode]).toEqual([403, 'GROUP.LOCKED']);
    const unknown = await post('/api/signup/member', { username: 'newkid', group_name: 'x', group_code: 'BBBBBB', password: 'carrot1' });
    expect([unknown.statusCode, unknown.json().errorCode]).toEqual([404, 'GROUP.GROUP_NOT_FOUND']);
    const demo = await app.inject({ method: 'POST', url: '/api/demo', payload: { language: 'en' } });
    expect(demo.statusCode).toBe(201);
    const [demoGroup] = await queryRows<{ join_code: string }>(db, sql`select g.join_code from groups g join teachers t on t.id = g.teacher_id where t.demo_id is not null`);
    const intoDemo = await post('/api/signup/member', { username: 'newkid', group_name: demoGroup?.join_code ?? '', password: 'carrot1' });
    expect([intoDemo.statusCode, intoDemo.json().errorCode]).toEqual([404, 'GROUP.GROUP_NOT_FOUND']);
    expect(await queryRows(db, sql`select 1 from members where username = 'newkid'`)).toHaveLength(0);
  });

  it('renews a code for the group\'s teacher only: the old code stops at once, the members stay', async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const member = await buildMember(db, group.id);
    const old = await codeOf(group.id);
    const cookie = await signIn(app, teacher, 'teacher');

    const other = await buildTeacher(db);
    const student = await signIn(app, member, 'member');
    const refusals = await Promise.all([
      post(`/api/group/${group.id}/join-code`, {}, await signIn(app, other, 'teacher')),
      post(`/api/group/${group.id}/join-code`, {}, student),
      post(`/api/group/${group.id}/join-code`, {}),
    ]);
    expect(refusals.map((r) => [r.statusCode, r.json().errorCode])).toEqual([
      [403, 'GROUP.NOT_YOUR_GROUP'],
      [403, 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      [401, 'AUTH.NO_AUTH'],
    ]);
    expect(await codeOf(group.id)).toBe(old);

    const renewed = await post(`/api/group/${group.id}/join-code`, {}, cookie);
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().join_code;
    expect(fresh).not.toBe(old);
    expect(renewed.json().member_count).toBe(1);
    const byOld = await post('/api/signup/member', { username: 'latecomer', group_name: old, password: 'carrot1' });
    expect(byOld.json().errorCode).toBe('GROUP.GROUP_NOT_FOUND');
    const oldLogin = await post('/api/login/member', { loginName: member.username, password: DEFAULT_PASSWORD, group_code: old });
    expect([oldLogin.statusCode, oldLogin.json().errorCode]).toEqual([401, 'AUTH.LOGIN_FAILED']);
    expect((await post('/api/signup/member', { username: 'latecomer', group_name: fresh, password: 'carrot1' })).statusCode).toBe(201);
  });
});

describe('signing up signs in', () => {
  it('answers the student and a session cookie with the registration-success code', async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const res = await post('/api/signup/member', { username: 'Väinö', group_name: await codeOf(group.id), password: 'carrot1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ok: true, successCode: 'REGISTRATION_SUCCESS', user: { username: 'Väinö', group_id: group.id, coins: 0 } });
    const status = await call('GET', '/api/checkStatus', sessionCookie(res));
    expect(status.json()).toMatchObject({ admin: false, username: 'Väinö' });
  });
});

describe('nicknames are unique within a group only', () => {
  it('refuses a classmate\'s name, whatever the case or how its letters were typed, with a free suggestion', async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const code = await codeOf(group.id);
    await buildMember(db, group.id, { username: 'Väinö' });
    await buildMember(db, group.id, { username: 'väinö2' });
    for (const typed of ['VÄINÖ', 'Va\u0308ino\u0308']) {
      const res = await post('/api/signup/member', { username: typed, group_name: code, password: 'carrot1' });
      expect([res.statusCode, res.json().errorCode, res.json().field]).toEqual([409, 'USER.USERNAME_TAKEN', 'username']);
      expect(res.json().suggestion.toLowerCase()).toBe('väinö3');
    }
    expect(await queryRows(db, sql`select 1 from members where group_id = ${group.id}`)).toHaveLength(2);
  });

  it('lets two classes each have an Emma; a login by the shared name asks for the class code', async () => {
    const { groupA, groupB, codeA, codeB } = await twoClassesNamed3A();
    await buildMember(db, groupA.id, { username: 'Emma', password: 'apple-a' });
    await buildMember(db, groupB.id, { username: 'emma', password: 'apple-b' });

    const ambiguous = await post('/api/login/member', { loginName: 'EMMA', password: 'apple-a' });
    expect([ambiguous.statusCode, ambiguous.json().errorCode, ambiguous.json().field]).toEqual([409, 'USER.AMBIGUOUS_NAME', 'group_code']);
    const a = await post('/api/login/member', { loginName: 'emma', password: 'apple-a', group_code: codeA.toLowerCase() });
    expect([a.statusCode, a.json().group_id]).toEqual([200, groupA.id]);
    const b = await post('/api/login/member', { loginName: 'Emma', password: 'apple-b', group_code: codeB });
    expect([b.statusCode, b.json().group_id]).toEqual([200, groupB.id]);
    // One class's password does not open the other class's Emma.
    const crossed = await post('/api/login/member', { loginName: 'emma', password: 'apple-a', group_code: codeB });
    expect([crossed.statusCode, crossed.json().errorCode]).toEqual([401, 'AUTH.LOGIN_FAILED']);
  });

  it('still signs in by the name alone where one student has it, with or without the code', async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    await buildMember(db, group.id, { username: 'Siiri-Änni' });
    expect((await post('/api/login/member', { loginName: 'siiri-änni', password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    expect((await post('/api/login/member', { loginName: 'SIIRI-ÄNNI', password: DEFAULT_PASSWORD, group_code: await codeOf(group.id) })).statusCode).toBe(200);
    expect((await post('/api/login/member', { loginName: 'siiri-anni', password: DEFAULT_PASSWORD })).statusCode).toBe(401);
  });

  it('counts the login limits per member account: one Emma guessed at does not slow the other', async () => {
    const { groupA, groupB, codeA, codeB } = await twoClassesNamed3A();
    await buildMember(db, groupA.id, { username: 'emma', password: 'apple-a' });
    await buildMember(db, groupB.id, { username: 'emma', password: 'apple-b' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post('/api/login/member', { loginName: 'emma', password: `wrong-${i}`, group_code: codeA })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await post('/api/login/member', { loginName: 'emma', password: 'apple-a', group_code: codeA })).statusCode).toBe(429);
    expect((await post('/api/login/member', { loginName: 'emma', password: 'apple-b', group_code: codeB })).statusCode).toBe(200);
  });

  it('renames a student to a name another class has, not to a classmate\'s (with a suggestion)', async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const member = await buildMember(db, group.id, { username: 'kettu' });
    await buildMember(db, group.id, { username: 'Åsa' });
    await buildMember(db, (await buildGroup(db, (await buildTeacher(db)).id)).id, { username: 'Ilves' });
    const cookie = await signIn(app, teacher, 'teacher');
    const taken = await call('PUT', '/api/member/username', cookie, { member_id: member.id, username: 'ÅSA' });
    expect([taken.statusCode, taken.json().errorCode, taken.json().suggestion]).toEqual([409, 'USER.USERNAME_TAKEN', 'ÅSA2']);
    const elsewhere = await call('PUT', '/api/member/username', cookie, { member_id: member.id, username: 'ilves' });
    expect([elsewhere.statusCode, elsewhere.json().username]).toEqual([200, 'ilves']);
  });

  it('sends coins to the classmate of that name, not to a namesake in another class', async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    await call('PUT', `/api/group/${group.id}/settings`, await signIn(app, teacher, 'teacher'), { trading_allowed: true });
    const sender = await buildMember(db, group.id, { username: 'lähettäjä' });
    const classmate = await buildMember(db, group.id, { username: 'Onni' });
    const namesake = await buildMember(db, (await buildGroup(db, (await buildTeacher(db)).id)).id, { username: 'onni' });
    await moveCoins(db, { from: teacherAccount(teacher.id), to: memberAccount(sender.id), amount: 5, reason: 'teacher_award', actor: 'test' });
    const res = await call('POST', `/api/member/${sender.id}/transfer`, await signIn(app, sender, 'member'), { recipient: 'ONNI', amount: 2 });
    expect(res.statusCode).toBe(200);
    const coins = await queryRows<{ id: string; coins: number }>(db, sql`select id, coins from members where id in (${classmate.id}, ${namesake.id})`);
    expect(Object.fromEntries(coins.map((c) => [c.id, c.coins]))).toEqual({ [classmate.id]: 2, [namesake.id]: 0 });
  });
});

describe('a group holds at most GROUP_MEMBER_LIMIT members', () => {
  it('refuses a join past the limit with GROUP.FULL, and of joins racing for the last place one wins', async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const code = await codeOf(group.id);
    await db.execute(
      sql`insert into members (username, group_id, password_hash) select 'kid' || g, ${group.id}, 'x' from generate_series(1, ${GROUP_MEMBER_LIMIT - 1}) g`,
    );
    const racing = await Promise.all(Array.from({ length: 5 }, (_, i) => post('/api/signup/member', { username: `racer${i}`, group_name: code, password: 'carrot1' })));
    const statuses = racing.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect(racing.filter((r) => r.statusCode === 409).every((r) => r.json().errorCode === 'GROUP.FULL')).toBe(true);
    const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from members where group_id = ${group.id}`);
    expect(count?.n).toBe(GROUP_MEMBER_LIMIT);
    const cookie = await signIn(app, teacher, 'teacher');
    expect((await call('GET', `/api/groups/${teacher.id}`, cookie)).json()[0]).toMatchObject({ member_count: GROUP_MEMBER_LIMIT, member_limit: GROUP_MEMBER_LIMIT });
  });
});

describe('teacher usernames', () => {
  it('may hold Latin letters with diacritics and are one name whatever the case', async () => {
    const first = await buildTeacher(db);
    const second = await buildTeacher(db);
    const renamed = await call('PUT', '/api/admin/username', await signIn(app, first, 'teacher'), { id: first.id, username: 'Jääskeläinen' });
    expect([renamed.statusCode, renamed.json().username]).toEqual([200, 'Jääskeläinen']);
    const clash = await call('PUT', '/api/admin/username', await signIn(app, second, 'teacher'), { id: second.id, username: 'JÄÄSKELÄINEN' });
    expect([clash.statusCode, clash.json().errorCode]).toEqual([409, 'USER.USERNAME_TAKEN']);
    const login = await post('/api/login/admin', { loginName: 'jääskeläinen', password: DEFAULT_PASSWORD });
    expect(login.statusCode).toBe(200);
    const cyrillic = await call('PUT', '/api/admin/username', await signIn(app, second, 'teacher'), { id: second.id, username: 'Иванов' });
    expect([cyrillic.statusCode, cyrillic.json().errorCode]).toEqual([400, 'USER.INVALID_USERNAME']);
  });
});
