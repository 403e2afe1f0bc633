import { describe, expect, it } from 'vitest';
import { buildTestApp, signIn, caller } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher, buildTodo, buildTodolist } from '../../test/factories.ts';
import { eventNames, nextEvent, socketClients } from '../../test/sockets.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const clients = socketClients(app, address);

const call = caller(app);

/** Issue 14, the student's side: what the student is told live of its teacher's decisions. */
describe('lesson flow live events to the student', () => {
  it("a group's trading switch reaches its members at once, and no other group's", async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const member = await buildMember(db, group.id);
    const stranger = await buildMember(db, (await buildGroup(db, teacher.id)).id);
    const teacherCookie = await signIn(app, teacher, 'teacher');
    const memberSocket = await clients.connect(await signIn(app, member, 'member'));
    const strangerSocket = await clients.connect(await signIn(app, stranger, 'member'));

    const on = nextEvent(memberSocket, 'teacher-updated-group-settings');
    await call('PUT', `/api/group/${group.id}/settings`, teacherCookie, { trading_allowed: true });
    expect(await on).toEqual({ group_id: group.id, trading_allowed: true });
    const off = nextEvent(memberSocket, 'teacher-updated-group-settings');
    await call('PUT', `/api/group/${group.id}/settings`, teacherCookie, { trading_allowed: false });
    expect(await off).toEqual({ group_id: group.id, trading_allowed: false });
    await clients.settle(strangerSocket);
    expect(eventNames(strangerSocket)).toEqual([]);
  });

  it("a group created with trading allowed allows it; the flag is checked", async () => {
    const teacher = await buildTeacher(db);
    const cookie = await signIn(app, teacher, 'teacher');
    const created = await call('POST', '/api/group', cookie, { id: teacher.id, group_name: 'Traders', trading_allowed: true });
    expect([created.statusCode, created.json().trading_allowed]).toEqual([201, true]);
    const plain = await call('POST', '/api/group', cookie, { id: teacher.id, group_name: 'Savers' });
    expect(plain.json().trading_allowed).toBe(false);
    const bad = await call('POST', '/api/group', cookie, { id: teacher.id, group_name: 'Oddballs', trading_allowed: 'yes' });
    expect([bad.statusCode, bad.json().errorCode]).toEqual([400, 'VALIDATION.INVALID_INPUT']);
  });

  it("the student hears its teacher's approval with the task's title and coins, and an award with its amount", async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const list = await buildTodolist(db, teacher.id);
    await buildTodo(db, list.id, { reward: 10, answertype: 'free', contentHtml: '<h2>Fractions 3</h2><p>Add 1/2 and 1/3.</p>' });
    const member = await buildMember(db, group.id);
    const teacherCookie = await signIn(app, teacher, 'teacher');
    const memberCookie = await signIn(app, member, 'member');
    await call('PUT', `/api/group/${group.id}/todolist/blue/${list.id}`, teacherCookie);
    const [mt] = (await call('GET', `/api/membertodos?group_id=${group.id}`, memberCookie)).json();
    await call('PUT', '/api/membertodo', memberCookie, { mtodo_id: mt.id, updates: { member_answer: '5/6' } });
    const socket = await clients.connect(memberCookie);

    const approved = nextEvent(socket, 'teacher-updated-member-todo');
    await call('PUT', '/api/membertodo', teacherCookie, { mtodo_id: mt.id, updates: { completed: true } });
    expect(await approved).toMatchObject({ mtodo_id: mt.id, member_coins: 10, outcome: 'approved', title: 'Fractions 3 Add 1/2 and 1/3.', coins_change: 10 });

    const gave = nextEvent(socket, 'teacher-gave-coins');
    const given = (await call('PUT', '/api/member/coins', teacherCookie, { member_id: member.id, coins: 5 })).json().award_id;
    expect(await gave).toEqual({ member_id: member.id, coins: 15, amount: 5, award_id: given });
    const took = nextEvent(socket, 'teacher-gave-coins');
    const taken = (await call('PUT', '/api/member/coins', teacherCookie, { member_id: member.id, coins: -3 })).json().award_id;
    expect(await took).toEqual({ member_id: member.id, coins: 12, amount: -3, award_id: taken });
  });
});
