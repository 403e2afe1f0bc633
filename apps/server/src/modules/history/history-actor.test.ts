import { describe, expect, it } from 'vitest';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildOwedRewardsService, buildTeacher, buildTodo, buildTodolist, showTodolist } from '../../test/factories.ts';
import { moveCoins, teacherAccount } from '../coins/ledger.repo.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);

interface Actor {
  kind: 'member' | 'teacher' | 'system';
  name: string | null;
}
interface Entry {
  kind: string;
  todoTitle: string | null;
  price: number;
  actor?: Actor;
  autoChecked?: boolean;
}

/**
 * Issue 33, stumble 3: a task's coins say who did what (the ledger's actor), not the teacher for
 * everything: the student who ticked a task, the server that checked an exact answer, the teacher
 * who approved an open answer or reopened a task.
 */
describe('history: who did what', () => {
  it('names the student for a ticked task, the check for an exact answer, the teacher for an approval and a reopening', async () => {
    const teacher = await buildTeacher(db, { username: `actor_${Date.now().toString(36).slice(-5)}` });
    const group = await buildGroup(db, teacher.id);
    const member = await buildMember(db, group.id);
    const cookie = await signIn(app, teacher, 'teacher');
    const memberCookie = await signIn(app, member, 'member');
    const list = await buildTodolist(db, teacher.id);
    await buildTodo(db, list.id, { reward: 1, contentHtml: '<p>Tidy your desk</p>' });
    await buildTodo(db, list.id, { reward: 2, answertype: 'strict', answer: '3/4', contentHtml: '<p>What is 1/2 + 1/4?</p>' });
    await buildTodo(db, list.id, { reward: 3, answertype: 'free', contentHtml: '<p>Write a poem</p>' });
    await buildTodo(db, list.id, { reward: 4, contentHtml: '<p>Water the plants</p>' });
    await showTodolist(db, group.id, 'blue', list.id);

    const mts: { id: string; position: number }[] = (await call('GET', `/api/membertodos?group_id=${group.id}`, memberCookie)).json();
    const [desk, sum, poem, plants] = mts.sort((a, b) => a.position - b.position).map((mt) => mt.id);
    const put = async (who: string | undefined, id: string | undefined, updates: object) => {
      const res = await call('PUT', '/api/membertodo', who, { mtodo_id: id, updates });
      expect(res.statusCode, res.body).toBe(200);
    };
    await put(memberCookie, desk, { completed: true });
    await put(memberCookie, sum, { member_answer: '3/4' });
    await put(memberCookie, poem, { member_answer: 'Roses are red' });
    await put(cookie, poem, { completed: true });
    await put(cookie, plants, { completed: true });
    await put(cookie, plants, { completed: false });
    await put(memberCookie, desk, { completed: false });

    for (const viewer of [memberCookie, cookie]) {
      const res = await call('GET', `/api/member/${member.id}/history`, viewer);
      expect(res.statusCode).toBe(200);
      const h: { receivedCoins: Entry[]; transactions: Entry[] } = res.json();
      const shown = (e: Entry) => [e.kind, e.todoTitle, e.price, e.actor, e.autoChecked];
      expect(h.receivedCoins.map(shown)).toEqual([
        ['todo_reward', 'Water the plants', 4, { kind: 'teacher', name: teacher.username }, false],
        ['todo_reward', 'Write a poem', 3, { kind: 'teacher', name: teacher.username }, false],
        ['todo_reward', 'What is 1/2 + 1/4?', 2, { kind: 'member', name: member.username }, true],
        ['todo_reward', 'Tidy your desk', 1, { kind: 'member', name: member.username }, false],
      ]);
      expect(h.transactions.map(shown)).toEqual([
        ['todo_reward_revoked', 'Tidy your desk', 1, { kind: 'member', name: member.username }, false],
        ['todo_reward_revoked', 'Water the plants', 4, { kind: 'teacher', name: teacher.username }, false],
      ]);
    }
  });

  it('says the system paid an owed reward once the purse had coins', async () => {
    const teacher = await buildTeacher(db, { username: `owed_${Date.now().toString(36).slice(-5)}`, coins: 0 });
    const group = await buildGroup(db, teacher.id);
    const member = await buildMember(db, group.id);
    const memberCookie = await signIn(app, member, 'member');
    const list = await buildTodolist(db, teacher.id);
    await buildTodo(db, list.id, { reward: 5, contentHtml: '<p>Read a book</p>' });
    await showTodolist(db, group.id, 'blue', list.id);
    const [mt] = (await call('GET', `/api/membertodos?group_id=${group.id}`, memberCookie)).json();
    expect((await call('PUT', '/api/membertodo', memberCookie, { mtodo_id: mt.id, updates: { completed: true } })).statusCode).toBe(200);
    // The purse was empty: the reward is owed, and paid by the system when coins arrive.
    await moveCoins(db, { from: 'mint', to: teacherAccount(teacher.id), amount: 10, reason: 'starter_coins', actor: 'system' });
    await buildOwedRewardsService(db).settle(teacher.id);
    const h: { receivedCoins: Entry[] } = (await call('GET', `/api/member/${member.id}/history`, memberCookie)).json();
    expect(h.receivedCoins.map((e) => [e.kind, e.price, e.actor, e.autoChecked])).toEqual([['todo_reward', 5, { kind: 'system', name: null }, false]]);
  });
});
