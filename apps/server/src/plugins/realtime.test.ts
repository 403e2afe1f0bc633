import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { buildTestApp, sessionCookie } from '../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher } from '../test/factories.ts';
import { rooms } from './realtime.ts';

const { app, database } = await buildTestApp();
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));

function open(cookie?: string): Promise<{ socket: Socket; error?: Error }> {
  const socket = connect(address, { transports: ['websocket'], extraHeaders: cookie ? { cookie } : {}, reconnection: false });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.on('connect', () => resolve({ socket }));
    socket.on('connect_error', (error) => resolve({ socket, error }));
  });
}

async function login(url: string, loginName: string, password: string) {
  return sessionCookie(await app.inject({ method: 'POST', url, payload: { loginName, password } }));
}

describe('socket handshake', () => {
  it('refuses a socket without a session', async () => {
    const { error } = await open();
    expect(error?.message).toBe('AUTH.NO_AUTH');
    const forged = await open('kolikko_session=forged');
    expect(forged.error?.message).toBe('AUTH.NO_AUTH');
  });

  it('puts a teacher in its own room and its groups\' teacher rooms, a member in its own rooms', async () => {
    const t = await buildTeacher(database.db);
    const g = await buildGroup(database.db, t.id);
    const m = await buildMember(database.db, g.id);
    const teacher = await open(await login('/api/login/admin', t.username, t.password));
    const member = await open(await login('/api/login/member', m.username, m.password));
    expect(teacher.error).toBeUndefined();
    expect(member.error).toBeUndefined();

    const got = (s: Socket) => new Promise<string>((resolve) => s.once('probe', resolve));
    const teacherGot = got(teacher.socket);
    app.io.to(rooms.groupTeachers(g.id)).emit('probe', 'to teachers');
    expect(await teacherGot).toBe('to teachers');
    const memberGot = got(member.socket);
    app.io.to(rooms.groupMembers(g.id)).emit('probe', 'to members');
    expect(await memberGot).toBe('to members');
    const sockets = await app.io.in(rooms.member(m.id)).fetchSockets();
    expect(sockets).toHaveLength(1);
    expect(await app.io.in(rooms.teacher(t.id)).fetchSockets()).toHaveLength(1);
  });
});
