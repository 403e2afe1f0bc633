import { describe, expect, it } from 'vitest';
import type { AppError } from '@kolikko/core/errors';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from '@kolikko/core/limits';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, signIn, caller, type Method } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildOwedRewardsService, buildTeacher, buildTodo, buildTodolist, showTodolist } from '../../test/factories.ts';
import { multipartFile } from '../../test/multipart.ts';
import { ledgerBalance, memberAccount, moveCoins, teacherAccount } from '../coins/ledger.repo.ts';
import { createMemberTodosService, type TodoActor } from './member-todos.service.ts';
import type { TodoEvents } from './todos.events.ts';

const { app, database } = await buildTestApp();
const db = database.db;

const call = caller(app);
const upload = (url: string, cookie: string | undefined, bytes: Buffer, name = 'answer.png') => {
  const file = multipartFile(bytes, name);
  return app.inject({ method: 'PUT', url, headers: { ...(cookie ? { cookie } : {}), ...file.headers }, payload: file.payload });
};
const png = () => sharp({ create: { width: 12, height: 12, channels: 3, background: '#3a3' } }).png().toBuffer();

interface MT {
  id: string;
  todo_id: string;
  member_id: string;
  position: number;
  completed: boolean;
  reward: number;
  reward_collected: number;
  reward_owed: number;
  answertype: string;
  answer: string | null;
  member_answer: string;
  member_image_path: string | null;
  content: string;
}

/** A teacher, a group with a blue list of a none, a free and a strict todo, and a blue student signed in. */
async function classroom(opts: { purse?: number; rewards?: [number, number, number] } = {}) {
  const [r1, r2, r3] = opts.rewards ?? [10, 20, 30];
  const teacher = await buildTeacher(db, { coins: opts.purse ?? 300 });
  const group = await buildGroup(db, teacher.id);
  const list = await buildTodolist(db, teacher.id);
  const none = await buildTodo(db, list.id, { reward: r1 });
  const free = await buildTodo(db, list.id, { reward: r2, answertype: 'free', allowMemberImage: true });
  const strict = await buildTodo(db, list.id, { reward: r3, answertype: 'strict', answer: 'Helsinki' });
  await showTodolist(db, group.id, 'blue', list.id);
  const member = await buildMember(db, group.id);
  const teacherCookie = await signIn(app, teacher, 'teacher');
  const memberCookie = await signIn(app, member, 'member');
  const mine = async (): Promise<MT[]> => (await call('GET', `/api/membertodos?group_id=${group.id}`, memberCookie)).json();
  const [mNone, mFree, mStrict] = await mine();
  if (!mNone || !mFree || !mStrict) throw new Error('member todos missing');
  return { teacher, group, list, todos: { none, free, strict }, member, teacherCookie, memberCookie, mine, mt: { none: mNone, free: mFree, strict: mStrict } };
}

const put = (cookie: string, mtodoId: string, updates: object) => call('PUT', '/api/membertodo', cookie, { mtodo_id: mtodoId, updates });

async function balances(teacherId: string, memberId: string) {
  const [t] = await queryRows<{ coins: number }>(db, sql`select coins from teachers where id = ${teacherId}`);
  const [m] = await queryRows<{ coins: number }>(db, sql`select coins from members where id = ${memberId}`);
  return { teacher: t?.coins, member: m?.coins };
}

/** What a teacher's purse owes, oldest first. */
async function owedRows(teacherId: string) {
  return (await queryRows<{ amount: number }>(db, sql`select amount from owed_rewards where teacher_id = ${teacherId} order by id`)).map((r) => r.amount);
}

async function ledgerOf(mtodoId: string) {
  return queryRows<{ reason: string; amount: number; from_account: string; to_account: string }>(
    db,
    sql`select reason, amount, from_account, to_account from coin_ledger where reference = ${mtodoId} order by id`,
  );
}

