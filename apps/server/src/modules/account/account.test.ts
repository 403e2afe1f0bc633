import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, signIn, caller, type Method } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher } from '../../test/factories.ts';
import { ledgerBalance } from '../coins/ledger.repo.ts';

const { app, database } = await buildTestApp();
const db = database.db;

const call = caller(app);

describe('teacher account: who may call what', () => {
  it('refuses nobody, a student and another teacher', async () => {
    const teacher = await buildTeacher(db);
    const other = await buildTeacher(db);
    const member = await buildMember(db, (await buildGroup(db, teacher.id)).id);
    const otherCookie = await signIn(app, other, 'teacher');
    const studentCookie = await signIn(app, member, 'member');
    const routes: [Method, string, object | undefined][] = [
      ['PUT', '/api/admin/username', { id: teacher.id, username: 'hijack' }],
      ['PUT', '/api/admin/email', { id: teacher.id, email: 'hijack@evil.test' }],
      ['PUT', '/api/admin/password', { id: teacher.id, oldPassword: teacher.password, newPassword: 'hijacked1' }],
      ['DELETE', `/api/admin/${teacher.id}`, undefined],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, undefined, body)).json().errorCode).toBe('AUTH.NO_AUTH');
      expect((await call(method, url, studentCookie, body)).json().errorCode).toBe('PERMISSION.INSUFFICIENT_PERMISSIONS');
      const stranger = await call(method, url, otherCookie, body);
      expect([url, stranger.statusCode, stranger.json().errorCode]).toEqual([url, 403, 'USER.NOT_YOU']);
    }
    expect(await queryRows(db, sql`select 1 from teachers where id = ${teacher.id} and username = ${teacher.username}`)).toHaveLength(1);
  });
});

describe('teacher account', () => {
  it('renames, refusing a taken or invalid name', async () => {
    const teacher = await buildTeacher(db);
    const other = await buildTeacher(db);
    const cookie = await signIn(app, teacher, 'teacher');
    const ok = await call('PUT', '/api/admin/username', cookie, { id: teacher.id, username: 'Fresh.Name' });
    expect(ok.json()).toMatchObject({ id: teacher.id, username: 'Fresh.Name', admin: true });
    const taken = await call('PUT', '/api/admin/username', cookie, { id: teacher.id, username: other.username.toUpperCase() });
    expect([taken.statusCode, taken.json().errorCode]).toEqual([409, 'USER.USERNAME_TAKEN']);
    const invalid = await call('PUT', '/api/admin/username', cookie, { id: teacher.id, username: 'no spaces' });
    expect([invalid.statusCode, invalid.json().errorCode]).toEqual([400, 'USER.INVALID_USERNAME']);
  });

  it('keeps the e-mail read-only', async () => {
    const teacher = await buildTeacher(db, { email: 'fixed@school.test' });
    const res = await call('PUT', '/api/admin/email', await signIn(app, teacher, 'teacher'), { id: teacher.id, email: 'new@school.test' });
    expect([res.statusCode, res.json().errorCode, res.json().field]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'email']);
    expect(await queryRows(db, sql`select 1 from teachers where email = 'fixed@school.test'`)).toHaveLength(1);
  });

  it('changes the password with the old one (201), ending the other sessions but not this one', async () => {
    const teacher = await buildTeacher(db);
    const elsewhere = await signIn(app, teacher, 'teacher');
    const here = await signIn(app, teacher, 'teacher');
    const wrong = await call('PUT', '/api/admin/password', here, { id: teacher.id, oldPassword: 'not-it', newPassword: 'changed1' });
    expect([wrong.statusCode, wrong.json().errorCode, wrong.json().field]).toEqual([400, 'AUTH.WRONG_PASSWORD', 'oldPassword']);
    const short = await call('PUT', '/api/admin/password', here, { id: teacher.id, oldPassword: teacher.password, newPassword: '123' });
    expect(short.json().errorCode).toBe('USER.INVALID_PASSWORD');
    const ok = await call('PUT', '/api/admin/password', here, { id: teacher.id, oldPassword: teacher.password, newPassword: 'changed1' });
    expect(ok.statusCode).toBe(201);
    expect((await call('GET', '/api/checkStatus', here)).statusCode).toBe(200);
    expect((await call('GET', '/api/checkStatus', elsewhere)).statusCode).toBe(401);
    expect((await call('POST', '/api/login/admin', undefined, { loginName: teacher.username, password: 'changed1' })).statusCode).toBe(200);
  });

  it('deletes the teacher with groups, members and sessions, booking the coins to the sink', async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const member = await buildMember(db, group.id);
    const cookie = await signIn(app, teacher, 'teacher');
    await call('PUT', '/api/member/coins', cookie, { member_id: member.id, coins: 50 });
    expect(await queryRows(db, sql`select 1 from awards where teacher_id = ${teacher.id}`)).toHaveLength(1);
    const studentCookie = await signIn(app, member, 'member');
    expect((await call('GET', `/api/chat/unread/member?userId=${member.id}`, studentCookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/chat/unread/teacher?userId=${teacher.id}`, cookie)).statusCode).toBe(200);

    const res = await call('DELETE', `/api/admin/${teacher.id}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(await queryRows(db, sql`select 1 from teachers where id = ${teacher.id}`)).toHaveLength(0);
    expect(await queryRows(db, sql`select 1 from groups where id = ${group.id}`)).toHaveLength(0);
    expect(await queryRows(db, sql`select 1 from members where id = ${member.id}`)).toHaveLength(0);
    // Its award's row too (awards.teacher_id has no foreign key to cascade).
    expect(await queryRows(db, sql`select 1 from awards where teacher_id = ${teacher.id}`)).toHaveLength(0);
    expect((await call('GET', '/api/checkStatus', cookie)).statusCode).toBe(401);
    expect((await call('GET', '/api/checkStatus', studentCookie)).statusCode).toBe(401);
    // Both sessions were in use: a route that reads only the session refuses them too.
    expect((await call('GET', `/api/chat/unread/member?userId=${member.id}`, studentCookie)).json().errorCode).toBe('AUTH.NO_AUTH');
    expect((await call('GET', `/api/chat/unread/teacher?userId=${teacher.id}`, cookie)).json().errorCode).toBe('AUTH.NO_AUTH');
    // Every coin minted is accounted for: 300 minted, 300 in the sink.
    expect(await ledgerBalance(db, 'sink')).toBe(300);
    expect(await ledgerBalance(db, 'mint')).toBe(-300);
  });
});
