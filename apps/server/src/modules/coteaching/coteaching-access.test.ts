import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher, buildTodo, buildTodolist, showTodolist } from '../../test/factories.ts';

/**
 * Issue 34's permission matrix: every route that takes a group or a member id, tried as the
 * group's owner, a co-teacher, a co-teacher whose last day passed, a removed co-teacher, a teacher
 * invited who has not accepted, and another teacher. A co-teacher teaches (sees, awards from its
 * own purse, reviews answers, chats, runs the board and toolkit, reads the report) and changes
 * nothing of the owner's (COTEACHING.OWNER_ONLY); the other four reach nothing.
 */
const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);
const codeOf = (res: { statusCode: number; body: string }) => `${res.statusCode} ${(JSON.parse(res.body || '{}') as { errorCode?: string }).errorCode ?? ''}`.trim();
const day = (offset = 0) => new Date(Date.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);

type Role = 'owner' | 'coteacher' | 'expired' | 'removed' | 'invited' | 'other';
const OUTSIDERS: Role[] = ['expired', 'removed', 'invited', 'other'];

interface World {
  groupId: string;
  memberId: string;
  listId: string;
  todoId: string;
  memberTodoId: string;
  reasonId: string;
  memberCookie: string;
  ids: Record<Role, string>;
  cookies: Record<Role, string>;
}
let w: World;

async function coinsOf(teacherId: string): Promise<number> {
  const [row] = await queryRows<{ coins: number }>(db, sql`select coins from teachers where id = ${teacherId}`);
  return row?.coins ?? -1;
}

// Every test starts from empty tables (test/setup.ts), so each builds the school again.
beforeEach(async () => {
  const teachers = {} as Record<Role, Awaited<ReturnType<typeof buildTeacher>>>;
  for (const role of ['owner', 'coteacher', 'expired', 'removed', 'invited', 'other'] as Role[]) teachers[role] = await buildTeacher(db);
  const cookies = {} as Record<Role, string>;
  for (const role of Object.keys(teachers) as Role[]) cookies[role] = await signIn(app, teachers[role], 'teacher');
  const group = await buildGroup(db, teachers.owner.id);
  const member = await buildMember(db, group.id);
  const list = await buildTodolist(db, teachers.owner.id);
  const todo = await buildTodo(db, list.id, { reward: 2, answertype: 'free' });
  await showTodolist(db, group.id, 'blue', list.id);
  const memberCookie = await signIn(app, member, 'member');
  // The student answers; the answer waits for a teacher.
  const [mine] = (await call('GET', `/api/membertodos?group_id=${group.id}`, memberCookie)).json() as { id: string }[];
  const answered = await call('PUT', '/api/membertodo', memberCookie, { mtodo_id: mine?.id, updates: { member_answer: 'forty-two' } });
  expect(answered.statusCode, answered.body).toBe(200);
  const invite = async (role: Role) =>
    (await call('POST', `/api/group/${group.id}/coteachers`, cookies.owner, { recipient: teachers[role].username, until: day(3) })).json() as { id: string };
  for (const role of ['coteacher', 'expired', 'removed', 'invited'] as Role[]) {
    const invitation = await invite(role);
    if (role !== 'invited') expect((await call('POST', `/api/coteaching/invitations/${invitation.id}/accept`, cookies[role])).statusCode).toBe(200);
  }
  await db.execute(sql`update group_coteachers set until = now() - interval '1 second' where teacher_id = ${teachers.expired.id}`);
  expect((await call('DELETE', `/api/group/${group.id}/coteachers/${teachers.removed.id}`, cookies.owner)).statusCode).toBe(200);
  const reasons = (await call('GET', `/api/group/${group.id}/reasons`, cookies.owner)).json() as { id: string }[];
  const ids = {} as Record<Role, string>;
  for (const role of Object.keys(teachers) as Role[]) ids[role] = teachers[role].id;
  w = { groupId: group.id, memberId: member.id, listId: list.id, todoId: todo.id, memberTodoId: mine?.id ?? '', reasonId: reasons[0]?.id ?? '', memberCookie, ids, cookies };
});

