import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COMMUNITY_TITLE_MAX_LENGTH } from '@kolikko/core/limits';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, caller, signIn, type Method } from '../../test/build-test-app.ts';
import { expectBooksBalance } from '../../test/books.ts';
import { buildGroup, buildMember, buildTeacher, buildTodo, buildTodolist, shareTodolistWith } from '../../test/factories.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);
const rowsOf = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);

async function teacher(opts: { premium?: boolean; coins?: number } = {}) {
  const t = await buildTeacher(db, opts.coins === undefined ? {} : { coins: opts.coins });
  if (opts.premium) await db.execute(sql`update teachers set is_premium = true where id = ${t.id}`);
  return { ...t, cookie: await signIn(app, t, 'teacher') };
}

/** A list of `n` todos ("Task 1" ...), the first a strict one whose answer is a secret. */
async function listWithTodos(teacherId: string, n: number, name = 'Fractions') {
  const list = await buildTodolist(db, teacherId, { name });
  for (let i = 1; i <= n; i++) {
    await buildTodo(db, list.id, { contentHtml: `<p>Task ${i}</p>`, reward: i, ...(i === 1 ? { answertype: 'strict', answer: 'secret-42' } : {}) });
  }
  return list;
}

const form = (overrides: object = {}) => ({
  title: 'Fractions for grade 4',
  description: { content_html: '<p>Ten short tasks</p>', content_delta: { ops: [{ insert: 'Ten short tasks\n' }] } },
  price: 10,
  categories: ['MATHEMATICS'],
  targets: ['FOURTH_GRADE'],
  language: 'EN',
  ...overrides,
});

async function published(opts: { price?: number; todos?: number; title?: string; categories?: string[]; targets?: string[]; language?: string } = {}) {
  const publisher = await teacher({ premium: true });
  const list = await listWithTodos(publisher.id, opts.todos ?? 5);
  const res = await call('POST', `/api/community/todolist/${list.id}`, publisher.cookie, form({ price: opts.price ?? 10, ...opts }));
  expect(res.statusCode).toBe(201);
  return { publisher, list, item: res.json() };
}