/** Every account's stored balance equals its ledger sum, and none is negative. */
async function expectBooksBalance() {
  const rows = await queryRows<{ account: string; coins: number }>(
    db,
    sql`select 'teacher:' || id as account, coins from teachers union all select 'member:' || id, coins from members`,
  );
  for (const r of rows) {
    expect(r.coins).toBeGreaterThanOrEqual(0);
    expect([r.account, await ledgerBalance(db, r.account as `teacher:${string}`)]).toEqual([r.account, r.coins]);
  }
  const [negative] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from member_todos where reward_collected < 0`);
  expect(negative?.n).toBe(0);
}

describe('member todos: who may call what', () => {
  it('refuses nobody, another teacher, a classmate and another group\'s student on every route', async () => {
    const c = await classroom();
    await upload(`/api/membertodo/${c.todos.free.id}/${c.mt.free.id}/image`, c.memberCookie, await png());
    const { member_image_path: path } = (await c.mine())[1]!;
    const classmateCookie = await signIn(app, await buildMember(db, c.group.id), 'member');
    const other = await buildTeacher(db);
    const otherCookie = await signIn(app, other, 'teacher');
    const strangerCookie = await signIn(app, await buildMember(db, (await buildGroup(db, other.id)).id), 'member');

    const routes: [Method, string, object | undefined, string, string][] = [
      // method, url, body, code for another teacher, code for another student
      ['GET', `/api/membertodos?group_id=${c.group.id}&member_id=${c.member.id}`, undefined, 'GROUP.NOT_YOUR_GROUP', 'USER.NOT_YOU'],
      ['PUT', '/api/membertodo', { mtodo_id: c.mt.none.id, updates: { completed: true } }, 'TODO.NOT_YOUR_TODO', 'USER.NOT_YOU'],
      ['DELETE', `/api/membertodo/${c.mt.free.id}/image`, undefined, 'TODO.NOT_YOUR_TODO', 'USER.NOT_YOU'],
      ['GET', `/api/membertodo/${c.mt.free.id}/${path}/image`, undefined, 'TODO.NOT_YOUR_TODO', 'USER.NOT_YOU'],
    ];
    for (const [method, url, body, teacherCode, studentCode] of routes) {
      const anon = await call(method, url, undefined, body);
      expect([url, anon.statusCode, anon.json().errorCode]).toEqual([url, 401, 'AUTH.NO_AUTH']);
      const stranger = await call(method, url, otherCookie, body);
      expect([url, stranger.statusCode, stranger.json().errorCode]).toEqual([url, 403, teacherCode]);
      for (const cookie of [classmateCookie, strangerCookie]) {
        const student = await call(method, url, cookie, body);
        expect([url, student.statusCode, student.json().errorCode]).toEqual([url, 403, studentCode]);
      }
    }
    const imageUrl = `/api/membertodo/${c.todos.free.id}/${c.mt.free.id}/image`;
    expect((await upload(imageUrl, undefined, await png())).json().errorCode).toBe('AUTH.NO_AUTH');
    expect((await upload(imageUrl, c.teacherCookie, await png())).json().errorCode).toBe('PERMISSION.INSUFFICIENT_PERMISSIONS');
    expect((await upload(imageUrl, classmateCookie, await png())).json().errorCode).toBe('USER.NOT_YOU');
    expect((await upload(imageUrl, strangerCookie, await png())).json().errorCode).toBe('USER.NOT_YOU');
    // A teacher asking about a member of another teacher's group through its own group.
    const ownGroupOther = await call('GET', `/api/membertodos?group_id=${(await buildGroup(db, other.id)).id}&member_id=${c.member.id}`, otherCookie);
    expect([ownGroupOther.statusCode, ownGroupOther.json().errorCode]).toEqual([404, 'MEMBER.MEMBER_NOT_FOUND']);

    const after = await c.mine();
    expect(after.map((m) => [m.completed, m.member_image_path === path])).toEqual([[false, false], [false, true], [false, false]]);
    expect(await balances(c.teacher.id, c.member.id)).toEqual({ teacher: 300, member: 0 });
    expect(await queryRows(db, sql`select 1 from coin_ledger where reason like 'todo%'`)).toHaveLength(0);
  });

  it('a student reads only its own todos, of the list its small group is shown', async () => {
    const c = await classroom();
    const res = await call('GET', `/api/membertodos?group_id=${c.group.id}&member_id=${(await buildMember(db, c.group.id)).id}`, c.memberCookie);
    expect([res.statusCode, res.json().errorCode]).toEqual([403, 'USER.NOT_YOU']);
    const teacherOnlyQuery = await call('GET', `/api/membertodos?group_id=${c.group.id}&color=orange`, c.memberCookie);
    expect(teacherOnlyQuery.json().map((m: MT) => m.member_id)).toEqual([c.member.id, c.member.id, c.member.id]);
  });
});

describe('member todos: made on first read, following the list', () => {
  it('gives the blue small group the list\'s todos by position; orange sees nothing; the strict answer never reaches a student', async () => {
    const c = await classroom();
    expect(Object.values(c.mt).map((m) => [m.position, m.answertype, m.reward, m.completed, m.reward_collected, m.member_answer])).toEqual([
      [1, 'none', 10, false, 0, ''],
      [2, 'free', 20, false, 0, ''],
      [3, 'strict', 30, false, 0, ''],
    ]);
    const raw = (await call('GET', `/api/membertodos?group_id=${c.group.id}`, c.memberCookie)).body;
    expect(raw).not.toContain('Helsinki');
    expect(Object.values(c.mt).every((m) => m.answer === null)).toBe(true);
    const wrong = await put(c.memberCookie, c.mt.strict.id, { member_answer: 'Turku' });
    expect(wrong.body).not.toContain('Helsinki');
    expect(wrong.json().member_todo.answer).toBeNull();

    const forTeacher: MT[] = (await call('GET', `/api/membertodos?group_id=${c.group.id}&member_id=${c.member.id}`, c.teacherCookie)).json();
    expect(forTeacher.map((m) => m.answer)).toEqual(['', '', 'Helsinki']);

    const orange = await buildMember(db, c.group.id);
    await call('PUT', `/api/member/${orange.id}/smallGroup`, c.teacherCookie);
    const orangeCookie = await signIn(app, orange, 'member');
    expect((await call('GET', `/api/membertodos?group_id=${c.group.id}`, orangeCookie)).json()).toEqual([]);
  });

  it('reaches todos added, edited and removed later, and a member moved to the other small group', async () => {
    const c = await classroom();
    await call('POST', '/api/todo', c.teacherCookie, { todolist_id: c.list.id, content_html: '<p>New</p>', content_delta: {}, reward: 4 });
    await call('PUT', '/api/todo', c.teacherCookie, { todo_id: c.todos.none.id, updates: { content_html: '<p>Edited</p>', reward: 11 } });
    await call('DELETE', `/api/todo/${c.todos.free.id}`, c.teacherCookie);
    const now = await c.mine();
    expect(now.map((m) => [m.position, m.content, m.reward])).toEqual([
      [1, '<p>Edited</p>', 11],
      [2, expect.any(String), 30],
      [3, '<p>New</p>', 4],
    ]);
    expect(now[0]!.id).toBe(c.mt.none.id);

    const orangeList = await buildTodolist(db, c.teacher.id);
    await buildTodo(db, orangeList.id, { contentHtml: '<p>Orange task</p>' });
    await call('PUT', `/api/group/${c.group.id}/todolist/orange/${orangeList.id}`, c.teacherCookie);
    await call('PUT', `/api/member/${c.member.id}/smallGroup`, c.teacherCookie);
    expect((await c.mine()).map((m) => m.content)).toEqual(['<p>Orange task</p>']);
    // Moved back, its earlier member todos are there again, unchanged.
    await call('PUT', `/api/member/${c.member.id}/smallGroup`, c.teacherCookie);
    expect((await c.mine())[0]!.id).toBe(c.mt.none.id);
  });

  it('a teacher reads a whole small group at once: 30 members x 20 todos in one request', async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const list = await buildTodolist(db, teacher.id);
    await db.execute(sql`insert into todos (todolist_id, position, reward) select ${list.id}, g, g from generate_series(1, 20) g`);
    await db.execute(sql`insert into members (username, group_id, password_hash) select 'bulk_' || g, ${group.id}, 'x' from generate_series(1, 30) g`);
    const cookie = await signIn(app, teacher, 'teacher');
    await call('PUT', `/api/group/${group.id}/todolist/blue/${list.id}`, cookie);

    const started = performance.now();
    const res = await call('GET', `/api/membertodos?group_id=${group.id}&color=blue`, cookie);
    const firstMs = performance.now() - started;
    const all: MT[] = res.json();
    expect(all).toHaveLength(600);
    expect(new Set(all.map((m) => m.member_id)).size).toBe(30);
    expect(all.slice(0, 20).map((m) => m.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await queryRows(db, sql`select count(*)::int as n from member_todos`)).toEqual([{ n: 600 }]);
    const again: MT[] = (await call('GET', `/api/membertodos?group_id=${group.id}&color=blue`, cookie)).json();
    expect(again.map((m) => m.id)).toEqual(all.map((m) => m.id));
    expect(await queryRows(db, sql`select count(*)::int as n from member_todos`)).toEqual([{ n: 600 }]);
    expect(firstMs).toBeLessThan(5000);
    expect((await call('GET', `/api/membertodos?group_id=${group.id}&color=orange`, cookie)).json()).toEqual([]);
    const noColor = await call('GET', `/api/membertodos?group_id=${group.id}`, cookie);
    expect([noColor.statusCode, noColor.json().errorCode, noColor.json().field]).toEqual([400, 'VALIDATION.INVALID_INPUT', 'color']);
  });
});

describe('member todos: completion and coins (spec section 4)', () => {
  it('none: the student completes it (paid from the teacher\'s purse) and un-completes it (taken back)', async () => {
    const c = await classroom();
    const done = await put(c.memberCookie, c.mt.none.id, { completed: true });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ member_todo: { completed: true, reward_collected: 10 }, member_coins: 10 });
    expect(done.json()).not.toHaveProperty('teacher_coins');
    expect(await balances(c.teacher.id, c.member.id)).toEqual({ teacher: 290, member: 10 });
    expect(await ledgerOf(c.mt.none.id)).toEqual([
      { reason: 'todo_reward', amount: 10, from_account: teacherAccount(c.teacher.id), to_account: memberAccount(c.member.id) },
    ]);
    const undone = await put(c.memberCookie, c.mt.none.id, { completed: false });
    expect(undone.json()).toMatchObject({ member_todo: { completed: false, reward_collected: 0 }, member_coins: 0 });
    expect((await ledgerOf(c.mt.none.id)).map((r) => [r.reason, r.amount])).toEqual([
      ['todo_reward', 10],
      ['todo_reward_revoked', 10],
    ]);
    // The teacher toggles it too, and sees its purse in the answer.
    expect((await put(c.teacherCookie, c.mt.none.id, { completed: true })).json()).toMatchObject({ member_coins: 10, teacher_coins: 290 });
    await expectBooksBalance();
  });

  it('free: the student answers (awaiting), cannot mark it done; the teacher approves; editing the answer un-completes it', async () => {
    const c = await classroom();
    const self = await put(c.memberCookie, c.mt.free.id, { completed: true });
    expect([self.statusCode, self.json().errorCode]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
    const answered = await put(c.memberCookie, c.mt.free.id, { member_answer: 'Photosynthesis makes sugar.' });
    expect(answered.json().member_todo).toMatchObject({ completed: false, member_answer: 'Photosynthesis makes sugar.' });
    const forged = await put(c.teacherCookie, c.mt.free.id, { member_answer: 'teacher wrote this' });
    expect([forged.statusCode, forged.json().errorCode]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);

    const approved = await put(c.teacherCookie, c.mt.free.id, { completed: true });
    expect(approved.json()).toMatchObject({ member_todo: { completed: true, reward_collected: 20 }, member_coins: 20, teacher_coins: 280 });
    const undoBySelf = await put(c.memberCookie, c.mt.free.id, { completed: false });
    expect(undoBySelf.json().errorCode).toBe('PERMISSION.INSUFFICIENT_PERMISSIONS');
    const same = await put(c.memberCookie, c.mt.free.id, { member_answer: 'Photosynthesis makes sugar.' });
    expect(same.json().member_todo.completed).toBe(true);
    const edited = await put(c.memberCookie, c.mt.free.id, { member_answer: 'Plants make sugar from light.' });
    expect(edited.json()).toMatchObject({ member_todo: { completed: false, reward_collected: 0 }, member_coins: 0 });
    expect(await balances(c.teacher.id, c.member.id)).toEqual({ teacher: 300, member: 0 });
    await expectBooksBalance();
  });

  it('strict: the right trimmed answer completes it, a different one un-completes it; nobody marks it by hand', async () => {
    const c = await classroom();
    const wrong = await put(c.memberCookie, c.mt.strict.id, { member_answer: 'helsinki' });
    expect(wrong.json()).toMatchObject({ member_todo: { completed: false, member_answer: 'helsinki' }, member_coins: 0 });
    const right = await put(c.memberCookie, c.mt.strict.id, { member_answer: '  Helsinki ' });
    expect(right.json()).toMatchObject({ member_todo: { completed: true, reward_collected: 30 }, member_coins: 30 });
    const again = await put(c.memberCookie, c.mt.strict.id, { member_answer: 'Helsinki' });
    expect(again.json().member_coins).toBe(30);
    expect((await put(c.memberCookie, c.mt.strict.id, { completed: false })).json().errorCode).toBe('PERMISSION.INSUFFICIENT_PERMISSIONS');
    const changed = await put(c.memberCookie, c.mt.strict.id, { member_answer: 'Espoo' });
    expect(changed.json()).toMatchObject({ member_todo: { completed: false }, member_coins: 0 });
    const byHand = await put(c.teacherCookie, c.mt.strict.id, { completed: true });
    expect([byHand.statusCode, byHand.json().errorCode]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
    expect((await ledgerOf(c.mt.strict.id)).map((r) => [r.reason, r.amount])).toEqual([
      ['todo_reward', 30],
      ['todo_reward_revoked', 30],
    ]);
    await expectBooksBalance();
  });

  it('the teacher reverts any completed todo; the take-back never exceeds what the student has, and what stays owed is not paid twice', async () => {
    const c = await classroom();
    await put(c.memberCookie, c.mt.strict.id, { member_answer: 'Helsinki' });
    // The student spends 25 of its 30 coins.
    await moveCoins(db, { from: memberAccount(c.member.id), to: 'sink', amount: 25, reason: 'reward_purchase', actor: memberAccount(c.member.id) });
    const reverted = await put(c.teacherCookie, c.mt.strict.id, { completed: false });
    expect(reverted.json()).toMatchObject({ member_todo: { completed: false, reward_collected: 25 }, member_coins: 0, teacher_coins: 275 });
    const redone = await put(c.memberCookie, c.mt.strict.id, { member_answer: 'Helsinki' });
    expect(redone.json()).toMatchObject({ member_todo: { completed: true, reward_collected: 30 }, member_coins: 5 });
    expect((await ledgerOf(c.mt.strict.id)).map((r) => [r.reason, r.amount])).toEqual([
      ['todo_reward', 30],
      ['todo_reward_revoked', 5],
      ['todo_reward', 5],
    ]);
    await expectBooksBalance();
  });

  it('a purse that cannot pay never refuses a completion: it pays what it has, owes the rest, and pays it when coins come back', async () => {
    const c = await classroom({ purse: 25 });
    const none = await put(c.memberCookie, c.mt.none.id, { completed: true });
    expect(none.json()).toMatchObject({ member_todo: { completed: true, reward_collected: 10, reward_owed: 0 }, member_coins: 10 });
    // 30 for the strict answer, with 15 in the purse: 15 now, 15 on its way.
    const strict = await put(c.memberCookie, c.mt.strict.id, { member_answer: 'Helsinki' });
    expect([strict.statusCode, strict.json()]).toMatchObject([200, { member_todo: { completed: true, reward_collected: 15, reward_owed: 15 }, member_coins: 25 }]);
    await put(c.memberCookie, c.mt.free.id, { member_answer: 'essay' });
    const approve = await put(c.teacherCookie, c.mt.free.id, { completed: true });
    expect([approve.statusCode, approve.json()]).toMatchObject([200, { member_todo: { completed: true, reward_owed: 20 }, teacher_coins: 0 }]);
    expect((await c.mine()).map((m) => [m.completed, m.reward_collected, m.reward_owed])).toEqual([
      [true, 10, 0],
      [true, 0, 20],
      [true, 15, 15],
    ]);
    expect(await owedRows(c.teacher.id)).toEqual([15, 20]);
    await expectBooksBalance();

    // Reverting the none todo brings 10 back to the purse: they pay the oldest debt at once.
    const reverted = await put(c.teacherCookie, c.mt.none.id, { completed: false });
    expect(reverted.statusCode).toBe(200);
    expect(await owedRows(c.teacher.id)).toEqual([5, 20]);
    expect(await balances(c.teacher.id, c.member.id)).toEqual({ teacher: 0, member: 25 });
    // Un-completing an unpaid todo cancels what it owed.
    await put(c.teacherCookie, c.mt.free.id, { completed: false });
    expect(await owedRows(c.teacher.id)).toEqual([5]);
    expect((await c.mine()).map((m) => [m.completed, m.reward_collected, m.reward_owed])).toEqual([
      [false, 0, 0],
      [false, 0, 0],
      [true, 25, 5],
    ]);
    const paid = await queryRows<{ reason: string; amount: number; actor: string }>(
      db,
      sql`select reason, amount, actor from coin_ledger where reference = ${c.mt.strict.id} order by id`,
    );
    expect(paid.map((r) => [r.reason, r.amount, r.actor])).toEqual([
      ['todo_reward', 15, `member:${c.member.id}`],
      ['todo_reward', 10, 'system'],
    ]);
    await expectBooksBalance();
  });

  it('changing a todo\'s answer type un-completes its member todos and takes the rewards back', async () => {
    const c = await classroom();
    const second = await buildMember(db, c.group.id);
    const secondCookie = await signIn(app, second, 'member');
    const secondMt: MT[] = (await call('GET', `/api/membertodos?group_id=${c.group.id}`, secondCookie)).json();
    await put(c.memberCookie, c.mt.none.id, { completed: true });
    await put(secondCookie, secondMt[0]!.id, { completed: true });
    await moveCoins(db, { from: memberAccount(second.id), to: 'sink', amount: 6, reason: 'reward_purchase', actor: memberAccount(second.id) });
    await put(c.memberCookie, c.mt.strict.id, { member_answer: 'Helsinki' });

    // Only the reward changes: nothing is reset.
    await call('PUT', '/api/todo', c.teacherCookie, { todo_id: c.todos.none.id, updates: { reward: 50 } });
    expect((await c.mine())[0]).toMatchObject({ completed: true, reward_collected: 10, reward: 50 });

    const res = await call('PUT', '/api/todo', c.teacherCookie, { todo_id: c.todos.none.id, updates: { answertype: 'free' } });
    expect(res.json().answertype).toBe('free');
    const [mine] = await c.mine();
    expect(mine).toMatchObject({ completed: false, reward_collected: 0, answertype: 'free' });
    const [theirs] = (await call('GET', `/api/membertodos?group_id=${c.group.id}`, secondCookie)).json();
    expect(theirs).toMatchObject({ completed: false, reward_collected: 6 });
    expect(await balances(c.teacher.id, c.member.id)).toEqual({ teacher: 300 - 30 - 10 + 10 - 10 + 4, member: 30 });

    // A new strict answer starts the strict todo over too.
    await call('PUT', '/api/todo', c.teacherCookie, { todo_id: c.todos.strict.id, updates: { answer: 'Tampere' } });
    expect((await c.mine())[2]).toMatchObject({ completed: false, reward_collected: 0, member_answer: 'Helsinki' });
    expect((await put(c.memberCookie, c.mt.strict.id, { member_answer: 'Tampere' })).json().member_todo.completed).toBe(true);
    await expectBooksBalance();
  });

  it('a list no longer shown to the small group earns nothing', async () => {
    const c = await classroom();
    await call('PUT', `/api/group/${c.group.id}/todolist/reset/${c.list.id}`, c.teacherCookie);
    const res = await put(c.memberCookie, c.mt.none.id, { completed: true });
    expect([res.statusCode, res.json().errorCode]).toEqual([404, 'TODO.TODO_NOT_FOUND']);
    expect(await c.mine()).toEqual([]);
    expect(await balances(c.teacher.id, c.member.id)).toEqual({ teacher: 300, member: 0 });
  });

  it('refuses an answer over 2000 characters and an update that is not an object', async () => {
    const c = await classroom();
    const long = await put(c.memberCookie, c.mt.free.id, { member_answer: 'x'.repeat(2001) });
    expect([long.statusCode, long.json().errorCode, long.json().field]).toEqual([400, 'VALIDATION.INVALID_INPUT', 'updates.member_answer']);
    const missing = await put(c.memberCookie, '00000000-0000-4000-8000-000000000000', { completed: true });
    expect([missing.statusCode, missing.json().errorCode]).toEqual([404, 'TODO.TODO_NOT_FOUND']);
  });
});

describe('member todos: a reward is paid once, whatever the timing', () => {
  it('20 parallel completions of one todo pay exactly once', async () => {
    const c = await classroom();
    const results = await Promise.all(Array.from({ length: 20 }, () => put(c.memberCookie, c.mt.none.id, { completed: true })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await ledgerOf(c.mt.none.id)).toHaveLength(1);
    expect(await balances(c.teacher.id, c.member.id)).toEqual({ teacher: 290, member: 10 });
    expect((await c.mine())[0]).toMatchObject({ completed: true, reward_collected: 10 });
    await expectBooksBalance();
  });

  it('20 parallel right strict answers and teacher approvals race: one payment each', async () => {
    const c = await classroom();
    await put(c.memberCookie, c.mt.free.id, { member_answer: 'essay' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? put(c.memberCookie, c.mt.strict.id, { member_answer: 'Helsinki' }) : put(c.teacherCookie, c.mt.free.id, { completed: true }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect((await ledgerOf(c.mt.strict.id)).map((r) => r.amount)).toEqual([30]);
    expect((await ledgerOf(c.mt.free.id)).map((r) => r.amount)).toEqual([20]);
    expect(await balances(c.teacher.id, c.member.id)).toEqual({ teacher: 250, member: 50 });
    await expectBooksBalance();
  });

  it('toggling on and off in parallel, with a type change racing, leaves the books balanced', async () => {
    const c = await classroom();
    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => put(i % 3 === 0 ? c.teacherCookie : c.memberCookie, c.mt.none.id, { completed: i % 2 === 0 })),
      call('PUT', '/api/todo', c.teacherCookie, { todo_id: c.todos.none.id, updates: { answertype: 'free' } }),
    ]);
    for (const r of results) expect([200, 403]).toContain(r.statusCode);
    const [now] = await c.mine();
    const net = (await ledgerOf(c.mt.none.id)).reduce((s, r) => s + (r.reason === 'todo_reward' ? r.amount : -r.amount), 0);
    expect(now!.reward_collected).toBe(net);
    expect(now!.completed ? 10 : 0).toBe(net);
    await expectBooksBalance();
  });
});

describe('member todos: changes that arrive together are written as one batch', () => {
  /** A service of its own, so that changes made in one turn of the event loop surely go in one batch. */
  function batchingService() {
    const sent: { event: string; payload: unknown }[] = [];
    const events: TodoEvents = {
      todosChanged: () => undefined,
      todoUpdated: () => undefined,
      sharedListChanged: () => undefined,
      memberUpdatedTodo: (_groupId, payload) => sent.push({ event: 'member-updated-todo', payload }),
      teacherUpdatedMemberTodo: (_memberId, payload) => sent.push({ event: 'teacher-updated-member-todo', payload }),
      teacherSentBackTodo: (_memberId, payload) => sent.push({ event: 'teacher-sent-back-todo', payload }),
    };
    return { service: createMemberTodosService({ db, events, owedRewards: buildOwedRewardsService(db) }), sent };
  }
  const asMember = (memberId: string): TodoActor => ({ kind: 'member', memberId });
  const asTeacher = (teacherId: string): TodoActor => ({ kind: 'teacher', teacherId });
  const outcomes = async (changes: Promise<unknown>[]) =>
    (await Promise.allSettled(changes)).map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as AppError).code));
  /** The ledger rows of one transaction share its start time: how many transactions wrote these. */
  const transactionsOf = async (mtodoIds: string[]) => {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(distinct at)::int as n from coin_ledger where reference = any(${sql.param(mtodoIds)}::text[])`);
    return row?.n;
  };

  it('decides them one after the other, in arrival order, as if each had been alone', async () => {
    const c = await classroom();
    const { service, sent } = batchingService();
    const results = await outcomes([
      service.update(asMember(c.member.id), c.mt.none.id, { completed: true }),
      service.update(asTeacher(c.teacher.id), c.mt.none.id, { completed: false }),
      service.update(asMember(c.member.id), c.mt.none.id, { completed: true }),
      service.update(asMember(c.member.id), c.mt.strict.id, { member_answer: ' Helsinki ' }),
      service.update(asMember(c.member.id), c.mt.free.id, { completed: true }),
    ]);
    expect(results).toMatchObject([
      { member_todo: { completed: true, reward_collected: 10 }, member_coins: 10 },
      { member_todo: { completed: false, reward_collected: 0 }, member_coins: 0, teacher_coins: 300 },
      { member_todo: { completed: true, reward_collected: 10 }, member_coins: 10 },
      { member_todo: { completed: true, reward_collected: 30, member_answer: ' Helsinki ' }, member_coins: 40 },
      'PERMISSION.INSUFFICIENT_PERMISSIONS',
    ]);
    expect((await ledgerOf(c.mt.none.id)).map((r) => [r.reason, r.amount])).toEqual([
      ['todo_reward', 10],
      ['todo_reward_revoked', 10],
      ['todo_reward', 10],
    ]);
    expect(await transactionsOf([c.mt.none.id, c.mt.strict.id])).toBe(1);
    expect(await balances(c.teacher.id, c.member.id)).toEqual({ teacher: 260, member: 40 });
    expect((await c.mine()).map((m) => [m.completed, m.reward_collected])).toEqual([
      [true, 10],
      [false, 0],
      [true, 30],
    ]);
    // Each change is told as it was made, with the balance right after it; the teacher's to the
    // student and to the group's teachers (its other tabs).
    expect(sent.map((e) => [e.event, (e.payload as { member_coins: number }).member_coins])).toEqual([
      ['member-updated-todo', 10],
      ['teacher-updated-member-todo', 0],
      ['member-updated-todo', 0],
      ['member-updated-todo', 10],
      ['member-updated-todo', 40],
    ]);
    await expectBooksBalance();
  });

  it('pays from the purse as far as it goes: a completion that finds it short owes the rest, paid when coins come back', async () => {
    const c = await classroom({ purse: 25, rewards: [10, 20, 10] });
    const classmate = await buildMember(db, c.group.id);
    const classmateCookie = await signIn(app, classmate, 'member');
    const [theirs] = (await call('GET', `/api/membertodos?group_id=${c.group.id}`, classmateCookie)).json() as MT[];
    const { service } = batchingService();
    const results = await outcomes([
      service.update(asMember(c.member.id), c.mt.none.id, { completed: true }), // purse 15
      service.update(asMember(classmate.id), theirs!.id, { completed: true }), // purse 5
      service.update(asMember(c.member.id), c.mt.strict.id, { member_answer: 'Helsinki' }), // 10 > 5: 5 paid, 5 owed
      service.update(asMember(c.member.id), c.mt.none.id, { completed: false }), // 10 back: purse 10
      service.update(asMember(c.member.id), c.mt.strict.id, { member_answer: 'Helsinki' }), // already done: nothing moves
    ]);
    expect(results).toMatchObject([
      { member_coins: 10 },
      { member_coins: 10 },
      { member_coins: 15, member_todo: { completed: true, reward_collected: 5, reward_owed: 5 } },
      { member_coins: 5 },
      { member_coins: 5 },
    ]);
    // The batch is one transaction; the debt was paid from the coins that came back in a second one.
    expect(await transactionsOf([c.mt.none.id, theirs!.id, c.mt.strict.id])).toBe(2);
    expect(await owedRows(c.teacher.id)).toEqual([]);
    expect(await balances(c.teacher.id, c.member.id)).toEqual({ teacher: 5, member: 10 });
    expect((await c.mine()).map((m) => [m.completed, m.reward_collected, m.reward_owed, m.member_answer])).toEqual([
      [false, 0, 0, ''],
      [false, 0, 0, ''],
      [true, 10, 0, 'Helsinki'],
    ]);
    await expectBooksBalance();
  });

  it("refuses another's member todo, an unknown one and a withdrawn list's in the batch, and writes the rest", async () => {
    const c = await classroom();
    const other = await classroom();
    const { service } = batchingService();
    const results = await outcomes([
      service.update(asMember(c.member.id), other.mt.none.id, { completed: true }),
      service.update(asTeacher(other.teacher.id), c.mt.none.id, { completed: true }),
      service.update(asMember(c.member.id), '00000000-0000-4000-8000-000000000000', { completed: true }),
      service.update(asMember(c.member.id), c.mt.none.id, { completed: true }),
    ]);
    expect(results).toMatchObject(['USER.NOT_YOU', 'TODO.NOT_YOUR_TODO', 'TODO.TODO_NOT_FOUND', { member_coins: 10 }]);
    expect(await balances(other.teacher.id, other.member.id)).toEqual({ teacher: 300, member: 0 });
    expect(await balances(c.teacher.id, c.member.id)).toEqual({ teacher: 290, member: 10 });
    await showTodolist(db, c.group.id, 'blue', null);
    expect(await outcomes([service.update(asMember(c.member.id), c.mt.none.id, { completed: false })])).toEqual(['TODO.TODO_NOT_FOUND']);
    await expectBooksBalance();
  });

  it('stores every answer exactly as given, whatever characters it holds', async () => {
    const c = await classroom();
    const others = await Promise.all([1, 2, 3, 4].map(() => buildMember(db, c.group.id)));
    const cookies = await Promise.all(others.map((m) => signIn(app, m, 'member')));
    const frees = await Promise.all(cookies.map(async (cookie) => ((await call('GET', `/api/membertodos?group_id=${c.group.id}`, cookie)).json() as MT[])[1]!));
    const answers = ['a,b "c" {d} \\e\'f', 'NULL', '', '  väli  \n rivi 🙂', '{}'];
    const { service } = batchingService();
    const results = await outcomes([
      service.update(asMember(c.member.id), c.mt.free.id, { member_answer: answers[0] }),
      ...others.map((m, i) => service.update(asMember(m.id), frees[i]!.id, { member_answer: answers[i + 1] })),
    ]);
    expect(results.map((r) => (r as { member_todo: MT }).member_todo.member_answer)).toEqual(answers);
    const ids = sql.param([c.mt.free.id, ...frees.map((f) => f.id)]);
    const stored = await queryRows<{ member_answer: string }>(db, sql`select member_answer from member_todos where id = any(${ids}::uuid[]) order by array_position(${ids}::uuid[], id)`);
    expect(stored.map((r) => r.member_answer)).toEqual(answers);
  });
});

