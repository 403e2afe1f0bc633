import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { TODOLIST_NAME_MAX_LENGTH } from '@kolikko/core/limits';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, signIn, caller, type Method } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher, buildTodo, buildTodolist, shareTodolistWith, showTodolist } from '../../test/factories.ts';
import { multipartFile } from '../../test/multipart.ts';

const { app, database } = await buildTestApp();
const db = database.db;

const call = caller(app);

async function teacherWithList() {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const list = await buildTodolist(db, teacher.id, { name: 'Fractions' });
  const cookie = await signIn(app, teacher, 'teacher');
  return { teacher, group, list, cookie };
}

const rowsOf = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);

describe('todo lists: who may call what', () => {
  it('refuses nobody, a student and another teacher on every list route, and changes nothing', async () => {
    const { teacher, group, list } = await teacherWithList();
    await buildTodo(db, list.id);
    const member = await buildMember(db, group.id);
    const studentCookie = await signIn(app, member, 'member');
    const other = await buildTeacher(db);
    const otherCookie = await signIn(app, other, 'teacher');
    const otherList = await buildTodolist(db, other.id);

    const routes: [Method, string, object | undefined, string][] = [
      ['POST', '/api/todolists', { name: 'Stolen', id: teacher.id }, 'USER.NOT_YOU'],
      ['GET', `/api/todolists/${teacher.id}`, undefined, 'USER.NOT_YOU'],
      ['GET', `/api/todolist/${list.id}`, undefined, 'TODOLIST.NOT_YOUR_TODOLIST'],
      ['PUT', `/api/todolist/${list.id}`, { name: 'Hijacked' }, 'TODOLIST.NOT_YOUR_TODOLIST'],
      ['DELETE', `/api/todolists/${list.id}`, undefined, 'TODOLIST.NOT_YOUR_TODOLIST'],
      ['POST', `/api/todolist/${list.id}/copy`, { userId: other.id }, 'TODOLIST.NOT_YOUR_TODOLIST'],
      ['PUT', `/api/group/${group.id}/todolist/blue/${list.id}`, undefined, 'GROUP.NOT_YOUR_GROUP'],
      ['PUT', `/api/group/${group.id}/todolist/reset/${list.id}`, undefined, 'GROUP.NOT_YOUR_GROUP'],
    ];
    for (const [method, url, body, otherCode] of routes) {
      const anon = await call(method, url, undefined, body);
      expect([url, anon.statusCode, anon.json().errorCode]).toEqual([url, 401, 'AUTH.NO_AUTH']);
      const student = await call(method, url, studentCookie, body);
      expect([url, student.statusCode, student.json().errorCode]).toEqual([url, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
      const stranger = await call(method, url, otherCookie, body);
      expect([url, stranger.statusCode, stranger.json().errorCode]).toEqual([url, 403, otherCode]);
    }
    // Another teacher cannot show its own list to this teacher's group either.
    const foreign = await call('PUT', `/api/group/${group.id}/todolist/blue/${otherList.id}`, otherCookie);
    expect([foreign.statusCode, foreign.json().errorCode]).toEqual([403, 'GROUP.NOT_YOUR_GROUP']);

    expect(await rowsOf(sql`select name from todolists where id = ${list.id}`)).toEqual([{ name: 'Fractions' }]);
    expect(await rowsOf(sql`select count(*)::int as n from todolists`)).toEqual([{ n: 2 }]);
    expect(await rowsOf(sql`select blue_shared_id, orange_shared_id from groups where id = ${group.id}`)).toEqual([{ blue_shared_id: null, orange_shared_id: null }]);
  });

  it('answers a missing list with TODOLIST_NOT_FOUND and a malformed id with INVALID_TODOLIST_ID', async () => {
    const { cookie } = await teacherWithList();
    const missing = await call('GET', '/api/todolist/00000000-0000-4000-8000-000000000000', cookie);
    expect([missing.statusCode, missing.json().errorCode]).toEqual([404, 'TODOLIST.TODOLIST_NOT_FOUND']);
    const malformed = await call('GET', '/api/todolist/nope', cookie);
    expect([malformed.statusCode, malformed.json().errorCode]).toEqual([400, 'TODOLIST.INVALID_TODOLIST_ID']);
  });
});

describe('todo lists: create, read, settings, delete', () => {
  it('creates a list with a trimmed name and lists the teacher\'s own lists', async () => {
    const teacher = await buildTeacher(db);
    const cookie = await signIn(app, teacher, 'teacher');
    const res = await call('POST', '/api/todolists', cookie, { name: '  Week 12  ', id: teacher.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Week 12',
      category: null,
      target: null,
      language: 'FI',
      permissions: 'owner',
      shared_with: [],
      communityStatus: false,
    });
    expect(res.json()).not.toHaveProperty('shared_by_username');
    await call('POST', '/api/todolists', cookie, { name: 'Week 13', id: teacher.id });
    const lists = (await call('GET', `/api/todolists/${teacher.id}`, cookie)).json();
    expect(lists.map((l: { name: string }) => l.name)).toEqual(['Week 12', 'Week 13']);
    expect((await call('GET', `/api/todolist/${res.json().id}`, cookie)).json()).toEqual(res.json());
  });

  it('creates a list in the language sent (the web sends its interface language; without one it is Finnish, above) and refuses an unknown one', async () => {
    const teacher = await buildTeacher(db);
    const cookie = await signIn(app, teacher, 'teacher');
    const english = await call('POST', '/api/todolists', cookie, { name: 'Spelling', id: teacher.id, language: 'EN' });
    expect([english.statusCode, english.json().language]).toEqual([201, 'EN']);
    const finnish = await call('POST', '/api/todolists', cookie, { name: 'Tavutus', id: teacher.id, language: 'FI' });
    expect([finnish.statusCode, finnish.json().language]).toEqual([201, 'FI']);
    const unknown = await call('POST', '/api/todolists', cookie, { name: 'Orthographe', id: teacher.id, language: 'FR' });
    expect([unknown.statusCode, unknown.json().errorCode]).toEqual([400, 'VALIDATION.INVALID_INPUT']);
    expect(await rowsOf(sql`select name, language from todolists order by name`)).toEqual([
      { name: 'Spelling', language: 'EN' },
      { name: 'Tavutus', language: 'FI' },
    ]);
  });

  it.each([
    ['', 'TODOLIST.TODOLIST_NAME_MISSING'],
    ['   ', 'TODOLIST.TODOLIST_NAME_MISSING'],
    [undefined, 'TODOLIST.TODOLIST_NAME_MISSING'],
    ['x'.repeat(TODOLIST_NAME_MAX_LENGTH + 1), 'TODOLIST.TODOLIST_NAME_TOO_LONG'],
  ])('refuses the name %j with %s, on create and on rename', async (name, code) => {
    const { teacher, list, cookie } = await teacherWithList();
    const created = await call('POST', '/api/todolists', cookie, { name, id: teacher.id });
    expect([created.statusCode, created.json().errorCode, created.json().field]).toEqual([400, code, 'name']);
    if (name !== undefined) {
      const renamed = await call('PUT', `/api/todolist/${list.id}`, cookie, { name });
      expect([renamed.statusCode, renamed.json().errorCode]).toEqual([400, code]);
    }
    expect(await rowsOf(sql`select name from todolists`)).toEqual([{ name: 'Fractions' }]);
  });

  it('renames, sets a lowercased category, a target and a language; clears the category with null', async () => {
    const { list, cookie } = await teacherWithList();
    const res = await call('PUT', `/api/todolist/${list.id}`, cookie, { name: ' Decimals ', category: 'Mathematics', target: 'FIFTH_GRADE', language: 'EN' });
    expect(res.json()).toMatchObject({ name: 'Decimals', category: 'mathematics', target: 'FIFTH_GRADE', language: 'EN' });
    expect(await rowsOf(sql`select name, category, target, language from todolists where id = ${list.id}`)).toEqual([
      { name: 'Decimals', category: 'mathematics', target: 'FIFTH_GRADE', language: 'EN' },
    ]);
    const cross = await call('PUT', `/api/todolist/${list.id}`, cookie, { category: 'l4_multiliteracy' });
    expect(cross.json()).toMatchObject({ name: 'Decimals', category: 'l4_multiliteracy' });
    expect((await call('PUT', `/api/todolist/${list.id}`, cookie, { category: null })).json().category).toBeNull();
    expect((await call('PUT', `/api/todolist/${list.id}`, cookie, {})).json()).toMatchObject({ name: 'Decimals', category: null, language: 'EN' });
  });

  it.each([
    [{ category: 'ASTROLOGY' }, 'category'],
    [{ target: 'KINDERGARTEN' }, 'target'],
    [{ language: 'DE' }, 'language'],
  ])('refuses a value outside the enumerations: %j', async (body, field) => {
    const { list, cookie } = await teacherWithList();
    const res = await call('PUT', `/api/todolist/${list.id}`, cookie, body);
    expect([res.statusCode, res.json().errorCode, res.json().field]).toEqual([400, 'VALIDATION.INVALID_INPUT', field]);
  });

  it('deletes a list with its todos and images; the group showing it shows nothing', async () => {
    const { group, list, cookie } = await teacherWithList();
    const todo = await buildTodo(db, list.id);
    const member = await buildMember(db, group.id);
    await showTodolist(db, group.id, 'blue', list.id);
    await showTodolist(db, group.id, 'orange', list.id);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png().toBuffer();
    const upload = multipartFile(png);
    expect((await app.inject({ method: 'PUT', url: `/api/todos/${todo.id}/image`, headers: { cookie, ...upload.headers }, payload: upload.payload })).statusCode).toBe(200);
    const studentCookie = await signIn(app, member, 'member');
    expect((await call('GET', `/api/membertodos?group_id=${group.id}`, studentCookie)).json()).toHaveLength(1);

    const res = await call('DELETE', `/api/todolists/${list.id}`, cookie);
    expect(res.json()).toEqual({ ok: true });
    expect(await rowsOf(sql`select blue_shared_id, orange_shared_id from groups where id = ${group.id}`)).toEqual([{ blue_shared_id: null, orange_shared_id: null }]);
    for (const table of ['todolists', 'todos', 'member_todos', 'images']) {
      expect([table, await rowsOf(sql`select count(*)::int as n from ${sql.identifier(table)}`)]).toEqual([table, [{ n: 0 }]]);
    }
    expect((await call('GET', `/api/membertodos?group_id=${group.id}`, studentCookie)).json()).toEqual([]);
    expect((await call('GET', `/api/todolist/${list.id}`, cookie)).json().errorCode).toBe('TODOLIST.TODOLIST_NOT_FOUND');
  });
});

describe('todo lists: copy', () => {
  it('copies the todos in order with their settings, and duplicates their images', async () => {
    const { teacher, list, cookie } = await teacherWithList();
    await call('PUT', `/api/todolist/${list.id}`, cookie, { category: 'HISTORY', target: 'NINTH_GRADE', language: 'EN' });
    const first = await buildTodo(db, list.id, { reward: 5, contentHtml: '<p>One</p>' });
    await buildTodo(db, list.id, { reward: 7, answertype: 'strict', answer: '42', contentHtml: '<p>Two</p>' });
    await buildTodo(db, list.id, { answertype: 'free', allowMemberImage: true, contentHtml: '<p>Three</p>' });
    await call('PUT', `/api/todos/${first.id}/image/predefined`, cookie, { path: 'star.svg' });

    const res = await call('POST', `/api/todolist/${list.id}/copy`, cookie, { userId: teacher.id });
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({ name: 'Fractions', category: 'history', target: 'NINTH_GRADE', language: 'EN', permissions: 'owner', communityStatus: false });
    expect(copy.id).not.toBe(list.id);

    const strip = (t: { id: string; todolist_id: string; imagepath: string | null }) => ({ ...t, id: undefined, todolist_id: undefined, imagepath: t.imagepath !== null });
    const original = (await call('GET', `/api/todos/${list.id}`, cookie)).json();
    const copied = (await call('GET', `/api/todos/${copy.id}`, cookie)).json();
    expect(copied.map(strip)).toEqual(original.map(strip));
    expect(copied.map((t: { position: number }) => t.position)).toEqual([1, 2, 3]);
    expect(copied[0].imagepath).not.toBe(original[0].imagepath);
    const [a, b] = await Promise.all([
      call('GET', `/api/public/todo/${original[0].id}/${original[0].imagepath}/image`),
      call('GET', `/api/public/todo/${copied[0].id}/${copied[0].imagepath}/image`),
    ]);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    // Deleting the original leaves the copy whole.
    await call('DELETE', `/api/todolists/${list.id}`, cookie);
    expect((await call('GET', `/api/public/todo/${copied[0].id}/${copied[0].imagepath}/image`)).statusCode).toBe(200);
    expect((await call('GET', `/api/todos/${copy.id}`, cookie)).json()).toHaveLength(3);
  });

  it('answers a database failure with COPY_TODOLIST_FAILED and no SQL, parameters or stack, and copies nothing', async () => {
    const { teacher, list, cookie } = await teacherWithList();
    await buildTodo(db, list.id, { contentHtml: '<p>Refused by the database</p>' });
    // A real failure of the copy's own statement: the todo's copy breaks a check that its original,
    // older than the check, does not (Drizzle's error names the statement and its parameters).
    await db.execute(sql`alter table todos add constraint test_refuse_copy check (content_html <> '<p>Refused by the database</p>') not valid`);
    try {
      const res = await call('POST', `/api/todolist/${list.id}/copy`, cookie, { userId: teacher.id, name: 'The copy' });
      expect([res.statusCode, res.json().errorCode]).toEqual([500, 'TODOLIST.COPY_TODOLIST_FAILED']);
      expect(res.body).not.toMatch(/insert|select|todos|\$\d|params|Refused|\n\s*at /i);
    } finally {
      await db.execute(sql`alter table todos drop constraint test_refuse_copy`);
    }
    expect(await rowsOf(sql`select name from todolists where teacher_id = ${teacher.id}`)).toEqual([{ name: 'Fractions' }]);
  });

  it('takes a name for the copy, and copies an empty list', async () => {
    const { teacher, list, cookie } = await teacherWithList();
    const res = await call('POST', `/api/todolist/${list.id}/copy`, cookie, { userId: teacher.id, name: 'Kopio: Fractions' });
    expect(res.json().name).toBe('Kopio: Fractions');
    expect((await call('GET', `/api/todos/${res.json().id}`, cookie)).json()).toEqual([]);
  });
});

describe('todo lists shared with another teacher (read or edit)', () => {
  it('a reader sees, copies and shows the list to its own small groups, and cannot change anything', async () => {
    const { teacher, list } = await teacherWithList();
    const todo = await buildTodo(db, list.id);
    const reader = await buildTeacher(db);
    const readerGroup = await buildGroup(db, reader.id);
    const cookie = await signIn(app, reader, 'teacher');
    await shareTodolistWith(db, list.id, reader.id, 'read');

    const seen = (await call('GET', `/api/todolist/${list.id}`, cookie)).json();
    expect(seen).toMatchObject({ permissions: 'read', shared_with: [], shared_by_username: teacher.username });
    expect((await call('GET', `/api/todos/${list.id}`, cookie)).json()).toHaveLength(1);
    expect((await call('POST', `/api/todolist/${list.id}/copy`, cookie, { userId: reader.id })).statusCode).toBe(201);

    const refused: [Method, string, object | undefined][] = [
      ['PUT', `/api/todolist/${list.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/todolists/${list.id}`, undefined],
      ['POST', '/api/todo', { todolist_id: list.id, content_html: '<p>x</p>', content_delta: {} }],
      ['PUT', '/api/todo', { todo_id: todo.id, updates: { reward: 9 } }],
      ['DELETE', `/api/todo/${todo.id}`, undefined],
      ['PUT', `/api/todos/${todo.id}/image/predefined`, { path: 'star.svg' }],
    ];
    for (const [method, url, body] of refused) {
      const res = await call(method, url, cookie, body);
      expect([url, res.statusCode, res.json().errorCode]).toEqual([url, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
    }
    expect(await rowsOf(sql`select name from todolists where id = ${list.id}`)).toEqual([{ name: 'Fractions' }]);
    expect(await rowsOf(sql`select reward from todos where todolist_id = ${list.id}`)).toEqual([{ reward: 0 }]);
    // Two teachers of parallel classes run one list: a reader shows it to its own class too.
    expect((await call('PUT', `/api/group/${readerGroup.id}/todolist/blue/${list.id}`, cookie)).json().blue_shared_id).toBe(list.id);
  });

  it('an editor changes the todos and shows the list to its own group, but cannot rename or delete it', async () => {
    const { teacher, list, cookie: ownerCookie } = await teacherWithList();
    const todo = await buildTodo(db, list.id);
    const editor = await buildTeacher(db);
    const editorGroup = await buildGroup(db, editor.id);
    const cookie = await signIn(app, editor, 'teacher');
    await shareTodolistWith(db, list.id, editor.id, 'edit');

    expect((await call('PUT', '/api/todo', cookie, { todo_id: todo.id, updates: { reward: 9 } })).json().reward).toBe(9);
    expect((await call('POST', '/api/todo', cookie, { todolist_id: list.id, content_html: '<p>x</p>', content_delta: {} })).statusCode).toBe(201);
    expect((await call('PUT', `/api/group/${editorGroup.id}/todolist/orange/${list.id}`, cookie)).json().orange_shared_id).toBe(list.id);
    for (const [method, url, body] of [
      ['PUT', `/api/todolist/${list.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/todolists/${list.id}`, undefined],
    ] as const) {
      const res = await call(method, url, cookie, body);
      expect([url, res.statusCode, res.json().errorCode]).toEqual([url, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
    }
    const owned = (await call('GET', `/api/todolists/${teacher.id}`, ownerCookie)).json();
    expect(owned[0].shared_with).toEqual([{ username: editor.username, permissions: 'edit' }]);
  });
});

describe('showing a list to a small group (PUT group/{id}/todolist/{color}/{todolistId})', () => {
  it('sets blue and orange, does nothing for the colour already set, and reset clears both', async () => {
    const { teacher, group, list, cookie } = await teacherWithList();
    const second = await buildTodolist(db, teacher.id);
    const blue = await call('PUT', `/api/group/${group.id}/todolist/blue/${list.id}`, cookie);
    expect(blue.statusCode).toBe(200);
    expect(blue.json()).toMatchObject({ id: group.id, blue_shared_id: list.id, orange_shared_id: null });
    const again = await call('PUT', `/api/group/${group.id}/todolist/blue/${list.id}`, cookie);
    expect(again.json()).toMatchObject({ blue_shared_id: list.id, orange_shared_id: null });
    const orange = await call('PUT', `/api/group/${group.id}/todolist/orange/${second.id}`, cookie);
    expect(orange.json()).toMatchObject({ blue_shared_id: list.id, orange_shared_id: second.id });
    const swapped = await call('PUT', `/api/group/${group.id}/todolist/blue/${second.id}`, cookie);
    expect(swapped.json()).toMatchObject({ blue_shared_id: second.id, orange_shared_id: second.id });
    const reset = await call('PUT', `/api/group/${group.id}/todolist/reset/${list.id}`, cookie);
    expect(reset.json()).toMatchObject({ blue_shared_id: null, orange_shared_id: null });
    expect((await call('PUT', `/api/group/${group.id}/todolist/reset/${list.id}`, cookie)).statusCode).toBe(200);
    expect(await rowsOf(sql`select blue_shared_id, orange_shared_id from groups where id = ${group.id}`)).toEqual([{ blue_shared_id: null, orange_shared_id: null }]);
  });

  it('refuses another teacher\'s list, an unknown colour, and a group that does not exist', async () => {
    const { group, cookie } = await teacherWithList();
    const other = await buildTeacher(db);
    const foreignList = await buildTodolist(db, other.id);
    const res = await call('PUT', `/api/group/${group.id}/todolist/blue/${foreignList.id}`, cookie);
    expect([res.statusCode, res.json().errorCode]).toEqual([403, 'TODOLIST.NOT_YOUR_TODOLIST']);
    const color = await call('PUT', `/api/group/${group.id}/todolist/green/${foreignList.id}`, cookie);
    expect([color.statusCode, color.json().errorCode, color.json().field]).toEqual([400, 'VALIDATION.INVALID_INPUT', 'color']);
    const missing = await call('PUT', `/api/group/00000000-0000-4000-8000-000000000000/todolist/blue/${foreignList.id}`, cookie);
    expect([missing.statusCode, missing.json().errorCode]).toEqual([404, 'GROUP.GROUP_NOT_FOUND']);
    expect(await rowsOf(sql`select blue_shared_id from groups where id = ${group.id}`)).toEqual([{ blue_shared_id: null }]);
  });
});
