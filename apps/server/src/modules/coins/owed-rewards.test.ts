import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { expectBooksBalance } from '../../test/books.ts';
import { buildGroup, buildMember, buildOwedRewardsService, buildTeacher, buildTodo, buildTodolist, giveCoins, showTodolist } from '../../test/factories.ts';
import { eventNames, nextEvent, socketClients } from '../../test/sockets.ts';
import { moveCoins, teacherAccount } from './ledger.repo.ts';

/**
 * Owed rewards (DESIGN.md section 4): what a purse could not pay when a todo was completed is paid,
 * oldest first, whenever the purse has coins again, by whatever brought them; the API suite of
 * member todos covers completions, un-completions and batches, this file the other ways in.
 */
const { app, database } = await buildTestApp();
const db = database.db;
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const clients = socketClients(app, address);
const call = caller(app);

/** A teacher with an empty purse (or `purse`), a group of students with coins, and a list of 10-coin todos shown to them. */
async function classroom(opts: { members?: number; memberCoins?: number; todos?: number; purse?: number } = {}) {
  const memberCoins = opts.memberCoins ?? 0;
  const teacher = await buildTeacher(db, { coins: (opts.purse ?? 0) + (opts.members ?? 2) * memberCoins });
  const group = await buildGroup(db, teacher.id);
  const list = await buildTodolist(db, teacher.id);
  const todos = [];
  for (let i = 0; i < (opts.todos ?? 1); i++) todos.push(await buildTodo(db, list.id, { reward: 10 }));
  await showTodolist(db, group.id, 'blue', list.id);
  const teacherCookie = await signIn(app, teacher, 'teacher');
  const members: (Awaited<ReturnType<typeof buildMember>> & { cookie: string; memberTodoIds: string[] })[] = [];
  for (let i = 0; i < (opts.members ?? 2); i++) {
    const member = await buildMember(db, group.id);
    const cookie = await signIn(app, member, 'member');
    const memberTodos: { id: string }[] = (await call('GET', `/api/membertodos?group_id=${group.id}`, cookie)).json();
    members.push({ ...member, cookie, memberTodoIds: memberTodos.map((mt) => mt.id) });
  }
  // Students hold coins (awarded before the purse ran dry): refunds and deductions bring them back.
  for (const m of members) if (memberCoins > 0) await giveCoins(db, teacher.id, m.id, memberCoins);
  const complete = (m: (typeof members)[number], i = 0) => call('PUT', '/api/membertodo', m.cookie, { mtodo_id: m.memberTodoIds[i], updates: { completed: true } });
  return { teacher, group, list, todos, teacherCookie, members, complete };
}

const owed = async (teacherId: string) =>
  queryRows<{ member_id: string; amount: number; member_todo_id: string | null }>(db, sql`select member_id, amount, member_todo_id from owed_rewards where teacher_id = ${teacherId} order by id`);
const coinsOf = async (table: 'teachers' | 'members', id: string) =>
  (await queryRows<{ coins: number }>(db, sql`select coins from ${sql.raw(table)} where id = ${id}`))[0]?.coins;