describe('member todos: answer images', () => {
  it('the student attaches an image where allowed; it and its teacher can see it; a new image re-opens a completed free todo', async () => {
    const c = await classroom();
    const res = await upload(`/api/membertodo/${c.todos.free.id}/${c.mt.free.id}/image`, c.memberCookie, await png(), 'me.png');
    expect(res.statusCode).toBe(200);
    const path: string = res.json().member_todo.member_image_path;
    expect(path).toMatch(/^[0-9a-f]{32}\.png$/);
    for (const cookie of [c.memberCookie, c.teacherCookie]) {
      const seen = await call('GET', `/api/membertodo/${c.mt.free.id}/${path}/image`, cookie);
      expect([seen.statusCode, seen.headers['content-type'], seen.headers['cache-control']]).toEqual([200, 'image/png', 'private, max-age=31536000, immutable']);
    }
    expect((await call('GET', `/api/public/todo/${c.todos.free.id}/${path}/image`)).statusCode).toBe(404);

    await put(c.teacherCookie, c.mt.free.id, { completed: true });
    const replaced = await upload(`/api/membertodo/${c.todos.free.id}/${c.mt.free.id}/image`, c.memberCookie, await png());
    expect(replaced.json()).toMatchObject({ member_todo: { completed: false, reward_collected: 0 }, member_coins: 0 });
    expect((await call('GET', `/api/membertodo/${c.mt.free.id}/${path}/image`, c.memberCookie)).json().errorCode).toBe('IMAGE.IMAGE_NOT_FOUND');

    // The teacher removes it without touching completion; the student removing it re-opens the todo.
    await put(c.teacherCookie, c.mt.free.id, { completed: true });
    const byTeacher = await call('DELETE', `/api/membertodo/${c.mt.free.id}/image`, c.teacherCookie);
    expect(byTeacher.json()).toMatchObject({ member_todo: { completed: true, member_image_path: null }, member_coins: 20 });
    await upload(`/api/membertodo/${c.todos.free.id}/${c.mt.free.id}/image`, c.memberCookie, await png());
    await put(c.teacherCookie, c.mt.free.id, { completed: true });
    const bySelf = await call('DELETE', `/api/membertodo/${c.mt.free.id}/image`, c.memberCookie);
    expect(bySelf.json()).toMatchObject({ member_todo: { completed: false, member_image_path: null }, member_coins: 0 });
    expect(await queryRows(db, sql`select count(*)::int as n from images`)).toEqual([{ n: 0 }]);
    await expectBooksBalance();
  });

  it('refuses an image where the todo takes none, a fake image, one over 5 MB, and a todo id that does not match', async () => {
    const c = await classroom();
    const base = `/api/membertodo/${c.todos.free.id}/${c.mt.free.id}/image`;
    const notAllowed = await upload(`/api/membertodo/${c.todos.none.id}/${c.mt.none.id}/image`, c.memberCookie, await png());
    expect([notAllowed.statusCode, notAllowed.json().errorCode]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
    const fake = await upload(base, c.memberCookie, Buffer.from('#!/bin/sh\necho pwned\n'), 'cat.png');
    expect([fake.statusCode, fake.json().errorCode]).toEqual([400, 'MISC.UPLOAD_FAIL']);
    const big = await upload(base, c.memberCookie, Buffer.concat([await png(), Buffer.alloc(IMAGE_MAX_BYTES)]));
    expect([big.statusCode, big.json().errorCode]).toEqual([413, 'IMAGE.TOO_BIG_FILE']);
    const mismatch = await upload(`/api/membertodo/${c.todos.strict.id}/${c.mt.free.id}/image`, c.memberCookie, await png());
    expect([mismatch.statusCode, mismatch.json().errorCode]).toEqual([404, 'TODO.TODO_NOT_FOUND']);
    expect(await queryRows(db, sql`select count(*)::int as n from images`)).toEqual([{ n: 0 }]);
  });
});