/** What teaching needs: the owner and a co-teacher may, nobody else. */
const teaching: { name: string; request: () => [string, string, object?] }[] = [
  { name: 'the members', request: () => ['GET', `/api/group/${w.groupId}/members`] },
  { name: 'a member', request: () => ['GET', `/api/member/${w.memberId}`] },
  { name: "a member's history", request: () => ['GET', `/api/member/${w.memberId}/history`] },
  { name: 'an award', request: () => ['PUT', '/api/member/coins', { member_id: w.memberId, coins: 1 }] },
  { name: 'a batch award', request: () => ['PUT', '/api/member/coins/batch', { members: [w.memberId], coins: 1 }] },
  { name: 'the reasons', request: () => ['GET', `/api/group/${w.groupId}/reasons`] },
  { name: 'a reason award', request: () => ['PUT', '/api/member/coins', { member_id: w.memberId, reason_id: w.reasonId }] },
  { name: "a small group's todos", request: () => ['GET', `/api/membertodos?group_id=${w.groupId}&color=blue`] },
  { name: "a member's todos", request: () => ['GET', `/api/membertodos?group_id=${w.groupId}&member_id=${w.memberId}`] },
  { name: 'the class grid', request: () => ['GET', `/api/membertodos/grid?group_id=${w.groupId}&color=blue`] },
  { name: 'the group chat', request: () => ['GET', `/api/chat?group_id=${w.groupId}`] },
  { name: 'a private chat', request: () => ['GET', `/api/chat?member_id=${w.memberId}`] },
  { name: 'a chat message', request: () => ['POST', '/api/chat', { group_id: w.groupId, message: 'Hello class' }] },
  { name: 'a chat read', request: () => ['POST', '/api/chat/seen', { member_id: w.memberId }] },
  { name: 'the board', request: () => ['GET', `/api/group/${w.groupId}/board`] },
  { name: 'the toolkit', request: () => ['GET', `/api/group/${w.groupId}/toolkit`] },
  { name: 'a pick', request: () => ['POST', `/api/group/${w.groupId}/pick`, {}] },
  { name: 'teams', request: () => ['POST', `/api/group/${w.groupId}/teams`, { count: 1 }] },
  { name: 'the timer', request: () => ['PUT', `/api/group/${w.groupId}/timer`, { action: 'reset', seconds: 60 }] },
  { name: 'the report', request: () => ['GET', `/api/group/${w.groupId}/report?from=${day(-6)}&to=${day(0)}`] },
  { name: "the group's rewards", request: () => ['GET', `/api/rewards/${w.groupId}`] },
  { name: 'the list the group is shown', request: () => ['GET', `/api/todolist/${w.listId}`] },
  { name: "the shown list's todos", request: () => ['GET', `/api/todos/${w.listId}`] },
];

/** The owner's alone: a co-teacher is told so, the others reach nothing. */
const owning: { name: string; request: () => [string, string, object?] }[] = [
  { name: 'the lock', request: () => ['PUT', `/api/group/${w.groupId}/lock`] },
  { name: 'a new join code', request: () => ['POST', `/api/group/${w.groupId}/join-code`] },
  { name: 'the settings', request: () => ['PUT', `/api/group/${w.groupId}/settings`, { trading_allowed: true }] },
  { name: 'the group', request: () => ['DELETE', `/api/group/${w.groupId}`] },
  { name: 'a rename', request: () => ['PUT', '/api/member/username', { member_id: w.memberId, username: 'Renamed' }] },
  { name: "a member's password", request: () => ['PUT', '/api/member/password', { member_id: w.memberId, password: 'newpass1' }] },
  { name: "a member's small group", request: () => ['PUT', `/api/member/${w.memberId}/smallGroup`] },
  { name: 'a member', request: () => ['DELETE', `/api/member/${w.memberId}`] },
  { name: 'a new reason', request: () => ['POST', `/api/group/${w.groupId}/reasons`, { name: 'Tidy desk', icon: 'helping', coins: 2 }] },
  { name: 'a reason', request: () => ['PUT', `/api/reason/${w.reasonId}`, { coins: 9 }] },
  { name: 'a reason removed', request: () => ['DELETE', `/api/reason/${w.reasonId}`] },
  { name: 'the co-teachers', request: () => ['GET', `/api/group/${w.groupId}/coteachers`] },
  { name: 'a co-teacher invited', request: () => ['POST', `/api/group/${w.groupId}/coteachers`, { recipient: 'nobody_such' }] },
  { name: 'a co-teacher removed', request: () => ['DELETE', `/api/group/${w.groupId}/coteachers/${w.ids.coteacher}`] },
  { name: "a small group's list", request: () => ['PUT', `/api/group/${w.groupId}/todolist/blue/${w.listId}`] },
  { name: 'the reward purchases', request: () => ['GET', `/api/group/${w.groupId}/reward-purchases`] },
  { name: 'badges', request: () => ['POST', `/api/group/${w.groupId}/badges`, {}] },
  { name: 'a class list', request: () => ['POST', `/api/group/${w.groupId}/members`, { usernames: ['Newcomer'] }] },
];

