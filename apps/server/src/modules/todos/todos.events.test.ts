import { describe, expect, it } from 'vitest';
import { buildTestApp, signIn, caller } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher, buildTodo, buildTodolist, shareTodolistWith } from '../../test/factories.ts';
import { eventNames, nextEvent, socketClients } from '../../test/sockets.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const clients = socketClients(app, address);

const call = caller(app);

describe('todo live events', () => {
  it('tells the members when a list is shown or its todos change, and each side when the other changes a member todo', async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const list = await buildTodolist(db, teacher.id);
    const todo = await buildTodo(db, list.id, { reward: 5 });
    const member = await buildMember(db, group.id);
    const stranger = await buildMember(db, (await buildGroup(db, (await buildTeacher(db)).id)).id);
    const teacherCookie = await signIn(app, teacher, 'teacher');
    const memberCookie = await signIn(app, member, 'member');
    const teacherSocket = await clients.connect(teacherCookie);
    const memberSocket = await clients.connect(memberCookie);
    const strangerSocket = await clients.connect(await signIn(app, stranger, 'member'));

    const shared = nextEvent(memberSocket, 'teacher-shared-todolist');
    await call('PUT', `/api/group/${group.id}/todolist/blue/${list.id}`, teacherCookie);
    expect(await shared).toEqual({ group_id: group.id, color: 'blue', todolist_id: list.id });

    const changed = nextEvent(memberSocket, 'teacher-updated-shared-todolist-todos');
    await call('PUT', '/api/todo', teacherCookie, { todo_id: todo.id, updates: { reward: 6 } });
    expect(await changed).toEqual({ group_id: group.id, todolist_id: list.id });

    const [mt] = (await call('GET', `/api/membertodos?group_id=${group.id}`, memberCookie)).json();
    const byMember = nextEvent(teacherSocket, 'member-updated-todo');
    await call('PUT', '/api/membertodo', memberCookie, { mtodo_id: mt.id, updates: { completed: true } });
    expect(await byMember).toEqual({ member_id: member.id, mtodo_id: mt.id, member_coins: 6 });

    const byTeacher = nextEvent(memberSocket, 'teacher-updated-member-todo');
    // The teacher's own other tabs hear of it too (the class grid, the dashboard's count).
    const otherTab = nextEvent(teacherSocket, 'member-updated-todo');
    await call('PUT', '/api/membertodo', teacherCookie, { mtodo_id: mt.id, updates: { completed: false } });
    expect(await byTeacher).toEqual({ mtodo_id: mt.id, member_coins: 0, outcome: 'reopened', title: 'Task', coins_change: -6 });
    expect(await otherTab).toEqual({ member_id: member.id, mtodo_id: mt.id, member_coins: 0 });

    const unshared = nextEvent(memberSocket, 'teacher-unshared-todolist');
    await call('PUT', `/api/group/${group.id}/todolist/reset/${list.id}`, teacherCookie);
    expect(await unshared).toEqual({ group_id: group.id, color: null, todolist_id: null });

    await clients.settle(strangerSocket);
    expect(eventNames(strangerSocket)).toEqual([]);
  });

  it('teacher-updated-todo reaches the teachers who own the list or have it shared, and no one else', async () => {
    const owner = await buildTeacher(db);
    const editor = await buildTeacher(db);
    const outsider = await buildTeacher(db);
    const list = await buildTodolist(db, owner.id);
    const todo = await buildTodo(db, list.id);
    await shareTodolistWith(db, list.id, editor.id, 'edit');
    const ownerCookie = await signIn(app, owner, 'teacher');
    const ownerSocket = await clients.connect(ownerCookie);
    const editorSocket = await clients.connect(await signIn(app, editor, 'teacher'));
    const outsiderSocket = await clients.connect(await signIn(app, outsider, 'teacher'));

    const toEditor = nextEvent(editorSocket, 'teacher-updated-todo');
    const toOwner = nextEvent(ownerSocket, 'teacher-updated-todo');
    await call('PUT', '/api/todo', ownerCookie, { todo_id: todo.id, updates: { reward: 9 } });
    expect(await toEditor).toEqual({ todolist_id: list.id, todo_id: todo.id });
    expect(await toOwner).toEqual({ todolist_id: list.id, todo_id: todo.id });

    const added = nextEvent(editorSocket, 'teacher-updated-todo');
    const created = (await call('POST', '/api/todo', ownerCookie, { todolist_id: list.id, content_html: '<p>Two</p>', content_delta: {} })).json();
    expect(await added).toEqual({ todolist_id: list.id, todo_id: created.id });

    await clients.settle(outsiderSocket);
    expect(eventNames(outsiderSocket)).toEqual([]);
  });
});
