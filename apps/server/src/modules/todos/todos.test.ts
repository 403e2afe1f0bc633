import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { PREDEFINED_TODO_IMAGES } from '@kolikko/core/enumerations';
import { IMAGE_MAX_BYTES, TODOS_PER_LIST_MAX } from '@kolikko/core/limits';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, signIn, caller, type Method } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher, buildTodo, buildTodolist } from '../../test/factories.ts';
import { multipartFile } from '../../test/multipart.ts';

const { app, database } = await buildTestApp();
const db = database.db;

const call = caller(app);
const upload = (url: string, cookie: string | undefined, file: ReturnType<typeof multipartFile>) =>
  app.inject({ method: 'PUT', url, headers: { ...(cookie ? { cookie } : {}), ...file.headers }, payload: file.payload });

async function teacherWithList() {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const list = await buildTodolist(db, teacher.id);
  const cookie = await signIn(app, teacher, 'teacher');
  return { teacher, group, list, cookie };
}

const png = (width = 16, height = 16) => sharp({ create: { width, height, channels: 3, background: '#36c' } }).png().toBuffer();
const positions = async (listId: string) =>
  (await queryRows<{ position: number }>(db, sql`select position from todos where todolist_id = ${listId} order by position`)).map((r) => r.position);
const newTodo = (todolistId: string, html = '<p>Task</p>') => ({ todolist_id: todolistId, content_html: html, content_delta: { ops: [{ insert: 'Task\n' }] } });

