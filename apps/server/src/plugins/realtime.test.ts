import { describe, expect, it } from 'vitest';
import { rooms } from '@kolikko/core/events';
import { buildTestApp, sessionCookie, signIn } from '../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher } from '../test/factories.ts';
import { disconnection, eventNames, nextEvent, request, socketClients, type Client, reaches as probeReaches } from '../test/sockets.ts';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema/index.ts';
import { hashToken } from '../platform/tokens.ts';
import { waitForMail } from '../test/outbox.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const clients = socketClients(app, address);

const reaches = (client: Client, room: string) => probeReaches(app, clients, client, room);

async function classroom() {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const member = await buildMember(db, group.id);
  const classmate = await buildMember(db, group.id);
  const teacherCookie = await signIn(app, teacher, 'teacher');
  const memberCookie = await signIn(app, member, 'member');
  return { teacher, group, member, classmate, teacherCookie, memberCookie };
}

describe('socket handshake', () => {
  it('refuses a socket without a session, with a forged one, or after logout', async () => {
    expect(await clients.refusal(undefined)).toBe('AUTH.NO_AUTH');
    expect(await clients.refusal('kolikko_session=forged')).toBe('AUTH.NO_AUTH');
    const { teacherCookie } = await classroom();
    await app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: teacherCookie } });
    expect(await clients.refusal(teacherCookie)).toBe('AUTH.NO_AUTH');
  });

  it("puts a teacher in its own room and its groups' teachers rooms, a member in its own rooms, and nobody elsewhere", async () => {
    const { teacher, group, member, classmate, teacherCookie, memberCookie } = await classroom();
    const otherGroup = await buildGroup(db, (await buildTeacher(db)).id);
    const t = await clients.connect(teacherCookie);
    const m = await clients.connect(memberCookie);

    expect(await reaches(t, rooms.teacher(teacher.id))).toBe(true);
    expect(await reaches(t, rooms.groupTeachers(group.id))).toBe(true);
    expect(await reaches(t, rooms.groupMembers(group.id))).toBe(false);
    expect(await reaches(t, rooms.groupTeachers(otherGroup.id))).toBe(false);
    expect(await reaches(m, rooms.member(member.id))).toBe(true);
    expect(await reaches(m, rooms.groupMembers(group.id))).toBe(true);
    expect(await reaches(m, rooms.groupTeachers(group.id))).toBe(false);
    expect(await reaches(m, rooms.member(classmate.id))).toBe(false);
    expect(await reaches(m, rooms.groupMembers(otherGroup.id))).toBe(false);
  });

  it('lets go of the HTTP request a socket connected with, once its cookie has been read', async () => {
    const { teacher, member, teacherCookie, memberCookie } = await classroom();
    const t = await clients.connect(teacherCookie);
    const m = await clients.connect(memberCookie);
    const open = [...app.io.of('/').sockets.values()];
    expect(open.length).toBeGreaterThanOrEqual(2);
    for (const socket of open) expect(socket.conn.request).toBeNull();
    // Both were authenticated by their cookie: each hears its own room.
    expect(await reaches(t, rooms.teacher(teacher.id))).toBe(true);
    expect(await reaches(m, rooms.member(member.id))).toBe(true);
  });

  it("joins a teacher's open sockets to a group it creates", async () => {
    const teacher = await buildTeacher(db);
    const cookie = await signIn(app, teacher, 'teacher');
    const t = await clients.connect(cookie);
    const res = await app.inject({ method: 'POST', url: '/api/group', headers: { cookie }, payload: { id: teacher.id, group_name: 'Brand new class' } });
    expect(res.statusCode).toBe(201);
    expect(await reaches(t, rooms.groupTeachers(res.json().id))).toBe(true);
  });
});