describe('community: who may publish, edit and stop', () => {
  it('refuses nobody, a student, a teacher who is not premium, and a premium stranger or recipient, and changes nothing', async () => {
    const owner = await teacher();
    const list = await listWithTodos(owner.id, 2);
    const member = await buildMember(db, (await buildGroup(db, owner.id)).id);
    const studentCookie = await signIn(app, member, 'member');
    const stranger = await teacher({ premium: true });
    const recipient = await teacher({ premium: true });
    await shareTodolistWith(db, list.id, recipient.id, 'edit');

    const routes: [Method, string, object | undefined][] = [
      ['GET', `/api/community/todolist/${list.id}`, undefined],
      ['POST', `/api/community/todolist/${list.id}`, form()],
      ['PUT', `/api/community/todolist/${list.id}`, { updates: { price: 1 } }],
      ['DELETE', `/api/community/todolist/${list.id}`, undefined],
    ];
    for (const [method, url, body] of routes) {
      const anon = await call(method, url, undefined, body);
      expect([url, anon.statusCode, anon.json().errorCode]).toEqual([url, 401, 'AUTH.NO_AUTH']);
      const student = await call(method, url, studentCookie, body);
      expect([url, student.statusCode, student.json().errorCode]).toEqual([url, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
      const notPremium = await call(method, url, owner.cookie, body);
      expect([url, notPremium.statusCode, notPremium.json().errorCode]).toEqual([url, 403, 'USER.NOT_PREMIUM_USER']);
      for (const other of [stranger, recipient]) {
        const res = await call(method, url, other.cookie, body);
        expect([url, res.statusCode, res.json().errorCode]).toEqual([url, 403, 'TODOLIST.NOT_YOUR_TODOLIST']);
      }
    }
    expect(await rowsOf(sql`select count(*)::int as n from community_lists where todolist_id = ${list.id}`)).toEqual([{ n: 0 }]);
    expect(await rowsOf(sql`select community_status from todolists where id = ${list.id}`)).toEqual([{ community_status: false }]);
  });
});

describe('POST community/todolist/{id}', () => {
  it('publishes once, with defaults, a sanitized description and communityStatus true', async () => {
    const publisher = await teacher({ premium: true });
    const list = await listWithTodos(publisher.id, 2);
    const res = await call('POST', `/api/community/todolist/${list.id}`, publisher.cookie, {
      title: '  Fractions  ',
      description: { content_html: '<p>Nice<script>alert(1)</script></p>', content_delta: { ops: [] } },
      categories: ['mathematics', 'MUSIC'],
      targets: ['FOURTH_GRADE'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      todolist_id: list.id,
      title: 'Fractions',
      price: 0,
      language: 'FI',
      category: ['mathematics', 'music'],
      target: ['FOURTH_GRADE'],
      shared_by_username: publisher.username,
      own: true,
      todo_count: 2,
      more_count: 0,
    });
    expect(res.json().description).not.toContain('script');
    expect((await call('GET', `/api/todolist/${list.id}`, publisher.cookie)).json().communityStatus).toBe(true);
    const again = await call('POST', `/api/community/todolist/${list.id}`, publisher.cookie, form());
    expect([again.statusCode, again.json().errorCode]).toEqual([409, 'TODOLIST.TODOLIST_ALREADY_SHARED']);
  });

  it('answers every missing or bad field with its code and publishes nothing', async () => {
    const publisher = await teacher({ premium: true });
    const list = await listWithTodos(publisher.id, 1);
    const cases: [object, string][] = [
      [form({ title: '   ' }), 'COMMUNITY.FORM_FIELD_EMPTY'],
      [form({ title: undefined }), 'COMMUNITY.FORM_FIELD_EMPTY'],
      [form({ title: 'x'.repeat(COMMUNITY_TITLE_MAX_LENGTH + 1) }), 'COMMUNITY.TITLE_TOO_LONG'],
      [form({ description: undefined }), 'COMMUNITY.FORM_FIELD_EMPTY'],
      [form({ description: { content_html: '<p><br></p>', content_delta: {} } }), 'COMMUNITY.FORM_FIELD_EMPTY'],
      [form({ description: { content_html: '<script>x</script>', content_delta: {} } }), 'COMMUNITY.FORM_FIELD_EMPTY'],
      [form({ categories: [] }), 'COMMUNITY.FORM_FIELD_EMPTY'],
      [form({ categories: undefined }), 'COMMUNITY.FORM_FIELD_EMPTY'],
      [form({ targets: [] }), 'COMMUNITY.FORM_FIELD_EMPTY'],
      [form({ categories: ['COOKING_WITH_DRAGONS'] }), 'VALIDATION.INVALID_INPUT'],
      [form({ targets: ['NOBODY'] }), 'VALIDATION.INVALID_INPUT'],
      [form({ price: -1 }), 'VALIDATION.INVALID_INPUT'],
      [form({ price: 1.5 }), 'VALIDATION.INVALID_INPUT'],
      [form({ price: '10' }), 'VALIDATION.INVALID_INPUT'],
      [form({ language: 'DE' }), 'VALIDATION.INVALID_INPUT'],
    ];
    for (const [body, code] of cases) {
      const res = await call('POST', `/api/community/todolist/${list.id}`, publisher.cookie, body);
      expect([JSON.stringify(body).slice(0, 80), res.statusCode, res.json().errorCode]).toEqual([JSON.stringify(body).slice(0, 80), 400, code]);
    }
    expect(await rowsOf(sql`select count(*)::int as n from community_lists where todolist_id = ${list.id}`)).toEqual([{ n: 0 }]);
  });
});

describe('GET public/community', () => {
  it('shows a paid list\'s first 3 todos (no answers) to everyone else, all to its publisher, and never the rest', async () => {
    const { publisher, list } = await published({ price: 10, todos: 5, title: 'Hidden tail test' });
    const q = '/api/public/community?q=Hidden%20tail';
    const anon = await call('GET', q);
    expect(anon.statusCode).toBe(200);
    const [item] = anon.json().items;
    expect(item).toMatchObject({ todolist_id: list.id, todo_count: 5, more_count: 2, own: false, bought: false });
    expect(item.todos.map((t: { content_html: string }) => t.content_html)).toEqual(['<p>Task 1</p>', '<p>Task 2</p>', '<p>Task 3</p>']);
    const stranger = await teacher();
    for (const res of [anon, await call('GET', q, stranger.cookie)]) {
      expect(res.body).not.toContain('Task 4');
      expect(res.body).not.toContain('Task 5');
      expect(res.body).not.toContain('secret-42');
    }
    const own = (await call('GET', q, publisher.cookie)).json().items[0];
    expect([own.own, own.todos.length, own.more_count, own.todos[0].answer]).toEqual([true, 5, 0, 'secret-42']);
  });

  it('shows every todo of a free list; searches title and description, filters, and pages newest first', async () => {
    const marker = `m${Date.now()}`;
    const first = await published({ price: 0, todos: 4, title: `${marker} older`, categories: ['MUSIC'], targets: ['THIRD_GRADE'], language: 'FI' });
    const second = await published({ price: 5, todos: 1, title: `${marker} newer`, categories: ['MATHEMATICS'], targets: ['FOURTH_GRADE'], language: 'EN' });
    const ids = async (query: string) =>
      (await call('GET', `/api/public/community?q=${marker}${query}`)).json().items.map((i: { todolist_id: string }) => i.todolist_id);
    expect(await ids('')).toEqual([second.list.id, first.list.id]);
    expect(await ids('&category=music')).toEqual([first.list.id]);
    expect(await ids('&target=FOURTH_GRADE')).toEqual([second.list.id]);
    expect(await ids('&language=FI')).toEqual([first.list.id]);
    expect(await ids('&page_size=1&page=2')).toEqual([first.list.id]);
    const page = (await call('GET', `/api/public/community?q=${marker}&page_size=1`)).json();
    expect([page.total, page.page, page.page_size]).toEqual([2, 1, 1]);
    const free = (await call('GET', `/api/public/community?q=${marker}&category=music`)).json().items[0];
    expect([free.todos.length, free.more_count]).toEqual([4, 0]);
    // The description is searched too; LIKE's wildcards are plain characters.
    const byDescription = (await call('GET', '/api/public/community?q=Ten%20short%20tasks&category=music&page_size=50')).json().items;
    expect(byDescription.map((i: { todolist_id: string }) => i.todolist_id)).toContain(first.list.id);
    expect((await call('GET', '/api/public/community?q=%25%25%25zz_nothing')).json().items).toEqual([]);
    // Swedish (issue 37): a list published in Swedish is found by its language, and only it.
    const third = await published({ price: 0, todos: 1, title: `${marker} svensk`, categories: ['MUSIC'], targets: ['THIRD_GRADE'], language: 'SV' });
    expect(await ids('&language=SV')).toEqual([third.list.id]);
    expect(await ids('&language=FI')).toEqual([first.list.id]);
    const bad = await call('GET', '/api/public/community?language=DE');
    expect([bad.statusCode, bad.json().errorCode]).toEqual([400, 'VALIDATION.INVALID_INPUT']);
  });
});

describe('POST community/purchase/todolist/{id}', () => {
  it('moves the price to the publisher through the ledger and copies every todo into the buyer\'s lists', async () => {
    const { publisher, list } = await published({ price: 10, todos: 5 });
    const buyer = await teacher({ coins: 25 });
    const res = await call('POST', `/api/community/purchase/todolist/${list.id}`, buyer.cookie, { price: 10 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ teacher_coins: 15, charged: true, todolist: { name: 'Fractions', permissions: 'owner' } });
    const copyId = res.json().todolist.id;
    const copied = (await call('GET', `/api/todos/${copyId}`, buyer.cookie)).json();
    expect(copied.map((t: { content_html: string }) => t.content_html)).toEqual([1, 2, 3, 4, 5].map((i) => `<p>Task ${i}</p>`));
    expect(copied[0].answer).toBe('secret-42');
    expect(await rowsOf(sql`select coins from teachers where id in (${publisher.id}, ${buyer.id}) order by coins`)).toEqual([{ coins: 15 }, { coins: 310 }]);
    expect(
      await rowsOf(sql`select from_account, to_account, amount from coin_ledger where reason = 'community_purchase' and from_account = ${`teacher:${buyer.id}`}`),
    ).toEqual([{ from_account: `teacher:${buyer.id}`, to_account: `teacher:${publisher.id}`, amount: 10 }]);
    // The buyer sees every todo now.
    const seen = (await call('GET', `/api/public/community?q=Fractions%20for`, buyer.cookie)).json().items.find((i: { todolist_id: string }) => i.todolist_id === list.id);
    expect([seen.bought, seen.todos.length]).toEqual([true, 5]);

    // The publisher edits later: the copy stays what was bought.
    await call('PUT', `/api/community/todolist/${list.id}`, publisher.cookie, { updates: { price: 50, title: 'Dearer' } });
    await buildTodo(db, list.id, { contentHtml: '<p>Task 6</p>' });
    expect((await call('GET', `/api/todos/${copyId}`, buyer.cookie)).json()).toHaveLength(5);

    // A second purchase pays nothing and gives the same copy; once deleted, a new copy, still free.
    const again = await call('POST', `/api/community/purchase/todolist/${list.id}`, buyer.cookie, { price: 10 });
    expect([again.statusCode, again.json().charged, again.json().todolist.id, again.json().teacher_coins]).toEqual([201, false, copyId, 15]);
    await call('DELETE', `/api/todolists/${copyId}`, buyer.cookie);
    const fresh = await call('POST', `/api/community/purchase/todolist/${list.id}`, buyer.cookie, { price: 50 });
    expect([fresh.json().charged, fresh.json().teacher_coins]).toEqual([false, 15]);
    expect(fresh.json().todolist.id).not.toBe(copyId);
    expect((await call('GET', `/api/todos/${fresh.json().todolist.id}`, buyer.cookie)).json()).toHaveLength(6);
    await expectBooksBalance(db);
  });

  it('refuses the publisher (OWN_LIST), a purse short of the price (INSUFFICIENT_FUNDS), nobody, a student and an unpublished list, and writes nothing', async () => {
    const { publisher, list } = await published({ price: 40, todos: 2 });
    const poor = await teacher({ coins: 39 });
    const member = await buildMember(db, (await buildGroup(db, poor.id)).id);
    const url = `/api/community/purchase/todolist/${list.id}`;
    const cases: [string | undefined, number, string][] = [
      [publisher.cookie, 400, 'USER.OWN_LIST'],
      [poor.cookie, 400, 'PAYMENT.INSUFFICIENT_FUNDS'],
      [undefined, 401, 'AUTH.NO_AUTH'],
      [await signIn(app, member, 'member'), 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
    ];
    for (const [cookie, status, code] of cases) {
      const res = await call('POST', url, cookie, { price: 40 });
      expect([res.statusCode, res.json().errorCode]).toEqual([status, code]);
    }
    const unpublished = await buildTodolist(db, publisher.id);
    const none = await call('POST', `/api/community/purchase/todolist/${unpublished.id}`, poor.cookie, { price: 0 });
    expect([none.statusCode, none.json().errorCode]).toEqual([404, 'TODOLIST.TODOLIST_NOT_FOUND']);
    expect(await rowsOf(sql`select count(*)::int as n from todolists where teacher_id = ${poor.id}`)).toEqual([{ n: 0 }]);
    expect(await rowsOf(sql`select count(*)::int as n from community_purchases where buyer_id = ${poor.id}`)).toEqual([{ n: 0 }]);
    expect(await rowsOf(sql`select coins from teachers where id = ${poor.id}`)).toEqual([{ coins: 39 }]);
    await expectBooksBalance(db);
  });

  it('charges only the price the buyer saw: a changed price is refused with the new one, and nothing moves (issue 35)', async () => {
    const { publisher, list } = await published({ price: 10, todos: 2 });
    const buyer = await teacher({ coins: 300 });
    // The buyer opened it at 10; the publisher raised it to 250 meanwhile.
    expect((await call('PUT', `/api/community/todolist/${list.id}`, publisher.cookie, { updates: { price: 250 } })).statusCode).toBe(200);
    const refused = await call('POST', `/api/community/purchase/todolist/${list.id}`, buyer.cookie, { price: 10 });
    expect([refused.statusCode, refused.json().errorCode, refused.json().details]).toEqual([409, 'COMMUNITY.PRICE_CHANGED', { price: 250 }]);
    expect(await rowsOf(sql`select coins from teachers where id = ${buyer.id}`)).toEqual([{ coins: 300 }]);
    expect(await rowsOf(sql`select count(*)::int as n from community_purchases where buyer_id = ${buyer.id}`)).toEqual([{ n: 0 }]);
    expect(await rowsOf(sql`select count(*)::int as n from todolists where teacher_id = ${buyer.id}`)).toEqual([{ n: 0 }]);
    // Lowered too: refused, not charged the lower price unasked.
    await call('PUT', `/api/community/todolist/${list.id}`, publisher.cookie, { updates: { price: 5 } });
    expect((await call('POST', `/api/community/purchase/todolist/${list.id}`, buyer.cookie, { price: 250 })).json().details).toEqual({ price: 5 });
    // Asked again at the price now: bought.
    const bought = await call('POST', `/api/community/purchase/todolist/${list.id}`, buyer.cookie, { price: 5 });
    expect([bought.statusCode, bought.json().teacher_coins, bought.json().charged]).toEqual([201, 295, true]);
    // No price, or not a price: refused as input.
    for (const body of [{}, { price: -1 }, { price: 1.5 }, { price: '5' }]) {
      const res = await call('POST', `/api/community/purchase/todolist/${list.id}`, buyer.cookie, body);
      expect([res.statusCode, res.json().errorCode]).toEqual([400, 'VALIDATION.INVALID_INPUT']);
    }
    await expectBooksBalance(db);
  });

  it('20 purchases at once by a buyer who can afford one charge once and make one copy', async () => {
    const { publisher, list } = await published({ price: 30, todos: 3 });
    const buyer = await teacher({ coins: 45 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', `/api/community/purchase/todolist/${list.id}`, buyer.cookie, { price: 30 })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(answers.filter((a) => a.json().charged)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json().todolist.id)).size).toBe(1);
    expect(await rowsOf(sql`select coins from teachers where id = ${buyer.id}`)).toEqual([{ coins: 15 }]);
    expect(await rowsOf(sql`select coins from teachers where id = ${publisher.id}`)).toEqual([{ coins: 330 }]);
    expect(await rowsOf(sql`select count(*)::int as n from todolists where teacher_id = ${buyer.id}`)).toEqual([{ n: 1 }]);
    await expectBooksBalance(db);
  });

  it('two teachers buying each other\'s lists at once both go through (purses locked in id order)', async () => {
    const a = await published({ price: 7, todos: 1 });
    const b = await published({ price: 9, todos: 1 });
    const [ab, ba] = await Promise.all([
      call('POST', `/api/community/purchase/todolist/${b.list.id}`, a.publisher.cookie, { price: 9 }),
      call('POST', `/api/community/purchase/todolist/${a.list.id}`, b.publisher.cookie, { price: 7 }),
    ]);
    expect([ab.statusCode, ba.statusCode]).toEqual([201, 201]);
    expect(await rowsOf(sql`select coins from teachers where id = ${a.publisher.id}`)).toEqual([{ coins: 298 }]);
    await expectBooksBalance(db);
  });
});

describe('PUT and DELETE community/todolist/{id}', () => {
  it('edits any field, and stopping removes the item (communityStatus false) while buyers keep their copies', async () => {
    const { publisher, list } = await published({ price: 0, todos: 2 });
    const own = await call('GET', `/api/community/todolist/${list.id}`, publisher.cookie);
    expect([own.statusCode, own.json().todolist_id, own.json().own]).toEqual([200, list.id, true]);
    const edited = await call('PUT', `/api/community/todolist/${list.id}`, publisher.cookie, {
      updates: { title: 'Better title', price: 3, categories: ['physics'], targets: ['THIRD_GRADE'], language: 'FI' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Better title', price: 3, category: ['physics'], target: ['THIRD_GRADE'], language: 'FI' });
    const tooLong = await call('PUT', `/api/community/todolist/${list.id}`, publisher.cookie, { updates: { title: 'x'.repeat(COMMUNITY_TITLE_MAX_LENGTH + 1) } });
    expect([tooLong.statusCode, tooLong.json().errorCode]).toEqual([400, 'COMMUNITY.TITLE_TOO_LONG']);

    const buyer = await teacher();
    const bought = await call('POST', `/api/community/purchase/todolist/${list.id}`, buyer.cookie, { price: 3 });
    expect(bought.statusCode).toBe(201);
    const stop = await call('DELETE', `/api/community/todolist/${list.id}`, publisher.cookie);
    expect([stop.statusCode, stop.json()]).toEqual([200, { ok: true }]);
    expect((await call('GET', `/api/todolist/${list.id}`, publisher.cookie)).json().communityStatus).toBe(false);
    expect((await call('GET', '/api/public/community?q=Better%20title')).json().items.filter((i: { todolist_id: string }) => i.todolist_id === list.id)).toEqual([]);
    expect((await call('GET', `/api/todos/${bought.json().todolist.id}`, buyer.cookie)).json()).toHaveLength(2);
    for (const [method, body] of [['GET', undefined], ['PUT', { updates: { price: 1 } }], ['DELETE', undefined]] as const) {
      const res = await call(method, `/api/community/todolist/${list.id}`, publisher.cookie, body);
      expect([res.statusCode, res.json().errorCode]).toEqual([404, 'TODOLIST.TODOLIST_NOT_FOUND']);
    }
    // Published anew after stopping.
    expect((await call('POST', `/api/community/todolist/${list.id}`, publisher.cookie, form())).statusCode).toBe(201);
  });
});