describe('todos: who may call what', () => {
  it('refuses nobody, a student and another teacher on every todo route, and changes nothing', async () => {
    const { group, list, cookie } = await teacherWithList();
    const todo = await buildTodo(db, list.id, { reward: 3 });
    const second = await buildTodo(db, list.id);
    await upload(`/api/todos/${todo.id}/image`, cookie, multipartFile(await png()));
    const studentCookie = await signIn(app, await buildMember(db, group.id), 'member');
    const otherCookie = await signIn(app, await buildTeacher(db), 'teacher');

    const routes: [Method, string, object | undefined, string][] = [
      ['GET', `/api/todos/${list.id}`, undefined, 'TODOLIST.NOT_YOUR_TODOLIST'],
      ['POST', '/api/todo', newTodo(list.id), 'TODOLIST.NOT_YOUR_TODOLIST'],
      ['PUT', '/api/todo', { todo_id: todo.id, updates: { reward: 999 } }, 'TODO.NOT_YOUR_TODO'],
      ['DELETE', `/api/todo/${todo.id}`, undefined, 'TODO.NOT_YOUR_TODO'],
      ['PUT', '/api/todos', { todo1: todo.id, todo2: second.id }, 'TODO.NOT_YOUR_TODO'],
      ['PUT', `/api/todos/${todo.id}/image/predefined`, { path: 'star.svg' }, 'TODO.NOT_YOUR_TODO'],
      ['DELETE', `/api/todos/${todo.id}/image`, undefined, 'TODO.NOT_YOUR_TODO'],
    ];
    for (const [method, url, body, otherCode] of routes) {
      const anon = await call(method, url, undefined, body);
      expect([url, anon.statusCode, anon.json().errorCode]).toEqual([url, 401, 'AUTH.NO_AUTH']);
      const student = await call(method, url, studentCookie, body);
      expect([url, student.statusCode, student.json().errorCode]).toEqual([url, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
      const stranger = await call(method, url, otherCookie, body);
      expect([url, stranger.statusCode, stranger.json().errorCode]).toEqual([url, 403, otherCode]);
    }
    const image = multipartFile(await png());
    expect((await upload(`/api/todos/${todo.id}/image`, undefined, image)).json().errorCode).toBe('AUTH.NO_AUTH');
    expect((await upload(`/api/todos/${todo.id}/image`, studentCookie, multipartFile(await png()))).json().errorCode).toBe('PERMISSION.INSUFFICIENT_PERMISSIONS');
    const stranger = await upload(`/api/todos/${todo.id}/image`, otherCookie, multipartFile(await png()));
    expect([stranger.statusCode, stranger.json().errorCode]).toEqual([403, 'TODO.NOT_YOUR_TODO']);

    const rows = await queryRows(db, sql`select t.position, t.reward, i.name is not null as has_image from todos t left join images i on i.todo_id = t.id order by t.position`);
    expect(rows).toEqual([
      { position: 1, reward: 3, has_image: true },
      { position: 2, reward: 0, has_image: false },
    ]);
  });

  it('answers a missing todo with TODO_NOT_FOUND and a malformed id with INVALID_TODO_ID', async () => {
    const { cookie } = await teacherWithList();
    const missing = await call('DELETE', '/api/todo/00000000-0000-4000-8000-000000000000', cookie);
    expect([missing.statusCode, missing.json().errorCode]).toEqual([404, 'TODO.TODO_NOT_FOUND']);
    const malformed = await call('PUT', '/api/todo', cookie, { todo_id: 'x', updates: {} });
    expect([malformed.statusCode, malformed.json().errorCode]).toEqual([400, 'TODO.INVALID_TODO_ID']);
  });
});

describe('todos: create, change, delete, reorder', () => {
  it('appends new todos at the end with the defaults', async () => {
    const { list, cookie } = await teacherWithList();
    const first = await call('POST', '/api/todo', cookie, newTodo(list.id, '<p>One</p>'));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      todolist_id: list.id,
      position: 1,
      content_html: '<p>One</p>',
      content_delta: { ops: [{ insert: 'Task\n' }] },
      reward: 0,
      answertype: 'none',
      answer: '',
      allow_member_image: false,
      imagepath: null,
    });
    const second = await call('POST', '/api/todo', cookie, { ...newTodo(list.id), reward: '12', answertype: 'strict', answer: ' 42 ', allow_member_image: true });
    expect(second.json()).toMatchObject({ position: 2, reward: 12, answertype: 'strict', answer: '42', allow_member_image: true });
    const third = await call('POST', '/api/todo', cookie, { ...newTodo(list.id), answertype: 'strict', answer: '' });
    expect(third.json()).toMatchObject({ position: 3, answertype: 'none' });
    expect((await call('GET', `/api/todos/${list.id}`, cookie)).json().map((t: { position: number }) => t.position)).toEqual([1, 2, 3]);
  });

  it(`refuses a todo past ${TODOS_PER_LIST_MAX} in one list`, async () => {
    const { list, cookie } = await teacherWithList();
    await db.execute(sql`insert into todos (todolist_id, position) select ${list.id}, g from generate_series(1, ${TODOS_PER_LIST_MAX}) g`);
    const res = await call('POST', '/api/todo', cookie, newTodo(list.id));
    expect([res.statusCode, res.json().errorCode]).toEqual([400, 'TODO.UPDATE_FAILED']);
    expect(await positions(list.id)).toHaveLength(TODOS_PER_LIST_MAX);
  });

  it('sanitizes the html on create and on update: no XSS vector survives', async () => {
    const { list, cookie } = await teacherWithList();
    const vectors = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">link</a>',
      '<iframe src="https://evil.example/x"></iframe>',
      '<object data="x.swf"></object><embed src="x.swf">',
      '<svg onload="alert(1)"></svg>',
      '<p style="width: expression(alert(1))" onclick="alert(1)">styled</p>',
    ].join('');
    const created = (await call('POST', '/api/todo', cookie, newTodo(list.id, `<p>ok</p>${vectors}`))).json();
    const updated = (await call('PUT', '/api/todo', cookie, { todo_id: created.id, updates: { content_html: `<p>again</p>${vectors}<iframe class="ql-video" src="https://www.youtube.com/embed/xyz"></iframe>` } })).json();
    const [stored] = await queryRows<{ content_html: string }>(db, sql`select content_html from todos where id = ${created.id}`);
    for (const html of [created.content_html, updated.content_html, stored?.content_html ?? '']) {
      expect(html).not.toMatch(/<script|onerror|onload|onclick|javascript:|evil\.example|<object|<embed|<svg|expression|<img/i);
    }
    expect(created.content_html).toBe('<p>ok</p><a target="_blank" rel="noopener noreferrer">link</a><p>styled</p>');
    expect(updated.content_html).toContain('<iframe class="ql-video" src="https://www.youtube.com/embed/xyz"></iframe>');
  });

  it('changes only what is sent: reward clamped, not a number is 0, strict without an answer is none', async () => {
    const { list, cookie } = await teacherWithList();
    const todo = await buildTodo(db, list.id, { reward: 5, contentHtml: '<p>Keep</p>' });
    const put = async (updates: object) => (await call('PUT', '/api/todo', cookie, { todo_id: todo.id, updates })).json();
    expect(await put({ reward: 5000 })).toMatchObject({ reward: 999, content_html: '<p>Keep</p>' });
    expect((await put({ reward: -4 })).reward).toBe(0);
    expect((await put({ reward: '17' })).reward).toBe(17);
    expect((await put({ reward: 'lots' })).reward).toBe(0);
    expect((await put({ reward: 8.7 })).reward).toBe(8);
    expect((await put({ reward: null })).reward).toBe(0);
    expect(await put({ answertype: 'strict', answer: '   ' })).toMatchObject({ answertype: 'none', answer: '' });
    expect(await put({ answertype: 'strict', answer: ' Oslo ' })).toMatchObject({ answertype: 'strict', answer: 'Oslo' });
    expect(await put({ answer: '' })).toMatchObject({ answertype: 'none', answer: '' });
    expect(await put({ allow_member_image: true, answertype: 'free' })).toMatchObject({ answertype: 'free', allow_member_image: true, content_html: '<p>Keep</p>' });
    const bad = await call('PUT', '/api/todo', cookie, { todo_id: todo.id, updates: { answertype: 'essay' } });
    expect([bad.statusCode, bad.json().errorCode, bad.json().field]).toEqual([400, 'VALIDATION.INVALID_INPUT', 'updates.answertype']);
    expect(await queryRows(db, sql`select reward, answertype, answer, allow_member_image from todos where id = ${todo.id}`)).toEqual([
      { reward: 0, answertype: 'free', answer: '', allow_member_image: true },
    ]);
  });

  it('deletes a todo and renumbers the rest from 1', async () => {
    const { list, cookie } = await teacherWithList();
    const todos = [];
    for (let i = 0; i < 4; i++) todos.push(await buildTodo(db, list.id, { contentHtml: `<p>${i + 1}</p>` }));
    const res = await call('DELETE', `/api/todo/${todos[1]!.id}`, cookie);
    expect(res.json().map((t: { position: number; content_html: string }) => [t.position, t.content_html])).toEqual([
      [1, '<p>1</p>'],
      [2, '<p>3</p>'],
      [3, '<p>4</p>'],
    ]);
    await call('DELETE', `/api/todo/${todos[0]!.id}`, cookie);
    expect(await positions(list.id)).toEqual([1, 2]);
    expect((await call('DELETE', `/api/todo/${todos[0]!.id}`, cookie)).json().errorCode).toBe('TODO.TODO_NOT_FOUND');
  });

  it('swaps two todos of one list, and refuses todos of two lists', async () => {
    const { teacher, list, cookie } = await teacherWithList();
    const a = await buildTodo(db, list.id, { contentHtml: '<p>a</p>' });
    const b = await buildTodo(db, list.id, { contentHtml: '<p>b</p>' });
    const c = await buildTodo(db, list.id, { contentHtml: '<p>c</p>' });
    const res = await call('PUT', '/api/todos', cookie, { todo1: a.id, todo2: c.id });
    expect(res.json().map((t: { content_html: string }) => t.content_html)).toEqual(['<p>c</p>', '<p>b</p>', '<p>a</p>']);
    expect((await call('PUT', '/api/todos', cookie, { todo1: b.id, todo2: b.id })).json()).toHaveLength(3);
    const elsewhere = await buildTodo(db, (await buildTodolist(db, teacher.id)).id);
    const mixed = await call('PUT', '/api/todos', cookie, { todo1: a.id, todo2: elsewhere.id });
    expect([mixed.statusCode, mixed.json().errorCode]).toEqual([400, 'TODO.UPDATE_FAILED']);
    expect(await positions(list.id)).toEqual([1, 2, 3]);
  });

  it('keeps positions 1..n through any sequence of adds, deletes and swaps, some at the same time', async () => {
    const { list, cookie } = await teacherWithList();
    for (let i = 0; i < 3; i++) await buildTodo(db, list.id);
    type Op = { kind: 'add' } | { kind: 'delete'; pick: number } | { kind: 'swap'; a: number; b: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.constant({ kind: 'add' as const }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('swap' as const), a: fc.nat(), b: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }), async (batches) => {
        for (const batch of batches) {
          const ids = (await queryRows<{ id: string }>(db, sql`select id from todos where todolist_id = ${list.id} order by position`)).map((r) => r.id);
          const pick = (n: number) => ids[n % Math.max(ids.length, 1)];
          const results = await Promise.all(
            batch.map((o) => {
              if (o.kind === 'add' || ids.length === 0) return call('POST', '/api/todo', cookie, newTodo(list.id));
              if (o.kind === 'delete') return call('DELETE', `/api/todo/${pick(o.pick)}`, cookie);
              return call('PUT', '/api/todos', cookie, { todo1: pick(o.a), todo2: pick(o.b) });
            }),
          );
          // Racing a delete, a todo may be gone; nothing else may fail.
          for (const r of results) expect(r.statusCode === 404 ? r.json().errorCode : r.statusCode).toSatisfy((x) => x === 200 || x === 201 || x === 'TODO.TODO_NOT_FOUND');
          const now = await positions(list.id);
          expect(now).toEqual(now.map((_, i) => i + 1));
        }
      }),
      { numRuns: 15 },
    );
  });
});

