import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildReward, buildRewardList, buildTeacher, buildTodo, buildTodolist, giveCoins, showTodolist } from '../../test/factories.ts';
import { startOfUtcDay } from './dashboard.service.ts';

/** Issue 33: GET teacher/dashboard, what waits for the teacher. */
const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);

const dashboard = (cookie: string | undefined, headers: Record<string, string> = {}) => call('GET', '/api/teacher/dashboard', cookie, undefined, headers);

/**
 * A group whose blue small group sees a list of a plain todo (3 coins) and two open-answer todos,
 * and whose orange small group sees none; three students: two blue, one orange.
 */
async function classroom(opts: { purse?: number } = {}) {
  const teacher = await buildTeacher(db, { coins: opts.purse ?? 300 });
  const cookie = await signIn(app, teacher, 'teacher');
  const group = await buildGroup(db, teacher.id, { name: 'Class 4B' });
  const second = await buildGroup(db, teacher.id, { name: 'Class 5A' });
  const list = await buildTodolist(db, teacher.id);
  await buildTodo(db, list.id, { reward: 3 });
  await buildTodo(db, list.id, { answertype: 'free', reward: 2 });
  await buildTodo(db, list.id, { answertype: 'free' });
  await showTodolist(db, group.id, 'blue', list.id);
  const students: (Awaited<ReturnType<typeof buildMember>> & { cookie: string; todos: string[] })[] = [];
  for (let i = 0; i < 2; i++) {
    const member = await buildMember(db, group.id);
    const memberCookie = await signIn(app, member, 'member');
    const todos = (await call('GET', `/api/membertodos?group_id=${group.id}`, memberCookie)).json<{ id: string }[]>();
    students.push({ ...member, cookie: memberCookie, todos: todos.map((t) => t.id) });
  }
  const orange = await buildMember(db, group.id);
  await db.execute(sql`update members set small_group = 'orange' where id = ${orange.id}`);
  const answer = (s: (typeof students)[number], i: number, text: string) => call('PUT', '/api/membertodo', s.cookie, { mtodo_id: s.todos[i], updates: { member_answer: text } });
  const tick = (s: (typeof students)[number], i: number, who = s.cookie) => call('PUT', '/api/membertodo', who, { mtodo_id: s.todos[i], updates: { completed: true } });
  return { teacher, cookie, group, second, list, students, orange, answer, tick };
}