describe('co-teacher permission matrix', () => {
  it('lets the owner and a co-teacher teach; an expired, removed or invited co-teacher and another teacher reach nothing', async () => {
    const refused: string[] = [];
    for (const route of teaching) {
      const [method, url, payload] = route.request();
      for (const role of OUTSIDERS) {
        const res = await call(method as 'GET', url, w.cookies[role], payload);
        if (![403, 404].includes(res.statusCode)) refused.push(`${role} reached ${route.name}: ${codeOf(res)}`);
      }
      for (const role of ['owner', 'coteacher'] as Role[]) {
        const res = await call(method as 'GET', url, w.cookies[role], payload);
        if (res.statusCode >= 300) refused.push(`${role} refused ${route.name}: ${codeOf(res)}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it("refuses a co-teacher the owner's changes with COTEACHING.OWNER_ONLY, and the others with not found or not theirs", async () => {
    const before = await queryRows(db, sql`select name, locked, trading_allowed, join_code from groups where id = ${w.groupId}`);
    const wrong: string[] = [];
    for (const route of owning) {
      const [method, url, payload] = route.request();
      const asCoteacher = codeOf(await call(method as 'GET', url, w.cookies.coteacher, payload));
      if (asCoteacher !== '403 COTEACHING.OWNER_ONLY') wrong.push(`co-teacher, ${route.name}: ${asCoteacher}`);
      for (const role of OUTSIDERS) {
        const res = await call(method as 'GET', url, w.cookies[role], payload);
        if (![403, 404].includes(res.statusCode) || codeOf(res) === '403 COTEACHING.OWNER_ONLY') wrong.push(`${role}, ${route.name}: ${codeOf(res)}`);
      }
    }
    expect(wrong).toEqual([]);
    // The lists are the owner's own, not the group's: a co-teacher reads the one its group is shown, and changes none.
    expect(codeOf(await call('PUT', `/api/todolist/${w.listId}`, w.cookies.coteacher, { name: 'Renamed list' }))).toBe('403 TODOLIST.NOT_YOUR_TODOLIST');
    // Nothing of it happened.
    expect(await queryRows(db, sql`select name, locked, trading_allowed, join_code from groups where id = ${w.groupId}`)).toEqual(before);
    expect(await queryRows(db, sql`select username from members where id = ${w.memberId}`)).toHaveLength(1);
    expect((await call('GET', `/api/group/${w.groupId}/coteachers`, w.cookies.owner)).json()).toContainEqual(expect.objectContaining({ teacher_id: w.ids.coteacher, accepted: true }));
  });

  it("awards from the co-teacher's own purse, and never shows it the owner's", async () => {
    const ownerBefore = await coinsOf(w.ids.owner);
    const mineBefore = await coinsOf(w.ids.coteacher);
    const award = await call('PUT', '/api/member/coins', w.cookies.coteacher, { member_id: w.memberId, coins: 3 });
    expect(award.statusCode, award.body).toBe(200);
    expect(award.json().teacher_coins).toBe(mineBefore - 3);
    expect(await coinsOf(w.ids.coteacher)).toBe(mineBefore - 3);
    expect(await coinsOf(w.ids.owner)).toBe(ownerBefore);
    // Its undo gives the coins back to the co-teacher's purse; the owner cannot undo it.
    expect(codeOf(await call('POST', `/api/award/${award.json().award_id}/undo`, w.cookies.owner))).toBe('404 AWARD.AWARD_NOT_FOUND');
    expect((await call('POST', `/api/award/${award.json().award_id}/undo`, w.cookies.coteacher)).json().teacher_coins).toBe(mineBefore);
    // The student's history names who gave and took back.
    const history = (await call('GET', `/api/member/${w.memberId}/history`, w.memberCookie)).json() as { receivedCoins: { senderName: string }[]; transactions: { recipientName: string }[] };
    const coteacherName = (await queryRows<{ username: string }>(db, sql`select username from teachers where id = ${w.ids.coteacher}`))[0]?.username;
    expect(history.receivedCoins.map((r) => r.senderName)).toContain(coteacherName);
    expect(history.transactions.map((r) => r.recipientName)).toContain(coteacherName);
    // The group as a co-teacher sees it: marked, with its owner's name.
    const groups = (await call('GET', `/api/groups/${w.ids.coteacher}`, w.cookies.coteacher)).json() as { id: string; role: string; owner_username: string | null }[];
    expect(groups.find((g) => g.id === w.groupId)).toMatchObject({ role: 'coteacher', owner_username: expect.any(String) });
    for (const role of OUTSIDERS) {
      const theirs = (await call('GET', `/api/groups/${w.ids[role]}`, w.cookies[role])).json() as { id: string }[];
      expect(theirs.map((g) => g.id)).not.toContain(w.groupId);
    }
  });

  it("approves and sends back answers; the list's reward is the owner's, whose purse the answer does not show", async () => {
    const sent = await call('PUT', `/api/membertodo/${w.memberTodoId}/sendback`, w.cookies.coteacher, { comment: 'Show your working' });
    expect(sent.statusCode, sent.body).toBe(200);
    await call('PUT', '/api/membertodo', w.memberCookie, { mtodo_id: w.memberTodoId, updates: { member_answer: 'forty-two, because' } });
    const ownerBefore = await coinsOf(w.ids.owner);
    const approved = await call('PUT', '/api/membertodo', w.cookies.coteacher, { mtodo_id: w.memberTodoId, updates: { completed: true } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).not.toHaveProperty('teacher_coins');
    expect(approved.json().member_todo).toMatchObject({ completed: true });
    expect(await coinsOf(w.ids.owner)).toBe(ownerBefore - 2);
    for (const role of OUTSIDERS) {
      const res = await call('PUT', '/api/membertodo', w.cookies[role], { mtodo_id: w.memberTodoId, updates: { completed: false } });
      expect(codeOf(res), role).toBe('403 TODO.NOT_YOUR_TODO');
    }
  });

  it("names the co-teacher's chat messages, and lets it delete only its own", async () => {
    const mine = (await call('POST', '/api/chat', w.cookies.coteacher, { group_id: w.groupId, message: 'From the substitute' })).json();
    const owners = (await call('POST', '/api/chat', w.cookies.owner, { group_id: w.groupId, message: 'From the owner' })).json();
    expect(mine).toMatchObject({ teacher_id: w.ids.owner, sender_teacher_id: w.ids.coteacher, send_by: 'teacher' });
    expect(owners).toMatchObject({ teacher_id: w.ids.owner, sender_teacher_id: w.ids.owner });
    // The student sees who wrote each.
    const seen = (await call('GET', `/api/chat?group_id=${w.groupId}`, w.memberCookie)).json().messages as { id: string; sender_username: string }[];
    expect(seen.find((m) => m.id === mine.id)?.sender_username).not.toBe(seen.find((m) => m.id === owners.id)?.sender_username);
    expect(codeOf(await call('DELETE', `/api/chat/${owners.id}`, w.cookies.coteacher))).toBe('403 CHAT.UNAUTHORIZED_USER');
    expect(codeOf(await call('DELETE', `/api/chat/${mine.id}`, w.cookies.removed))).toBe('404 CHAT.MESSAGE_NOT_FOUND');
    expect(codeOf(await call('DELETE', `/api/chat/${mine.id}`, w.cookies.coteacher))).toBe('200');
    // The owner deletes any message of its group.
    const again = (await call('POST', '/api/chat', w.cookies.coteacher, { group_id: w.groupId, message: 'Again' })).json();
    expect(codeOf(await call('DELETE', `/api/chat/${again.id}`, w.cookies.owner))).toBe('200');
  });
});
