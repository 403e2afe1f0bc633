import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TDemo } from '@kolikko/core/schemas/demo';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/reset.ts';
import { expectBooksBalance } from '../../test/books.ts';
import { buildTestApp, signIn } from '../../test/build-test-app.ts';
import { multipartFile } from '../../test/multipart.ts';
import { buildGroup, buildMember, buildReward, buildRewardList, buildTeacher, buildTodo, buildTodolist, showTodolist } from '../../test/factories.ts';
import { DEMO_REFUSED_ROUTES } from './demo.routes.ts';
import { DEMO_PURSE, DEMO_PURSE_LOW } from './demo.service.ts';

let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  const t = await buildTestApp();
  app = t.app;
  db = t.database.db;
});

interface Demo {
  cookie: string;
  body: TDemo;
  as: (who: 'teacher' | number) => (opts: InjectOptions) => Promise<LightMyRequestResponse>;
}

async function startDemo(opts: { language?: TDemo['language']; ip?: string; cookie?: string } = {}): Promise<Demo> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/demo',
    payload: opts.language ? { language: opts.language } : {},
    remoteAddress: opts.ip,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(201);
  const c = res.cookies.find((x) => x.name === 'kolikko_demo');
  if (!c) throw new Error('no demo cookie');
  const cookie = `kolikko_demo=${c.value}`;
  const body = res.json<TDemo>();
  return {
    cookie,
    body,
    as: (who) => (o) => {
      const header = who === 'teacher' ? 'teacher' : `member:${body.students[who]?.id ?? ''}`;
      return app.inject({ ...o, headers: { ...(o.headers ?? {}), cookie, 'x-kolikko-demo-as': header } });
    },
  };
}

async function demoTeacher(d: Demo) {
  const res = await d.as('teacher')({ method: 'GET', url: '/api/checkStatus' });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string; username: string; coins: number; demo?: boolean; admin: boolean }>();
}

async function demoGroupId(d: Demo): Promise<string> {
  const me = await demoTeacher(d);
  const res = await d.as('teacher')({ method: 'GET', url: `/api/groups/${me.id}` });
  const [group] = res.json<{ id: string }[]>();
  if (!group) throw new Error('demo has no group');
  return group.id;
}

