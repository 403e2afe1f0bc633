import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SEND_BACK_COMMENT_MAX_LENGTH } from '@kolikko/core/limits';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, caller, signIn, type Method } from '../../test/build-test-app.ts';
import { expectBooksBalance } from '../../test/books.ts';
import { buildGroup, buildMember, buildTeacher, buildTodo, buildTodolist, showTodolist } from '../../test/factories.ts';
import { eventNames, nextEvent, socketClients } from '../../test/sockets.ts';

/**
 * Issue 14: a teacher sends an open answer back with a comment, reads the class view (students by
 * todos) in one call, and approves every awaiting answer of one todo at once.
 */
const { app, database } = await buildTestApp();
const db = database.db;
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const clients = socketClients(app, address);
const call = caller(app);

interface MT {
  id: string;
  todo_id: string;
  member_id: string;
  completed: boolean;
  reward_collected: number;
  member_answer: string;
  sent_back: boolean;
  sent_back_comment: string;
}

/**
 * A teacher (purse 300) with a blue list: a none (5), a free (10) and a strict (7) todo; `n` blue
 * students named s1..sn, and one orange student. The member todos are made by one teacher read.
 */
async function classroom(n = 3, opts: { purse?: number } = {}) {
  const teacher = await buildTeacher(db, { coins: opts.purse ?? 300 });
  const group = await buildGroup(db, teacher.id);
  const list = await buildTodolist(db, teacher.id);
  const none = await buildTodo(db, list.id, { reward: 5, contentHtml: '<p>Read <b>chapter</b> 3 &amp; 4</p>' });
  const free = await buildTodo(db, list.id, { reward: 10, answertype: 'free', allowMemberImage: true, contentHtml: '<p>Write a poem</p>' });
  const strict = await buildTodo(db, list.id, { reward: 7, answertype: 'strict', answer: 'Helsinki' });
  await showTodolist(db, group.id, 'blue', list.id);
  await showTodolist(db, group.id, 'orange', list.id);
  const students = [];
  for (let i = 1; i <= n; i++) students.push(await buildMember(db, group.id, { username: `s${i}_${group.id.slice(0, 6)}` }));
  const orange = await buildMember(db, group.id);
  await db.execute(sql`update members set small_group = 'orange' where id = ${orange.id}`);
  const teacherCookie = await signIn(app, teacher, 'teacher');
  const all: MT[] = (await call('GET', `/api/membertodos?group_id=${group.id}&color=blue`, teacherCookie)).json();
  const orangeTodos: MT[] = (await call('GET', `/api/membertodos?group_id=${group.id}&color=orange`, teacherCookie)).json();
  const mtOf = (memberId: string, todoId: string) => {
    const found = [...all, ...orangeTodos].find((mt) => mt.member_id === memberId && mt.todo_id === todoId);
    if (!found) throw new Error('member todo missing');
    return found;
  };
  return { teacher, group, list, todos: { none, free, strict }, students, orange, teacherCookie, mtOf };
}

/** A student's answer, written as the student's own PUT would leave it (arranging many students without signing each in). */
async function answered(mtodoId: string, text: string) {
  await db.execute(sql`update member_todos set member_answer = ${text} where id = ${mtodoId}`);
}

async function coinsOf(table: 'teachers' | 'members', id: string) {
  const [row] = await queryRows<{ coins: number }>(db, sql`select coins from ${sql.raw(table)} where id = ${id}`);
  return row?.coins;
}

async function rewardRows(mtodoId: string) {
  return queryRows<{ reason: string; amount: number }>(db, sql`select reason, amount from coin_ledger where reference = ${mtodoId} order by id`);
}

const sendBack = (cookie: string | undefined, mtodoId: string, comment: unknown) => call('PUT', `/api/membertodo/${mtodoId}/sendback`, cookie, { comment });