describe('owed rewards', () => {
  it('a completion on an empty purse is done and owed; the teacher hears of it live, and no other teacher', async () => {
    const c = await classroom({ members: 1 });
    const other = await buildTeacher(db);
    const teacherSocket = await clients.connect(c.teacherCookie);
    const otherSocket = await clients.connect(await signIn(app, other, 'teacher'));
    const told = nextEvent(teacherSocket, 'teacher-purse-updated');
    const res = await c.complete(c.members[0]!);
    expect([res.statusCode, res.json().member_todo]).toMatchObject([200, { completed: true, reward_collected: 0, reward_owed: 10 }]);
    expect(await told).toEqual({ coins: 0, owed_rewards: 1, owed_coins: 10 });
    await clients.settle(otherSocket);
    expect(eventNames(otherSocket)).toEqual([]);
  });

  it('coins taken back from a student pay the oldest debt first, in part when they do not cover it', async () => {
    const c = await classroom({ members: 3, memberCoins: 8 });
    const [a, b, d] = c.members as [(typeof c.members)[number], (typeof c.members)[number], (typeof c.members)[number]];
    await c.complete(a);
    await c.complete(b);
    expect((await owed(c.teacher.id)).map((o) => [o.member_id, o.amount])).toEqual([
      [a.id, 10],
      [b.id, 10],
    ]);
    const studentSocket = await clients.connect(a.cookie);
    const paidLive = nextEvent(studentSocket, 'teacher-updated-member-todo');
    // 8 coins back from the third student: all to the oldest debt, which stays 2 short.
    const deducted = await call('PUT', '/api/member/coins', c.teacherCookie, { member_id: d.id, coins: -8 });
    expect(deducted.json()).toEqual({ total: 0, teacher_coins: 0, award_id: expect.any(String) });
    expect(await paidLive).toEqual({ mtodo_id: a.memberTodoIds[0], member_coins: 16 });
    expect((await owed(c.teacher.id)).map((o) => [o.member_id, o.amount])).toEqual([
      [a.id, 2],
      [b.id, 10],
    ]);
    expect(await coinsOf('members', a.id)).toBe(16);
    await expectBooksBalance(db);
  });

  it('a deleted student\'s refund pays the others; its own debt goes with it', async () => {
    const c = await classroom({ members: 2, memberCoins: 15 });
    const [a, b] = c.members as [(typeof c.members)[number], (typeof c.members)[number]];
    await c.complete(b);
    await c.complete(a);
    const res = await call('DELETE', `/api/member/${b.id}`, c.teacherCookie);
    expect(res.statusCode).toBeLessThan(300);
    // b's 15 came back; b's own debt went with b; a's 10 were paid.
    expect(await owed(c.teacher.id)).toEqual([]);
    expect(await coinsOf('members', a.id)).toBe(25);
    expect(await coinsOf('teachers', c.teacher.id)).toBe(5);
    await expectBooksBalance(db);
  });

  it('a deleted todo keeps its debt (the student earned it); a changed answer type cancels it', async () => {
    const c = await classroom({ members: 2, memberCoins: 10, todos: 2 });
    const [a, b] = c.members as [(typeof c.members)[number], (typeof c.members)[number]];
    await c.complete(a, 0);
    await c.complete(a, 1);
    expect(await call('DELETE', `/api/todo/${c.todos[0]!.id}`, c.teacherCookie)).toMatchObject({ statusCode: 200 });
    expect((await owed(c.teacher.id)).map((o) => [o.amount, o.member_todo_id])).toEqual([
      [10, null],
      [10, a.memberTodoIds[1]],
    ]);
    const changed = await call('PUT', '/api/todo', c.teacherCookie, { todo_id: c.todos[1]!.id, updates: { answertype: 'free' } });
    expect(changed.statusCode).toBe(200);
    expect((await owed(c.teacher.id)).map((o) => [o.amount, o.member_todo_id])).toEqual([[10, null]]);
    // The debt of the deleted todo is still paid when coins come back.
    await call('PUT', '/api/member/coins', c.teacherCookie, { member_id: b.id, coins: -10 });
    expect(await owed(c.teacher.id)).toEqual([]);
    expect(await coinsOf('members', a.id)).toBe(20);
    await expectBooksBalance(db);
  });

  it('at start-up, a purse left holding coins while it owes pays what it owes', async () => {
    const c = await classroom({ members: 1 });
    await c.complete(c.members[0]!);
    // As if the process died after coins came in and before the debt was paid.
    await moveCoins(db, { from: 'mint', to: teacherAccount(c.teacher.id), amount: 7, reason: 'coin_purchase', actor: 'system', reference: 'pi_test_crash' });
    await buildOwedRewardsService(db).settleAll();
    expect((await owed(c.teacher.id)).map((o) => o.amount)).toEqual([3]);
    expect(await coinsOf('members', c.members[0]!.id)).toBe(7);
    expect(await coinsOf('teachers', c.teacher.id)).toBe(0);
    await expectBooksBalance(db);
  });

  it('20 completions racing on a purse of 25 pay 25 in all and owe the rest, to the coin', async () => {
    const c = await classroom({ members: 20, purse: 25 });
    const answers = await Promise.all(c.members.map((m) => c.complete(m)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const paid = answers.reduce((s, r) => s + (r.json().member_todo.reward_collected as number), 0);
    const stillOwed = (await owed(c.teacher.id)).reduce((s, o) => s + o.amount, 0);
    expect([paid, stillOwed]).toEqual([25, 200 - 25]);
    expect(await coinsOf('teachers', c.teacher.id)).toBe(0);
    await expectBooksBalance(db);
  });
});