describe('POST /api/demo', () => {
  it('seeds a classroom of its own: a teacher, five students in blue and orange, a list with a none, a free and a strict task, rewards, history and chat', async () => {
    const d = await startDemo({ language: 'fi' });
    expect(d.body.language).toBe('fi');
    expect(d.body.students.map((s) => s.name)).toEqual(['Aino', 'Eetu', 'Helmi', 'Onni', 'Venla']);
    expect(new Set(d.body.students.map((s) => s.small_group))).toEqual(new Set(['blue', 'orange']));

    const me = await demoTeacher(d);
    expect(me).toMatchObject({ admin: true, demo: true });
    const groupId = await demoGroupId(d);

    const members = (await d.as('teacher')({ method: 'GET', url: `/api/group/${groupId}/members` })).json<{ id: string; coins: number }[]>();
    expect(members.map((m) => m.id).sort()).toEqual(d.body.students.map((s) => s.id).sort());
    expect(members.every((m) => m.coins > 0)).toBe(true);

    const lists = (await d.as('teacher')({ method: 'GET', url: `/api/todolists/${me.id}` })).json<{ id: string; name: string }[]>();
    expect(lists.map((l) => l.name)).toEqual(['Tämä viikko']);
    type Delta = { ops: { insert: string; attributes?: Record<string, unknown> }[] };
    const todos = (await d.as('teacher')({ method: 'GET', url: `/api/todos/${lists[0]?.id}` })).json<
      { answertype: string; content_html: string; content_delta: Delta }[]
    >();
    expect(new Set(todos.map((t) => t.answertype))).toEqual(new Set(['none', 'free', 'strict']));
    expect(todos.some((t) => t.content_html.includes('href="/tutorials/student"'))).toBe(true);
    // The editor opens the delta: it says what the students see, markup as formats, not as text.
    const htmlText = (html: string) => html.replace(/<\/p>/g, '\n').replace(/<[^>]+>/g, '');
    for (const t of todos) expect(t.content_delta.ops.map((op) => op.insert).join('')).toBe(htmlText(t.content_html));
    const ops = todos.flatMap((t) => t.content_delta.ops);
    expect(ops.some((op) => op.attributes?.bold === true && op.insert === 'Lue')).toBe(true);
    expect(ops.some((op) => op.attributes?.link === '/tutorials/student' && op.insert === 'Katso video')).toBe(true);

    const rewards = await d.as(0)({ method: 'GET', url: `/api/rewards/shared/${groupId}` });
    expect(rewards.statusCode).toBe(200);
    expect(JSON.stringify(rewards.json())).toContain('Lisää tietokoneaikaa');

    const chat = await d.as(1)({ method: 'GET', url: `/api/chat?group_id=${groupId}` });
    expect(chat.statusCode).toBe(200);
    expect(JSON.stringify(chat.json())).toContain('Huomenta, 4B!');

    const history = await d.as(1)({ method: 'GET', url: `/api/member/${d.body.students[1]?.id}/history` });
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain('Istu missä haluat');
    await expectBooksBalance(db);
  });

  it('speaks English unless asked otherwise, and a second start replaces the browser\'s demo', async () => {
    const first = await startDemo();
    expect(first.body.students.map((s) => s.name)).toEqual(['Emma', 'Leo', 'Mia', 'Noah', 'Ella']);
    const second = await startDemo({ cookie: first.cookie });
    expect((await first.as('teacher')({ method: 'GET', url: '/api/checkStatus' })).statusCode).toBe(401);
    expect((await second.as('teacher')({ method: 'GET', url: '/api/demo' })).json<TDemo>().students).toEqual(second.body.students);
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from demos`);
    expect(row?.n).toBe(1);
  });

  it('speaks Swedish as Finland does: its class, teacher, list (a Swedish one), rewards and chat', async () => {
    const d = await startDemo({ language: 'sv' });
    expect(d.body.language).toBe('sv');
    expect(d.body.students.map((s) => s.name)).toEqual(['Elsa', 'Noah', 'Alma', 'Oliver', 'Ella']);
    const me = await demoTeacher(d);
    expect(me.username).toMatch(/^lärare_/);
    const lists = (await d.as('teacher')({ method: 'GET', url: `/api/todolists/${me.id}` })).json<{ name: string; language: string }[]>();
    expect(lists.map((l) => [l.name, l.language])).toEqual([['Den här veckan', 'SV']]);
    const groupId = await demoGroupId(d);
    expect(JSON.stringify((await d.as(0)({ method: 'GET', url: `/api/rewards/shared/${groupId}` })).json())).toContain('Extra datortid');
    expect(JSON.stringify((await d.as(1)({ method: 'GET', url: `/api/chat?group_id=${groupId}` })).json())).toContain('God morgon, 4B!');
    await expectBooksBalance(db);
  });

  it('refuses a language it does not speak', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/demo', payload: { language: 'de' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'VALIDATION.INVALID_INPUT' });
  });

  it('is limited to 10 starts an hour per address (not one LIMITS_EXEMPT_ADDRESSES names: the tests name 127.0.0.1)', async () => {
    for (let i = 0; i < 10; i += 1) await startDemo({ ip: '203.0.113.7' });
    const refused = await app.inject({ method: 'POST', url: '/api/demo', payload: {}, remoteAddress: '203.0.113.7' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ errorCode: 'SERVER.TRY_AGAIN' });
    // Another address, and the machine itself, still start demos.
    await startDemo({ ip: '203.0.113.8' });
    await startDemo({ ip: '127.0.0.1' });
  });
});

describe('acting as the demo\'s users', () => {
  it('acts as the teacher or one of its students by the header; nothing without it, nor as somebody else\'s student', async () => {
    const d = await startDemo();
    const other = await startDemo();
    const student = await d.as(2)({ method: 'GET', url: '/api/checkStatus' });
    expect(student.json()).toMatchObject({ admin: false, id: d.body.students[2]?.id, demo: true });

    // Without the header the demo's cookie is nobody's: the page around the demo is a visitor's.
    const bare = await app.inject({ method: 'GET', url: '/api/checkStatus?optional=true', headers: { cookie: d.cookie } });
    expect(bare.statusCode).toBe(204);
    for (const as of [`member:${other.body.students[0]?.id}`, 'member:nonsense', 'admin']) {
      const res = await app.inject({ method: 'GET', url: '/api/checkStatus', headers: { cookie: d.cookie, 'x-kolikko-demo-as': as } });
      expect([as, res.statusCode]).toEqual([as, 401]);
    }
    // A real session cookie with the header is no demo's.
    const teacher = await buildTeacher(db);
    const real = await signIn(app, teacher, 'teacher');
    const res = await app.inject({ method: 'GET', url: '/api/checkStatus', headers: { cookie: real.replace('kolikko_session', 'kolikko_demo'), 'x-kolikko-demo-as': 'teacher' } });
    expect(res.statusCode).toBe(401);
  });

  it('completes a task as a student and approves an answer as the teacher, with the coins moving', async () => {
    const d = await startDemo();
    const groupId = await demoGroupId(d);
    const emma = d.body.students[0];
    if (!emma) throw new Error('no student');
    const todos = (await d.as(0)({ method: 'GET', url: `/api/membertodos?group_id=${groupId}` })).json<{ id: string; answertype: string; completed: boolean; member_answer: string }[]>();
    const open = todos.find((t) => t.answertype === 'none' && !t.completed);
    const waiting = todos.find((t) => t.answertype === 'free' && t.member_answer !== '' && !t.completed);
    if (!open || !waiting) throw new Error(`seed lacks an open task or a waiting answer: ${JSON.stringify(todos)}`);
    const done = await d.as(0)({ method: 'PUT', url: '/api/membertodo', payload: { mtodo_id: open.id, updates: { completed: true } } });
    expect(done.statusCode, done.body).toBe(200);
    const before = done.json<{ member_coins: number }>().member_coins;
    const approved = await d.as('teacher')({ method: 'PUT', url: '/api/membertodo', payload: { mtodo_id: waiting.id, updates: { completed: true } } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ member_coins: number }>().member_coins).toBe(before + 10);
    await expectBooksBalance(db);
  });

  it('shows a student\'s answer image to the demo\'s teacher and that student by the image URL\'s demo_as, to nobody else', async () => {
    const d = await startDemo();
    const groupId = await demoGroupId(d);
    const [emma, leo] = d.body.students;
    const mine = (await d.as(0)({ method: 'GET', url: `/api/membertodos?group_id=${groupId}` })).json<{ id: string; todo_id: string; answertype: string }[]>();
    const free = mine.find((t) => t.answertype === 'free');
    if (!free || !emma || !leo) throw new Error('no free task');
    const allow = await d.as('teacher')({ method: 'PUT', url: '/api/todo', payload: { todo_id: free.todo_id, updates: { allow_member_image: true } } });
    expect(allow.statusCode, allow.body).toBe(200);
    const file = multipartFile(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a3' } }).png().toBuffer());
    const up = await d.as(0)({ method: 'PUT', url: `/api/membertodo/${free.todo_id}/${free.id}/image`, headers: file.headers, payload: file.payload });
    expect(up.statusCode, up.body).toBe(200);
    const after = (await d.as(0)({ method: 'GET', url: `/api/membertodos?group_id=${groupId}` })).json<{ id: string; member_image_path: string | null }[]>();
    const path = after.find((t) => t.id === free.id)?.member_image_path ?? '';
    expect(path).not.toBe('');
    const url = `/api/membertodo/${free.id}/${path}/image`;
    const get = (query: string) => app.inject({ method: 'GET', url: `${url}${query}`, headers: { cookie: d.cookie } });
    expect((await get(`?demo_as=member:${emma.id}`)).statusCode).toBe(200);
    expect((await get('?demo_as=teacher')).statusCode).toBe(200);
    expect((await get(`?demo_as=member:${leo.id}`)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await get('')).statusCode).toBe(401);
    // Elsewhere the URL names nobody: only the header does.
    const other = await app.inject({ method: 'GET', url: `/api/checkStatus?demo_as=teacher`, headers: { cookie: d.cookie } });
    expect(other.statusCode).toBe(401);
  });

  it('tops the purse up when a change finds it low, through the ledger', async () => {
    const d = await startDemo();
    const me = await demoTeacher(d);
    const spend = me.coins - DEMO_PURSE_LOW + 1;
    const ids = d.body.students.map((s) => s.id);
    // Spent down under the mark in one award (the award itself is checked against the full purse).
    const award = await d.as('teacher')({ method: 'PUT', url: '/api/member/coins/batch', payload: { members: ids.slice(0, 1), coins: Math.min(999, spend) } });
    expect(award.statusCode, award.body).toBe(200);
    expect((await demoTeacher(d)).coins).toBeLessThan(DEMO_PURSE_LOW);
    // The next change finds it low and fills it first.
    await d.as('teacher')({ method: 'PUT', url: '/api/member/coins', payload: { member_id: ids[1], coins: 1 } });
    expect((await demoTeacher(d)).coins).toBe(DEMO_PURSE - 1);
    const [topups] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from coin_ledger where reason = 'demo_topup' and to_account = ${`teacher:${me.id}`}`);
    expect(topups?.n).toBe(2);
    await expectBooksBalance(db);
  });
});