describe('send an open answer back', () => {
  it('goes back with a trimmed comment: not done, not awaiting, no coins; the student answers again and it awaits the teacher', async () => {
    const c = await classroom(1);
    const [student] = c.students;
    const memberCookie = await signIn(app, student!, 'member');
    const socket = await clients.connect(memberCookie);
    const mt = c.mtOf(student!.id, c.todos.free.id);
    expect((await call('PUT', '/api/membertodo', memberCookie, { mtodo_id: mt.id, updates: { member_answer: 'roses are red' } })).statusCode).toBe(200);

    const told = nextEvent(socket, 'teacher-sent-back-todo');
    const res = await sendBack(c.teacherCookie, mt.id, '  Please rhyme the second line.  ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      member_todo: { id: mt.id, completed: false, sent_back: true, sent_back_comment: 'Please rhyme the second line.', member_answer: 'roses are red' },
      member_coins: 0,
      teacher_coins: 300,
    });
    expect(await told).toEqual({ mtodo_id: mt.id, comment: 'Please rhyme the second line.' });
    expect(await rewardRows(mt.id)).toEqual([]);

    // The student sees it on its task, sent back (not awaiting).
    const mine: MT[] = (await call('GET', `/api/membertodos?group_id=${c.group.id}`, memberCookie)).json();
    expect(mine.find((m) => m.id === mt.id)).toMatchObject({ sent_back: true, sent_back_comment: 'Please rhyme the second line.', completed: false });

    // A new answer clears it: awaiting the teacher again, who approves and pays once.
    const again = await call('PUT', '/api/membertodo', memberCookie, { mtodo_id: mt.id, updates: { member_answer: 'roses are red, violets are blue' } });
    expect(again.json().member_todo).toMatchObject({ sent_back: false, sent_back_comment: '', completed: false });
    const approved = await call('PUT', '/api/membertodo', c.teacherCookie, { mtodo_id: mt.id, updates: { completed: true } });
    expect(approved.json()).toMatchObject({ member_todo: { completed: true, sent_back: false }, member_coins: 10, teacher_coins: 290 });
    await expectBooksBalance(db);
  });

  it('sending the same answer again, or a new picture, also answers again; an approval clears it too', async () => {
    const c = await classroom(1);
    const [student] = c.students;
    const memberCookie = await signIn(app, student!, 'member');
    const mt = c.mtOf(student!.id, c.todos.free.id);
    await call('PUT', '/api/membertodo', memberCookie, { mtodo_id: mt.id, updates: { member_answer: 'essay' } });
    await sendBack(c.teacherCookie, mt.id, '');
    const same = await call('PUT', '/api/membertodo', memberCookie, { mtodo_id: mt.id, updates: { member_answer: 'essay' } });
    expect(same.json().member_todo).toMatchObject({ sent_back: false });

    expect((await sendBack(c.teacherCookie, mt.id, 'once more')).json().member_todo).toMatchObject({ sent_back: true, sent_back_comment: 'once more' });
    // The teacher changes its mind and approves the answer sent back.
    const approved = await call('PUT', '/api/membertodo', c.teacherCookie, { mtodo_id: mt.id, updates: { completed: true } });
    expect(approved.json().member_todo).toMatchObject({ completed: true, sent_back: false, sent_back_comment: '' });
  });

  it('a change of the task\'s answer type forgets what was sent back (the comment was about the old task)', async () => {
    const c = await classroom(1);
    const [student] = c.students;
    const mt = c.mtOf(student!.id, c.todos.free.id);
    await answered(mt.id, 'essay');
    expect((await sendBack(c.teacherCookie, mt.id, 'shorter please')).statusCode).toBe(200);
    for (const answertype of ['strict', 'free']) {
      expect((await call('PUT', '/api/todo', c.teacherCookie, { todo_id: c.todos.free.id, updates: { answertype, answer: 'x' } })).statusCode).toBe(200);
    }
    const [row] = await queryRows<{ sent_back_comment: string | null }>(db, sql`select sent_back_comment from member_todos where id = ${mt.id}`);
    expect(row?.sent_back_comment).toBeNull();
  });

  it('refuses what is not an answer awaiting the teacher, a long comment and control characters, with codes of the catalogue', async () => {
    const c = await classroom(1);
    const [student] = c.students;
    const free = c.mtOf(student!.id, c.todos.free.id);
    const expectError = async (res: Awaited<ReturnType<typeof call>>, status: number, code: string) => expect([res.statusCode, res.json().errorCode]).toEqual([status, code]);

    await expectError(await sendBack(c.teacherCookie, free.id, 'nothing to send back'), 400, 'TODO.UPDATE_FAILED');
    await expectError(await sendBack(c.teacherCookie, c.mtOf(student!.id, c.todos.none.id).id, 'x'), 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS');
    await answered(c.mtOf(student!.id, c.todos.strict.id).id, 'Turku');
    await expectError(await sendBack(c.teacherCookie, c.mtOf(student!.id, c.todos.strict.id).id, 'x'), 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS');
    await answered(free.id, 'my answer');
    await expectError(await sendBack(c.teacherCookie, free.id, 'x'.repeat(SEND_BACK_COMMENT_MAX_LENGTH + 1)), 400, 'VALIDATION.INVALID_INPUT');
    await expectError(await sendBack(c.teacherCookie, free.id, 'bad\u0007bell'), 400, 'VALIDATION.INVALID_INPUT');
    await expectError(await sendBack(c.teacherCookie, free.id, 42), 400, 'VALIDATION.INVALID_INPUT');
    await expectError(await sendBack(c.teacherCookie, 'not-a-uuid', 'x'), 400, 'TODO.INVALID_TODO_ID');
    // A comment of exactly the limit (after trimming) goes.
    expect((await sendBack(c.teacherCookie, free.id, ` ${'x'.repeat(SEND_BACK_COMMENT_MAX_LENGTH)} `)).statusCode).toBe(200);
    // An approved answer is done, not awaiting: it is reverted first, not sent back.
    await call('PUT', '/api/membertodo', c.teacherCookie, { mtodo_id: free.id, updates: { completed: true } });
    await expectError(await sendBack(c.teacherCookie, free.id, 'x'), 400, 'TODO.UPDATE_FAILED');
    // A list withdrawn from the small group: its member todos are gone for changes.
    await call('PUT', '/api/membertodo', c.teacherCookie, { mtodo_id: free.id, updates: { completed: false } });
    await showTodolist(db, c.group.id, 'blue', null);
    await expectError(await sendBack(c.teacherCookie, free.id, 'x'), 404, 'TODO.TODO_NOT_FOUND');
  });
});

describe('class view and approving a whole task: who may call what', () => {
  it('refuses nobody, another teacher, the student itself, a classmate and another group\'s student', async () => {
    const c = await classroom(2);
    const [student, classmate] = c.students;
    const free = c.mtOf(student!.id, c.todos.free.id);
    await answered(free.id, 'an answer');
    const other = await buildTeacher(db);
    const otherCookie = await signIn(app, other, 'teacher');
    const strangerCookie = await signIn(app, await buildMember(db, (await buildGroup(db, other.id)).id), 'member');
    const studentCookie = await signIn(app, student!, 'member');
    const classmateCookie = await signIn(app, classmate!, 'member');

    const routes: [Method, string, object | undefined, string][] = [
      // method, url, body, the other teacher's code
      ['PUT', `/api/membertodo/${free.id}/sendback`, { comment: 'x' }, 'TODO.NOT_YOUR_TODO'],
      ['GET', `/api/membertodos/grid?group_id=${c.group.id}&color=blue`, undefined, 'GROUP.NOT_YOUR_GROUP'],
      ['PUT', '/api/membertodos/approve', { group_id: c.group.id, color: 'blue', todo_id: c.todos.free.id }, 'GROUP.NOT_YOUR_GROUP'],
    ];
    for (const [method, url, body, teacherCode] of routes) {
      const anon = await call(method, url, undefined, body);
      expect([url, anon.statusCode, anon.json().errorCode]).toEqual([url, 401, 'AUTH.NO_AUTH']);
      const stranger = await call(method, url, otherCookie, body);
      expect([url, stranger.statusCode, stranger.json().errorCode]).toEqual([url, 403, teacherCode]);
      for (const cookie of [studentCookie, classmateCookie, strangerCookie]) {
        const res = await call(method, url, cookie, body);
        expect([url, res.statusCode, res.json().errorCode]).toEqual([url, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
      }
    }
    // Nothing changed, nothing was paid.
    const [row] = await queryRows<{ completed: boolean; sent_back_comment: string | null }>(db, sql`select completed, sent_back_comment from member_todos where id = ${free.id}`);
    expect(row).toEqual({ completed: false, sent_back_comment: null });
    expect(await coinsOf('teachers', c.teacher.id)).toBe(300);
  });
});

describe('the class view', () => {
  it("answers a small group's students by the list's todos in one call, each cell its status", async () => {
    const c = await classroom(3);
    const [s1, s2, s3] = c.students;
    const s1Cookie = await signIn(app, s1!, 'member');
    await call('PUT', '/api/membertodo', s1Cookie, { mtodo_id: c.mtOf(s1!.id, c.todos.none.id).id, updates: { completed: true } });
    await call('PUT', '/api/membertodo', s1Cookie, { mtodo_id: c.mtOf(s1!.id, c.todos.free.id).id, updates: { member_answer: 'poem' } });
    await call('PUT', '/api/membertodo', s1Cookie, { mtodo_id: c.mtOf(s1!.id, c.todos.strict.id).id, updates: { member_answer: 'Turku' } });
    await answered(c.mtOf(s2!.id, c.todos.free.id).id, 'poem two');
    await sendBack(c.teacherCookie, c.mtOf(s2!.id, c.todos.free.id).id, 'more');
    await answered(c.mtOf(s3!.id, c.todos.free.id).id, '   ');

    const res = await call('GET', `/api/membertodos/grid?group_id=${c.group.id}&color=blue`, c.teacherCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      todolist_id: c.list.id,
      todos: [
        { id: c.todos.none.id, position: 1, reward: 5, answertype: 'none', title: 'Read chapter 3 & 4' },
        { id: c.todos.free.id, position: 2, reward: 10, answertype: 'free', title: 'Write a poem' },
        { id: c.todos.strict.id, position: 3, reward: 7, answertype: 'strict', title: expect.any(String) },
      ],
      members: [
        { id: s1!.id, username: s1!.username, statuses: ['done', 'awaiting_teacher', 'strict_answered'] },
        { id: s2!.id, username: s2!.username, statuses: ['not_done', 'sent_back', 'not_done'] },
        { id: s3!.id, username: s3!.username, statuses: ['not_done', 'not_done', 'not_done'] },
      ],
    });
    // The orange small group is only its own student; a group without a list shows nothing.
    const orange = (await call('GET', `/api/membertodos/grid?group_id=${c.group.id}&color=orange`, c.teacherCookie)).json();
    expect(orange.members.map((m: { id: string }) => m.id)).toEqual([c.orange.id]);
    await showTodolist(db, c.group.id, 'orange', null);
    expect((await call('GET', `/api/membertodos/grid?group_id=${c.group.id}&color=orange`, c.teacherCookie)).json()).toEqual({ todolist_id: null, todos: [], members: [] });
    const bad = await call('GET', `/api/membertodos/grid?group_id=${c.group.id}&color=green`, c.teacherCookie);
    expect([bad.statusCode, bad.json().errorCode]).toEqual([400, 'VALIDATION.INVALID_INPUT']);
  });

  it('makes the member todos of a student who never opened the list, and shows a todo added later', async () => {
    const c = await classroom(1);
    const late = await buildMember(db, c.group.id, { username: `zz_${c.group.id.slice(0, 6)}` });
    const added = await buildTodo(db, c.list.id, { reward: 1 });
    const grid = (await call('GET', `/api/membertodos/grid?group_id=${c.group.id}&color=blue`, c.teacherCookie)).json();
    expect(grid.todos.map((t: { id: string }) => t.id).at(-1)).toBe(added.id);
    expect(grid.members.find((m: { id: string }) => m.id === late.id).statuses).toEqual(['not_done', 'not_done', 'not_done', 'not_done']);
    const [made] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from member_todos where member_id = ${late.id}`);
    expect(made?.n).toBe(4);
  });
});

describe('approving every awaiting answer of one todo', () => {
  it('pays each awaiting student the reward exactly once, through the ledger, and leaves every other answer alone', async () => {
    const c = await classroom(5);
    const [s1, s2, s3, s4, s5] = c.students;
    const free = (id: string) => c.mtOf(id, c.todos.free.id).id;
    await answered(free(s1!.id), 'a');
    await answered(free(s2!.id), 'b');
    await answered(free(s3!.id), 'c');
    await answered(free(s4!.id), 'sent back');
    await sendBack(c.teacherCookie, free(s4!.id), 'again');
    // s5 has not answered; the orange student's answer is in the other small group.
    await answered(free(c.orange.id), 'orange');
    // s3 was already approved by hand.
    await call('PUT', '/api/membertodo', c.teacherCookie, { mtodo_id: free(s3!.id), updates: { completed: true } });
    const s1Socket = await clients.connect(await signIn(app, s1!, 'member'));
    const s5Socket = await clients.connect(await signIn(app, s5!, 'member'));
    const told = nextEvent(s1Socket, 'teacher-updated-member-todo');

    const res = await call('PUT', '/api/membertodos/approve', c.teacherCookie, { group_id: c.group.id, color: 'blue', todo_id: c.todos.free.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ approved: 2, paid: 20, owed: 0, teacher_coins: 270 });
    // As a single approval: the student's screen can say what was approved and for how much.
    expect(await told).toEqual({ mtodo_id: free(s1!.id), member_coins: 10, outcome: 'approved', title: expect.any(String), coins_change: 10 });

    const states = await queryRows<{ member_id: string; completed: boolean; reward_collected: number }>(
      db,
      sql`select member_id, completed, reward_collected from member_todos where todo_id = ${c.todos.free.id}`,
    );
    const byMember = new Map(states.map((r) => [r.member_id, [r.completed, r.reward_collected]]));
    expect([s1, s2, s3, s4, s5, c.orange].map((m) => byMember.get(m!.id))).toEqual([
      [true, 10],
      [true, 10],
      [true, 10],
      [false, 0],
      [false, 0],
      [false, 0],
    ]);
    for (const m of [s1, s2]) expect(await rewardRows(free(m!.id))).toEqual([{ reason: 'todo_reward', amount: 10 }]);
    expect(await coinsOf('members', s1!.id)).toBe(10);
    expect(await coinsOf('members', s4!.id)).toBe(0);
    expect(await coinsOf('teachers', c.teacher.id)).toBe(270);
    await expectBooksBalance(db);

    // Again: nothing is awaiting any more.
    expect((await call('PUT', '/api/membertodos/approve', c.teacherCookie, { group_id: c.group.id, color: 'blue', todo_id: c.todos.free.id })).json()).toEqual({
      approved: 0,
      paid: 0,
      owed: 0,
      teacher_coins: 270,
    });
    await clients.settle(s5Socket);
    expect(eventNames(s5Socket)).toEqual([]);
  });

  it('run twice at once, pays each student once and keeps the total of coins', async () => {
    const c = await classroom(6);
    for (const s of c.students) await answered(c.mtOf(s.id, c.todos.free.id).id, `answer of ${s.username}`);
    const [before] = await queryRows<{ total: number }>(db, sql`select (select sum(coins) from teachers) + (select sum(coins) from members) as total`);
    const body = { group_id: c.group.id, color: 'blue', todo_id: c.todos.free.id };
    const [a, b] = await Promise.all([call('PUT', '/api/membertodos/approve', c.teacherCookie, body), call('PUT', '/api/membertodos/approve', c.teacherCookie, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().approved + b.json().approved).toBe(6);
    expect(a.json().paid + b.json().paid).toBe(60);
    for (const s of c.students) {
      expect(await rewardRows(c.mtOf(s.id, c.todos.free.id).id)).toEqual([{ reason: 'todo_reward', amount: 10 }]);
      expect(await coinsOf('members', s.id)).toBe(10);
    }
    expect(await coinsOf('teachers', c.teacher.id)).toBe(240);
    const [after] = await queryRows<{ total: number }>(db, sql`select (select sum(coins) from teachers) + (select sum(coins) from members) as total`);
    expect(after?.total).toEqual(before?.total);
    await expectBooksBalance(db);
  });

  it('a purse too small pays what it has and owes the rest, as a single approval would', async () => {
    const c = await classroom(3, { purse: 25 });
    for (const s of c.students) await answered(c.mtOf(s.id, c.todos.free.id).id, 'answer');
    const res = await call('PUT', '/api/membertodos/approve', c.teacherCookie, { group_id: c.group.id, color: 'blue', todo_id: c.todos.free.id });
    expect(res.json()).toEqual({ approved: 3, paid: 25, owed: 5, teacher_coins: 0 });
    const owed = await queryRows<{ amount: number }>(db, sql`select amount from owed_rewards where teacher_id = ${c.teacher.id}`);
    expect(owed.map((r) => r.amount)).toEqual([5]);
    await expectBooksBalance(db);
  });

  it('refuses a todo that is not on the small group\'s list and malformed input, with codes of the catalogue', async () => {
    const c = await classroom(1);
    const elsewhere = await buildTodo(db, (await buildTodolist(db, c.teacher.id)).id, { answertype: 'free' });
    const approve = (body: object) => call('PUT', '/api/membertodos/approve', c.teacherCookie, body);
    const codes = async (body: object) => {
      const res = await approve(body);
      return [res.statusCode, res.json().errorCode];
    };
    expect(await codes({ group_id: c.group.id, color: 'blue', todo_id: elsewhere.id })).toEqual([404, 'TODO.TODO_NOT_FOUND']);
    expect(await codes({ group_id: c.group.id, color: 'blue', todo_id: 'nope' })).toEqual([400, 'TODO.INVALID_TODO_ID']);
    expect(await codes({ group_id: 'nope', color: 'blue', todo_id: c.todos.free.id })).toEqual([400, 'GROUP.INVALID_GROUP_ID']);
    expect(await codes({ group_id: c.group.id, color: 'grey', todo_id: c.todos.free.id })).toEqual([400, 'VALIDATION.INVALID_INPUT']);
    await showTodolist(db, c.group.id, 'blue', null);
    expect(await codes({ group_id: c.group.id, color: 'blue', todo_id: c.todos.free.id })).toEqual([404, 'TODO.TODO_NOT_FOUND']);
  });
});