describe('GET teacher/dashboard', () => {
  it('counts, per group, the answers waiting for approval and the rewards to hand out; owed rewards, unread messages and today', async () => {
    const c = await classroom();
    const [alice, bob] = c.students as [(typeof c.students)[number], (typeof c.students)[number]];
    const empty = (await dashboard(c.cookie)).json();
    expect(empty).toEqual({
      groups: [
        { id: c.group.id, name: 'Class 4B', answers_to_approve: 0, rewards_to_hand_out: 0 },
        { id: c.second.id, name: 'Class 5A', answers_to_approve: 0, rewards_to_hand_out: 0 },
      ],
      owed_rewards: { rewards: 0, coins: 0 },
      unread_messages: 0,
      today: { coins_awarded: 0, tasks_done: 0, rewards_bought: 0 },
    });

    // Three open answers: two of Alice's, one of Bob's; a blank answer does not wait.
    expect((await c.answer(alice, 1, 'Helsinki')).statusCode).toBe(200);
    expect((await c.answer(alice, 2, 'Turku')).statusCode).toBe(200);
    expect((await c.answer(bob, 1, 'Tampere')).statusCode).toBe(200);
    expect((await c.answer(bob, 2, '   ')).statusCode).toBe(200);
    // One approved, one sent back: neither waits any more.
    expect((await call('PUT', '/api/membertodo', c.cookie, { mtodo_id: alice.todos[1], updates: { completed: true } })).statusCode).toBe(200);
    expect((await call('PUT', `/api/membertodo/${bob.todos[1]}/sendback`, c.cookie, { comment: 'Again' })).statusCode).toBe(200);
    // Alice ticks the plain todo (3 coins from the purse); the teacher awards Bob 4.
    expect((await c.tick(alice, 0)).statusCode).toBe(200);
    expect((await call('PUT', '/api/member/coins', c.cookie, { member_id: bob.id, coins: 4 })).statusCode).toBeLessThan(300);
    // A reward bought (pending), another bought and given: one to hand out.
    await giveCoins(db, c.teacher.id, alice.id, 10);
    const music = await buildReward(db, c.teacher.id, { name: 'Music', price: 1 });
    const sticker = await buildReward(db, c.teacher.id, { name: 'Sticker', price: 1 });
    await buildRewardList(db, c.teacher.id, { rewardIds: [music.id, sticker.id], publishTo: c.group.id });
    expect((await call('POST', `/api/member/${alice.id}/reward/${music.id}`, alice.cookie, { price: 1 })).statusCode).toBe(201);
    const given = (await call('POST', `/api/member/${alice.id}/reward/${sticker.id}`, alice.cookie, { price: 1 })).json().purchase.id;
    expect((await call('PUT', `/api/reward-purchase/${given}`, c.cookie, { state: 'given' })).statusCode).toBe(200);
    // Two messages from students, one of them seen.
    expect((await call('POST', '/api/chat', alice.cookie, { member_id: alice.id, message: 'Hello' })).statusCode).toBeLessThan(300);
    expect((await call('POST', '/api/chat', bob.cookie, { member_id: bob.id, message: 'Hi' })).statusCode).toBeLessThan(300);
    expect((await call('POST', '/api/chat/seen', c.cookie, { member_id: bob.id })).statusCode).toBeLessThan(300);

    const res = await dashboard(c.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      groups: [
        { id: c.group.id, name: 'Class 4B', answers_to_approve: 1, rewards_to_hand_out: 1 },
        { id: c.second.id, name: 'Class 5A', answers_to_approve: 0, rewards_to_hand_out: 0 },
      ],
      owed_rewards: { rewards: 0, coins: 0 },
      unread_messages: 1,
      // 2 (Alice's approved answer) + 3 (her ticked todo) + 4 (Bob's award); the factory's 10 is an award too.
      today: { coins_awarded: 19, tasks_done: 2, rewards_bought: 2 },
    });
  });

  it('counts owed rewards, and leaves out what happened before today (midnight UTC)', async () => {
    const c = await classroom({ purse: 0 });
    const [alice] = c.students as [(typeof c.students)[number]];
    expect((await c.tick(alice, 0)).statusCode).toBe(200);
    const before = (await dashboard(c.cookie)).json();
    expect(before.owed_rewards).toEqual({ rewards: 1, coins: 3 });
    expect(before.today.tasks_done).toBe(1);
    const yesterday = new Date(startOfUtcDay(new Date()).getTime() - 1000);
    await db.execute(sql`update member_todos set updated_at = ${yesterday.toISOString()}::timestamptz`);
    expect((await dashboard(c.cookie)).json().today.tasks_done).toBe(0);
  });

  it("shows a teacher only its own: another teacher's and a demo teacher's dashboards hold none of it; a student and nobody are refused", async () => {
    const c = await classroom();
    await c.answer(c.students[0]!, 1, 'Helsinki');
    const other = await signIn(app, await buildTeacher(db), 'teacher');
    expect((await dashboard(other)).json()).toMatchObject({ groups: [], unread_messages: 0, today: { coins_awarded: 0, tasks_done: 0, rewards_bought: 0 } });
    const demo = await app.inject({ method: 'POST', url: '/api/demo', payload: { language: 'en' } });
    const demoCookie = `kolikko_demo=${demo.cookies.find((x) => x.name === 'kolikko_demo')?.value ?? ''}`;
    const demoView = await dashboard(demoCookie, { 'x-kolikko-demo-as': 'teacher' });
    expect(demoView.statusCode).toBe(200);
    expect(demoView.json().groups.map((g: { id: string }) => g.id)).not.toContain(c.group.id);
    const student = await dashboard(c.students[0]!.cookie);
    expect([student.statusCode, student.json().errorCode]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
    const nobody = await dashboard(undefined);
    expect([nobody.statusCode, nobody.json().errorCode]).toEqual([401, 'AUTH.NO_AUTH']);
  });
});