describe('what a demo may not do', () => {
  it('lists only routes the app has', () => {
    for (const entry of DEMO_REFUSED_ROUTES) {
      const [method, url] = entry.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      expect([entry, app.hasRoute({ method, url })]).toEqual([entry, true]);
    }
  });

  it('refuses card payments, community publishing and buying, sharing with teachers, e-mail and password changes, deleting accounts, badges, class lists and logging out', async () => {
    const d = await startDemo();
    const me = await demoTeacher(d);
    const real = await buildTeacher(db, { username: 'real_teacher' });
    const lists = (await d.as('teacher')({ method: 'GET', url: `/api/todolists/${me.id}` })).json<{ id: string }[]>();
    const listId = lists[0]?.id ?? '';
    const emmaId = d.body.students[0]?.id ?? '';
    const demoGroup = await demoGroupId(d);
    const teacherCalls: InjectOptions[] = [
      { method: 'POST', url: '/api/dev/create-payment-intent', payload: { userId: me.id, coins: 100 } },
      { method: 'POST', url: `/api/community/todolist/${listId}`, payload: { title: 'x', description: { content_html: '<p>x</p>', content_delta: {} }, price: 0, categories: ['OTHER'], targets: ['OTHER'], language: 'EN' } },
      { method: 'POST', url: `/api/community/purchase/todolist/${listId}`, payload: { price: 0 } },
      { method: 'POST', url: `/api/todolist/${listId}/shares`, payload: { recipient: 'real_teacher', permissions: 'read' } },
      { method: 'POST', url: `/api/blocked-teachers/${me.id}`, payload: { username: 'real_teacher' } },
      { method: 'PUT', url: '/api/admin/email', payload: { id: me.id, email: 'someone@example.test' } },
      { method: 'PUT', url: '/api/admin/password', payload: { id: me.id, oldPassword: 'x', newPassword: 'secret123' } },
      { method: 'DELETE', url: `/api/admin/${me.id}` },
      { method: 'PUT', url: '/api/member/password', payload: { member_id: emmaId, password: 'secret123' } },
      { method: 'DELETE', url: `/api/member/${emmaId}` },
      { method: 'GET', url: '/api/logout', headers: { origin: 'http://localhost:3000' } },
      { method: 'POST', url: `/api/group/${demoGroup}/badges`, payload: {} },
      { method: 'POST', url: `/api/group/${demoGroup}/members`, payload: { usernames: ['outsider'] } },
    ];
    for (const call of teacherCalls) {
      const res = await d.as('teacher')(call);
      expect([call.url, res.statusCode, res.json<{ errorCode: string }>().errorCode]).toEqual([call.url, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
    }
    for (const call of [{ method: 'DELETE' as const, url: `/api/member/${emmaId}` }, { method: 'GET' as const, url: '/api/logout' }]) {
      const res = await d.as(0)(call);
      expect([call.url, res.statusCode]).toEqual([call.url, 403]);
    }
    // Still there, and still signed in.
    expect((await demoTeacher(d)).id).toBe(me.id);
    const [shares] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from todolist_shares`);
    expect(shares?.n).toBe(0);
    expect(real.id).toBeTruthy();
  });
});

describe('isolation between demos and real users', () => {
  async function realClassroom() {
    const teacher = await buildTeacher(db, { username: 'real_t' });
    const group = await buildGroup(db, teacher.id, { name: 'Real class' });
    const member = await buildMember(db, group.id, { username: 'real_m' });
    const list = await buildTodolist(db, teacher.id);
    const todo = await buildTodo(db, list.id, { reward: 5 });
    await showTodolist(db, group.id, 'blue', list.id);
    const reward = await buildReward(db, teacher.id);
    const rewardList = await buildRewardList(db, teacher.id, { rewardIds: [reward.id], publishTo: group.id });
    const cookie = await signIn(app, teacher, 'teacher');
    const chat = await app.inject({ method: 'POST', url: '/api/chat', headers: { cookie }, payload: { group_id: group.id, message: 'Real message' } });
    expect(chat.statusCode, chat.body).toBe(201);
    const memberTodos = await app.inject({ method: 'GET', url: `/api/membertodos?group_id=${group.id}&color=blue`, headers: { cookie } });
    const mtodoId = memberTodos.json<{ id: string }[]>()[0]?.id ?? '00000000-0000-4000-8000-000000000000';
    return { teacher, group, member, list, todo, reward, rewardList, cookie, chatId: chat.json<{ id: string }>().id, mtodoId };
  }

  it('a demo, as its teacher or as a student, reaches nothing of a real teacher', async () => {
    const r = await realClassroom();
    const d = await startDemo();
    const me = await demoTeacher(d);
    const demoGroup = await demoGroupId(d);
    const emma = d.body.students[0]?.id ?? '';
    const calls: InjectOptions[] = [
      { method: 'GET', url: `/api/groups/${r.teacher.id}` },
      { method: 'GET', url: `/api/group/${r.group.id}/members` },
      { method: 'PUT', url: `/api/group/${r.group.id}/lock` },
      { method: 'DELETE', url: `/api/group/${r.group.id}` },
      { method: 'PUT', url: `/api/groups/${me.id}/active/${r.group.id}` },
      { method: 'GET', url: `/api/member/${r.member.id}` },
      { method: 'GET', url: `/api/member/${r.member.id}/history` },
      { method: 'PUT', url: '/api/member/coins', payload: { member_id: r.member.id, coins: 5 } },
      { method: 'PUT', url: '/api/member/coins/batch', payload: { members: [r.member.id], coins: 5 } },
      { method: 'PUT', url: '/api/member/username', payload: { member_id: r.member.id, username: 'hijacked' } },
      { method: 'PUT', url: `/api/member/${r.member.id}/smallGroup` },
      { method: 'GET', url: `/api/todolists/${r.teacher.id}` },
      { method: 'GET', url: `/api/todolist/${r.list.id}` },
      { method: 'PUT', url: `/api/todolist/${r.list.id}`, payload: { name: 'Hijacked' } },
      { method: 'DELETE', url: `/api/todolists/${r.list.id}` },
      { method: 'POST', url: `/api/todolist/${r.list.id}/copy`, payload: { userId: me.id } },
      { method: 'GET', url: `/api/todos/${r.list.id}` },
      { method: 'PUT', url: '/api/todo', payload: { todo_id: r.todo.id, updates: { reward: 9 } } },
      { method: 'DELETE', url: `/api/todo/${r.todo.id}` },
      { method: 'PUT', url: `/api/group/${demoGroup}/todolist/blue/${r.list.id}` },
      { method: 'GET', url: `/api/membertodos?group_id=${r.group.id}&color=blue` },
      { method: 'GET', url: `/api/membertodos?group_id=${r.group.id}&member_id=${r.member.id}` },
      { method: 'PUT', url: '/api/membertodo', payload: { mtodo_id: r.mtodoId, updates: { completed: true } } },
      { method: 'GET', url: `/api/rewards/${r.teacher.id}` },
      { method: 'GET', url: `/api/rewards/shared/${r.group.id}` },
      { method: 'PUT', url: `/api/reward/${r.reward.id}`, payload: { reward: { name: 'x', description: 'y', price: 1 } } },
      { method: 'DELETE', url: `/api/reward/${r.reward.id}` },
      { method: 'GET', url: `/api/rewardlists/${r.teacher.id}` },
      { method: 'DELETE', url: `/api/rewardlist/${r.rewardList.id}` },
      { method: 'POST', url: `/api/rewardlist/${r.rewardList.id}/copy`, payload: { userId: me.id } },
      { method: 'PUT', url: `/api/group/${demoGroup}/rewardlist/${r.rewardList.id}` },
      { method: 'GET', url: `/api/chat?group_id=${r.group.id}` },
      { method: 'GET', url: `/api/chat?member_id=${r.member.id}` },
      { method: 'POST', url: '/api/chat', payload: { group_id: r.group.id, message: 'hi' } },
      { method: 'DELETE', url: `/api/chat/${r.chatId}` },
      { method: 'GET', url: `/api/shared-todolists/${r.teacher.id}` },
      { method: 'GET', url: `/api/purchase/history/${r.teacher.id}` },
      { method: 'POST', url: `/api/member/${r.member.id}/transfer`, payload: { recipient: 'real_m', amount: 1 } },
      { method: 'POST', url: `/api/member/${emma}/transfer`, payload: { recipient: 'real_m', amount: 1 } },
      { method: 'POST', url: `/api/member/${r.member.id}/reward/${r.reward.id}`, payload: { price: 5 } },
    ];
    for (const who of ['teacher', 0] as const) {
      for (const call of calls) {
        const res = await d.as(who)(call);
        expect([who, call.method, call.url, res.statusCode >= 400 && res.statusCode < 500]).toEqual([who, call.method, call.url, true]);
      }
    }
    // The real classroom is as it was.
    const members = await app.inject({ method: 'GET', url: `/api/group/${r.group.id}/members`, headers: { cookie: r.cookie } });
    expect(members.json<{ username: string; coins: number }[]>()).toMatchObject([{ username: 'real_m', coins: 0 }]);
    const lists = await app.inject({ method: 'GET', url: `/api/todolists/${r.teacher.id}`, headers: { cookie: r.cookie } });
    expect(lists.json<unknown[]>()).toHaveLength(1);
    const [copies] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from todolists where teacher_id = ${me.id}`);
    expect(copies?.n).toBe(1);
  });

  it('a real teacher or student reaches nothing of a demo, and finds no demo user to share with or group to join', async () => {
    const r = await realClassroom();
    const d = await startDemo();
    const me = await demoTeacher(d);
    const demoGroup = await demoGroupId(d);
    const emma = d.body.students[0];
    const lists = (await d.as('teacher')({ method: 'GET', url: `/api/todolists/${me.id}` })).json<{ id: string }[]>();
    const demoList = lists[0]?.id ?? '';
    const memberCookie = await signIn(app, { username: 'real_m', password: 'secret123' }, 'member');
    const calls: InjectOptions[] = [
      { method: 'GET', url: `/api/groups/${me.id}` },
      { method: 'GET', url: `/api/group/${demoGroup}/members` },
      { method: 'PUT', url: `/api/group/${demoGroup}/lock` },
      { method: 'GET', url: `/api/member/${emma?.id}` },
      { method: 'PUT', url: '/api/member/coins', payload: { member_id: emma?.id, coins: 5 } },
      { method: 'GET', url: `/api/todolist/${demoList}` },
      { method: 'GET', url: `/api/todos/${demoList}` },
      { method: 'POST', url: `/api/todolist/${demoList}/copy`, payload: { userId: r.teacher.id } },
      { method: 'GET', url: `/api/membertodos?group_id=${demoGroup}&color=blue` },
      { method: 'GET', url: `/api/rewards/shared/${demoGroup}` },
      { method: 'GET', url: `/api/chat?group_id=${demoGroup}` },
      { method: 'POST', url: `/api/member/${r.member.id}/transfer`, payload: { recipient: emma?.username, amount: 1 } },
    ];
    for (const cookie of [r.cookie, memberCookie]) {
      for (const call of calls) {
        const res = await app.inject({ ...call, headers: { cookie } });
        expect([call.method, call.url, res.statusCode >= 400 && res.statusCode < 500]).toEqual([call.method, call.url, true]);
      }
    }
    // Sharing finds no demo teacher, by its name or its address.
    const demoName = (await d.as('teacher')({ method: 'GET', url: '/api/checkStatus' })).json<{ username: string; email: string }>();
    for (const recipient of [demoName.username, demoName.email]) {
      const res = await app.inject({ method: 'POST', url: `/api/todolist/${r.list.id}/shares`, headers: { cookie: r.cookie }, payload: { recipient, permissions: 'read' } });
      expect([recipient, res.statusCode]).toEqual([recipient, 404]);
      const rl = await app.inject({ method: 'POST', url: `/api/rewardlist/${r.rewardList.id}/shares`, headers: { cookie: r.cookie }, payload: { recipient } });
      expect([recipient, rl.statusCode]).toEqual([recipient, 404]);
    }
    // Nobody joins a demo's group, nor signs in as a demo user.
    const groups = (await d.as('teacher')({ method: 'GET', url: `/api/groups/${me.id}` })).json<{ name: string }[]>();
    const join = await app.inject({ method: 'POST', url: '/api/signup/member', payload: { username: 'intruder', group_name: groups[0]?.name, password: 'secret123' } });
    expect(join.statusCode).toBe(404);
    const login = await app.inject({ method: 'POST', url: '/api/login/member', payload: { loginName: emma?.username, password: 'secret123' } });
    expect(login.statusCode).toBe(401);
    const teacherLogin = await app.inject({ method: 'POST', url: '/api/login/admin', payload: { loginName: demoName.username, password: 'secret123' } });
    expect(teacherLogin.statusCode).toBe(401);
  });
});