describe('room requests', () => {
  it('lets a teacher join the teachers room of its own group, and nothing else', async () => {
    const { group, teacherCookie, memberCookie } = await classroom();
    const foreign = await buildGroup(db, (await buildTeacher(db)).id);
    const t = await clients.connect(teacherCookie);
    const m = await clients.connect(memberCookie);

    expect(await request(t, 'teacher-join-room', { group_id: group.id, username: 'x' })).toEqual({ ok: true, rooms: [rooms.groupTeachers(group.id)] });
    expect(await request(t, 'teacher-join-room', { group_id: foreign.id })).toEqual({ ok: false, errorCode: 'GROUP.NOT_YOUR_GROUP' });
    expect(await request(t, 'teacher-join-room', { group_id: 'not-a-uuid' })).toEqual({ ok: false, errorCode: 'VALIDATION.INVALID_INPUT' });
    expect(await request(t, 'teacher-join-room', 'group')).toEqual({ ok: false, errorCode: 'VALIDATION.INVALID_INPUT' });
    expect(await request(t, 'member-join-room', { group_id: group.id, member_id: group.id })).toEqual({ ok: false, errorCode: 'PERMISSION.INSUFFICIENT_PERMISSIONS' });
    expect(await request(m, 'teacher-join-room', { group_id: group.id })).toEqual({ ok: false, errorCode: 'PERMISSION.INSUFFICIENT_PERMISSIONS' });
    // Without an acknowledgement callback the refusal is silent, and still nothing is joined.
    t.socket.emit('teacher-join-room', { group_id: foreign.id });
    m.socket.emit('teacher-join-room', { group_id: group.id });
    expect(await reaches(t, rooms.groupTeachers(foreign.id))).toBe(false);
    expect(await reaches(m, rooms.groupTeachers(group.id))).toBe(false);
  });

  it('lets a member join only its own member room and its own group', async () => {
    const { group, member, classmate, memberCookie } = await classroom();
    const foreign = await buildGroup(db, (await buildTeacher(db)).id);
    const m = await clients.connect(memberCookie);

    expect(await request(m, 'member-join-room', { group_id: group.id, member_id: member.id })).toEqual({
      ok: true,
      rooms: [rooms.member(member.id), rooms.groupMembers(group.id)],
    });
    expect(await request(m, 'member-join-room', { group_id: group.id, member_id: classmate.id })).toEqual({ ok: false, errorCode: 'USER.NOT_YOU' });
    expect(await request(m, 'member-join-room', { group_id: foreign.id, member_id: member.id })).toEqual({ ok: false, errorCode: 'GROUP.NOT_YOUR_GROUP' });
    expect(await request(m, 'member-join-room', { group_id: group.id })).toEqual({ ok: false, errorCode: 'VALIDATION.INVALID_INPUT' });
    expect(await reaches(m, rooms.member(classmate.id))).toBe(false);
    expect(await reaches(m, rooms.groupMembers(foreign.id))).toBe(false);
  });

  it('leaves a room and answers room_left; the internal rooms cannot be left', async () => {
    const { group, member, memberCookie } = await classroom();
    const m = await clients.connect(memberCookie);
    const left = nextEvent(m, 'room_left');
    expect(await request(m, 'leave-room', rooms.groupMembers(group.id))).toEqual({ ok: true, rooms: [rooms.groupMembers(group.id)] });
    expect(await left).toBe(rooms.groupMembers(group.id));
    expect(await reaches(m, rooms.groupMembers(group.id))).toBe(false);
    expect(await request(m, 'leave-room', `online:${group.id}`)).toEqual({ ok: false, errorCode: 'PERMISSION.INSUFFICIENT_PERMISSIONS' });
    expect(await request(m, 'leave-room', m.socket.id)).toEqual({ ok: false, errorCode: 'PERMISSION.INSUFFICIENT_PERMISSIONS' });
    expect(await request(m, 'leave-room', 42)).toEqual({ ok: false, errorCode: 'VALIDATION.INVALID_INPUT' });
    // It can come back.
    expect(await request(m, 'member-join-room', { group_id: group.id, member_id: member.id })).toMatchObject({ ok: true });
    expect(await reaches(m, rooms.groupMembers(group.id))).toBe(true);
  });

  it('relays nothing a client sends', async () => {
    const { teacherCookie, memberCookie, member, classmate } = await classroom();
    const t = await clients.connect(teacherCookie);
    const m = await clients.connect(memberCookie);
    const c = await clients.connect(await signIn(app, classmate, 'member'));
    // A client may send any event name; the typed socket only knows the three requests.
    const sender = m.socket as unknown as { emit(event: string, ...args: unknown[]): void };
    sender.emit('teacher-gave-coins', { member_id: member.id, coins: 999 });
    sender.emit('member-sent-a-chat', { message: 'forged' });
    sender.emit('anything', 'at all');
    await clients.settle(t);
    await clients.settle(c);
    await clients.settle(m);
    expect(eventNames(t)).toEqual([]);
    expect(eventNames(c)).toEqual([]);
    expect(eventNames(m)).toEqual([]);
  });
});

