import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { buildTestApp, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher, buildTodo, buildTodolist } from '../../test/factories.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));

async function open(cookie: string): Promise<Socket> {
  const socket = connect(address, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  return socket;
}

const next = (socket: Socket, event: string) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 3 s`)), 3000);
    socket.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('todo live events', () => {
  it('tells the members when a list is shown or its todos change, and each side when the other changes a member todo', async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const list = await buildTodolist(db, teacher.id);
    const todo = await buildTodo(db, list.id, { reward: 5 });
    const member = await buildMember(db, group.id);
    const teacherCookie = await signIn(app, teacher, 'teacher');
    const memberCookie = await signIn(app, member, 'member');
    const teacherSocket = await open(teacherCookie);
    const memberSocket = await open(memberCookie);

    const shared = next(memberSocket, 'teacher-shared-todolist');
    await call('PUT', `/api/group/${group.id}/todolist/blue/${list.id}`, teacherCookie);
    expect(await shared).toEqual({ group_id: group.id, color: 'blue', todolist_id: list.id });

    const changed = next(memberSocket, 'teacher-updated-shared-todolist-todos');
    await call('PUT', '/api/todo', teacherCookie, { todo_id: todo.id, updates: { reward: 6 } });
    expect(await changed).toEqual({ group_id: group.id, todolist_id: list.id });

    const [mt] = (await call('GET', `/api/membertodos?group_id=${group.id}`, memberCookie)).json();
    const byMember = next(teacherSocket, 'member-updated-todo');
    await call('PUT', '/api/membertodo', memberCookie, { mtodo_id: mt.id, updates: { completed: true } });
    expect(await byMember).toEqual({ member_id: member.id, mtodo_id: mt.id, member_coins: 6 });

    const byTeacher = next(memberSocket, 'teacher-updated-member-todo');
    await call('PUT', '/api/membertodo', teacherCookie, { mtodo_id: mt.id, updates: { completed: false } });
    expect(await byTeacher).toEqual({ mtodo_id: mt.id, member_coins: 0 });

    const unshared = next(memberSocket, 'teacher-unshared-todolist');
    await call('PUT', `/api/group/${group.id}/todolist/reset/${list.id}`, teacherCookie);
    expect(await unshared).toEqual({ group_id: group.id, color: null, todolist_id: null });
  });
});