describe('todo images', () => {
  it('stores an uploaded image re-encoded without metadata under a random name, served publicly', async () => {
    const { list, cookie } = await teacherWithList();
    const todo = await buildTodo(db, list.id);
    const photo = await sharp({ create: { width: 30, height: 10, channels: 3, background: '#e33' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '60/1 10/1 0/1' } })
      .toBuffer();
    const res = await upload(`/api/todos/${todo.id}/image`, cookie, multipartFile(photo, 'holiday.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const { imagepath } = res.json();
    expect(imagepath).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(imagepath).not.toContain('holiday');
    const served = await call('GET', `/api/public/todo/${todo.id}/${imagepath}/image`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();

    // A second upload replaces the first; the old name answers 404.
    const again = await upload(`/api/todos/${todo.id}/image`, cookie, multipartFile(await png(), 'x.png'));
    expect(again.json().imagepath).toMatch(/\.png$/);
    expect((await call('GET', `/api/public/todo/${todo.id}/${imagepath}/image`)).json().errorCode).toBe('IMAGE.IMAGE_NOT_FOUND');
    expect(await queryRows(db, sql`select count(*)::int as n from images`)).toEqual([{ n: 1 }]);
  });

  it('refuses a script renamed .png, and a file over 5 MB with 413', async () => {
    const { list, cookie } = await teacherWithList();
    const todo = await buildTodo(db, list.id);
    const fake = await upload(`/api/todos/${todo.id}/image`, cookie, multipartFile(Buffer.from('<script>alert(1)</script>\n#!/bin/sh\nrm -rf /\n'), 'cat.png', 'image/png'));
    expect([fake.statusCode, fake.json().errorCode]).toEqual([400, 'MISC.UPLOAD_FAIL']);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" width="4" height="4"/>');
    const svgRes = await upload(`/api/todos/${todo.id}/image`, cookie, multipartFile(svg, 'cat.png', 'image/png'));
    expect([svgRes.statusCode, svgRes.json().errorCode]).toEqual([400, 'MISC.UPLOAD_FAIL']);
    const big = await upload(`/api/todos/${todo.id}/image`, cookie, multipartFile(Buffer.concat([await png(), Buffer.alloc(IMAGE_MAX_BYTES)])));
    expect([big.statusCode, big.json().errorCode]).toEqual([413, 'IMAGE.TOO_BIG_FILE']);
    const notMultipart = await call('PUT', `/api/todos/${todo.id}/image`, cookie, { file: 'x' });
    expect([notMultipart.statusCode, notMultipart.json().errorCode]).toEqual([400, 'MISC.UPLOAD_FAIL']);
    expect(await queryRows(db, sql`select count(*)::int as n from images`)).toEqual([{ n: 0 }]);
  });

  it('sets a predefined image, removes it, and refuses an unknown one', async () => {
    const { list, cookie } = await teacherWithList();
    const todo = await buildTodo(db, list.id);
    const res = await call('PUT', `/api/todos/${todo.id}/image/predefined`, cookie, { path: 'trophy.svg' });
    const { imagepath } = res.json();
    expect(imagepath).toMatch(/^[0-9a-f]{32}\.svg$/);
    const served = await call('GET', `/api/public/todo/${todo.id}/${imagepath}/image`);
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.body).toContain('<svg');
    const unknown = await call('PUT', `/api/todos/${todo.id}/image/predefined`, cookie, { path: '../../../etc/passwd' });
    expect([unknown.statusCode, unknown.json().errorCode]).toEqual([404, 'IMAGE.IMAGE_NOT_FOUND']);

    const removed = await call('DELETE', `/api/todos/${todo.id}/image`, cookie);
    expect(removed.json().imagepath).toBeNull();
    expect((await call('GET', `/api/public/todo/${todo.id}/${imagepath}/image`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/todos/${todo.id}/image`, cookie)).json().imagepath).toBeNull();
  });

  it('serves every predefined image for the picker, and nothing else', async () => {
    for (const name of PREDEFINED_TODO_IMAGES) {
      const res = await call('GET', `/api/public/predefined-images/${name}`);
      expect([name, res.statusCode, res.headers['content-type']]).toEqual([name, 200, 'image/svg+xml']);
      expect((await sharp(res.rawPayload).metadata()).format).toBe('svg');
    }
    expect((await call('GET', '/api/public/predefined-images/passwd')).json().errorCode).toBe('IMAGE.IMAGE_NOT_FOUND');
  });

  it('answers 404 for an image of another todo or a malformed name', async () => {
    const { list, cookie } = await teacherWithList();
    const a = await buildTodo(db, list.id);
    const b = await buildTodo(db, list.id);
    const { imagepath } = (await call('PUT', `/api/todos/${a.id}/image/predefined`, cookie, { path: 'star.svg' })).json();
    expect((await call('GET', `/api/public/todo/${b.id}/${imagepath}/image`)).json().errorCode).toBe('IMAGE.IMAGE_NOT_FOUND');
    expect((await call('GET', `/api/public/todo/${a.id}/..%2F..%2Fetc%2Fpasswd/image`)).json().errorCode).toBe('IMAGE.IMAGE_NOT_FOUND');
  });
});