describe('ended sessions lose their sockets', () => {
  it('logout disconnects exactly that session\'s sockets; a new login in the same browser ends the old one', async () => {
    const { teacher, teacherCookie } = await classroom();
    const otherCookie = await signIn(app, teacher, 'teacher');
    const a1 = await clients.connect(teacherCookie);
    const a2 = await clients.connect(teacherCookie);
    const b = await clients.connect(otherCookie);
    const gone = [disconnection(a1), disconnection(a2)];
    await app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: teacherCookie } });
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    await clients.settle(b);
    expect(b.socket.connected).toBe(true);

    const relogin = disconnection(b);
    const res = await app.inject({
      method: 'POST',
      url: '/api/login/admin',
      headers: { cookie: otherCookie },
      payload: { loginName: teacher.username, password: teacher.password },
    });
    expect(sessionCookie(res)).not.toBe(otherCookie);
    expect(await relogin).toBe('io server disconnect');
  });

  it("a teacher's password change disconnects its other sessions, not the one that changed it", async () => {
    const { teacher, teacherCookie } = await classroom();
    const otherCookie = await signIn(app, teacher, 'teacher');
    const current = await clients.connect(teacherCookie);
    const other = await clients.connect(otherCookie);
    const gone = disconnection(other);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/admin/password',
      headers: { cookie: teacherCookie },
      payload: { id: teacher.id, oldPassword: teacher.password, newPassword: 'a-new-secret' },
    });
    expect(res.statusCode).toBe(201);
    expect(await gone).toBe('io server disconnect');
    await clients.settle(current);
    expect(current.socket.connected).toBe(true);
  });

  it("a password reset disconnects every session's sockets", async () => {
    const teacher = await buildTeacher(db, { email: 'reset.sockets@school.test' });
    const t = await clients.connect(await signIn(app, teacher, 'teacher'));
    const gone = disconnection(t);
    await app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email: 'reset.sockets@school.test' } });
    const mail = await waitForMail(app, 'reset.sockets@school.test');
    const token = mail.text.match(/token=([\w-]+)/)?.[1];
    const res = await app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: { token, password: 'brand-new-1' } });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});

describe('deleted users lose their sockets', () => {
  it("a teacher deleting its account disconnects its own and its students' sockets, nobody else's", async () => {
    const { teacher, teacherCookie, memberCookie } = await classroom();
    const other = await classroom();
    const t = await clients.connect(teacherCookie);
    const m = await clients.connect(memberCookie);
    const bystander = await clients.connect(other.memberCookie);
    const gone = [disconnection(t), disconnection(m)];
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/${teacher.id}`, headers: { cookie: teacherCookie } })).statusCode).toBe(200);
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    await clients.settle(bystander);
    expect(bystander.socket.connected).toBe(true);
  });
});

describe('online-member-count-update', () => {
  it('tells the group\'s teachers how many distinct members are connected, on every change, and a teacher when it connects', async () => {
    const { group, member, classmate, teacherCookie, memberCookie } = await classroom();
    const other = await classroom();
    const otherTeacher = await clients.connect(other.teacherCookie);

    const t = await clients.connect(teacherCookie);
    expect(await nextEvent(t, 'online-member-count-update', { since: 0 })).toEqual({ group_id: group.id, count: 0, member_ids: [] });

    let update = nextEvent(t, 'online-member-count-update');
    const m1 = await clients.connect(memberCookie);
    expect(await update).toEqual({ group_id: group.id, count: 1, member_ids: [member.id] });

    const classmateCookie = await signIn(app, classmate, 'member');
    update = nextEvent(t, 'online-member-count-update', { where: (p) => p.count === 2 });
    const m1again = await clients.connect(memberCookie);
    const c = await clients.connect(classmateCookie);
    const counted = await update;
    expect([...counted.member_ids].sort()).toEqual([member.id, classmate.id].sort());

    update = nextEvent(t, 'online-member-count-update');
    c.socket.disconnect();
    expect(await update).toEqual({ group_id: group.id, count: 1, member_ids: [member.id] });
    update = nextEvent(t, 'online-member-count-update');
    m1.socket.disconnect();
    // m1again is the same member: still one.
    expect(await update).toMatchObject({ count: 1 });
    expect(m1again.socket.connected).toBe(true);

    // Another group's teacher heard only its own group's count.
    await clients.settle(otherTeacher);
    const heard = otherTeacher.seen.filter((s) => s.event === 'online-member-count-update').map((s) => s.payload);
    expect(heard).toEqual([{ group_id: other.group.id, count: 0, member_ids: [] }]);
  });

  it('answers a teacher-join-room with the count', async () => {
    const { group, teacherCookie, memberCookie } = await classroom();
    await clients.connect(memberCookie);
    const t = await clients.connect(teacherCookie);
    await nextEvent(t, 'online-member-count-update', { since: 0 });
    const again = nextEvent(t, 'online-member-count-update');
    await request(t, 'teacher-join-room', { group_id: group.id });
    expect(await again).toMatchObject({ group_id: group.id, count: 1 });
  });
});

describe('sessions that run out', () => {
  it("disconnect their sockets when they expire, with no request to notice it, and the others' stay", async () => {
    const { memberCookie, teacherCookie } = await classroom();
    // This session ends in a moment (a real one lasts 30 days); no request has cached it yet.
    const token = memberCookie.slice(memberCookie.indexOf('=') + 1).split(';')[0] ?? '';
    await db.update(sessions).set({ expiresAt: new Date(Date.now() + 1500) }).where(eq(sessions.tokenHash, hashToken(token)));
    const expiring = await clients.connect(memberCookie);
    const lasting = await clients.connect(teacherCookie);
    expect(await disconnection(expiring)).toBe('io server disconnect');
    await clients.settle(lasting);
    expect(lasting.socket.connected).toBe(true);
    // It cannot come back: the handshake refuses the expired session.
    expect(await clients.refusal(memberCookie)).toBe('AUTH.NO_AUTH');
  });
});
