import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { multipartFile } from '../../test/multipart.ts';
import {
  buildGroup,
  buildMember,
  buildReward,
  buildRewardList,
  buildTeacher,
  buildTodo,
  buildTodolist,
  giveCoins,
  shareTodolistWith,
  showTodolist,
} from '../../test/factories.ts';
import { readZip, zipJson } from '../../test/zip.ts';
import { images } from '../../db/schema/index.ts';
import { EXPORT_FORMAT, writeExportFile } from './export.service.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);

const png = (color: string) => sharp({ create: { width: 12, height: 12, channels: 3, background: color } }).png().toBuffer();
const suffix = () => Math.random().toString(36).slice(2, 8);

async function ok<T = unknown>(res: Promise<{ statusCode: number; body: string; json: () => unknown }>): Promise<T> {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json() as T;
}

interface LedgerRow {
  id: number;
  from: string;
  to: string;
  amount: number;
  reason: string;
}

/**
 * A teacher with a class that used everything an export holds, and another teacher beside it
 * with data of its own that must not appear in the first one's file.
 */
async function classroom() {
  const s = suffix();
  const teacher = await buildTeacher(db, { username: `exp_t_${s}`, email: `exp_t_${s}@school.test` });
  const group = await buildGroup(db, teacher.id, { name: `Class 5B ${s}` });
  const alice = await buildMember(db, group.id, { username: `alice_${s}` });
  const bob = await buildMember(db, group.id, { username: `bob_${s}` });
  const list = await buildTodolist(db, teacher.id, { name: `Fractions ${s}` });
  const free = await buildTodo(db, list.id, { reward: 6, answertype: 'free', allowMemberImage: true });
  const strict = await buildTodo(db, list.id, { reward: 4, answertype: 'strict', answer: 'forty-two' });
  await showTodolist(db, group.id, 'blue', list.id);
  const reward = await buildReward(db, teacher.id, { name: `Recess ${s}`, price: 3 });
  await buildRewardList(db, teacher.id, { name: `Weekly ${s}`, rewardIds: [reward.id], publishTo: group.id });

  const other = await buildTeacher(db, { username: `exp_o_${s}`, email: `exp_o_${s}@elsewhere.test` });
  const otherGroup = await buildGroup(db, other.id, { name: `Otherclass ${s}` });
  const stranger = await buildMember(db, otherGroup.id, { username: `zed_${s}` });
  const otherList = await buildTodolist(db, other.id, { name: `Secret list ${s}` });
  await giveCoins(db, other.id, stranger.id, 7);
  // Shared both ways: each side's file names the other's username only.
  await shareTodolistWith(db, list.id, other.id, 'read');
  await shareTodolistWith(db, otherList.id, teacher.id, 'edit');

  const cookie = await signIn(app, teacher, 'teacher');
  const aliceCookie = await signIn(app, alice, 'member');
  const bobCookie = await signIn(app, bob, 'member');
  const otherCookie = await signIn(app, other, 'teacher');
  const strangerCookie = await signIn(app, stranger, 'member');

  await ok(call('PUT', `/api/group/${group.id}/settings`, cookie, { trading_allowed: true }));
  await ok(call('PUT', '/api/member/coins', cookie, { member_id: alice.id, coins: 20 }));
  await ok(call('PUT', '/api/member/coins', cookie, { member_id: bob.id, coins: 5 }));
  const image = multipartFile(await png('#3a3'));
  await ok(app.inject({ method: 'PUT', url: `/api/todos/${free.id}/image`, headers: { cookie, ...image.headers }, payload: image.payload }));
  const mine = await ok<{ id: string; todo_id: string }[]>(call('GET', `/api/membertodos?group_id=${group.id}`, aliceCookie));
  const mtFree = mine.find((m) => m.todo_id === free.id)!;
  const answer = multipartFile(await png('#a33'));
  await ok(app.inject({ method: 'PUT', url: `/api/membertodo/${free.id}/${mtFree.id}/image`, headers: { cookie: aliceCookie, ...answer.headers }, payload: answer.payload }));
  await ok(call('PUT', '/api/membertodo', aliceCookie, { mtodo_id: mtFree.id, updates: { member_answer: 'my working' } }));
  await ok(call('PUT', '/api/membertodo', cookie, { mtodo_id: mtFree.id, updates: { completed: true } }));
  await ok(call('POST', `/api/member/${alice.id}/transfer`, aliceCookie, { recipient: bob.id, amount: 2 }));
  await ok(call('POST', `/api/member/${alice.id}/reward/${reward.id}`, aliceCookie, { price: 3 }));
  await ok(call('POST', '/api/chat', aliceCookie, { member_id: alice.id, message: `private to teacher ${s}` }));
  await ok(call('POST', '/api/chat', cookie, { group_id: group.id, message: `hello class ${s}` }));
  await ok(call('POST', '/api/chat', bobCookie, { group_id: group.id, message: `bob says ${s}` }));
  await ok(call('POST', '/api/chat', otherCookie, { group_id: otherGroup.id, message: `other class chat ${s}` }));

  return { s, teacher, group, alice, bob, list, free, strict, reward, other, otherGroup, stranger, otherList, cookie, aliceCookie, bobCookie, otherCookie, strangerCookie };
}

async function download(url: string, cookie: string) {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return { res, entries: await readZip(res.rawPayload) };
}

/** Every entry's text, to look for what must not be in the file. */
function allText(entries: Map<string, Buffer>): string {
  return [...entries].filter(([name]) => !name.startsWith('images/')).map(([, bytes]) => bytes.toString('utf8')).join('\n');
}

/** Each account's stored balance equals the sum of its ledger rows in the same file. */
function expectLedgerMatches(ledger: LedgerRow[], balances: [string, number][]) {
  for (const [account, coins] of balances) {
    const sum = ledger.reduce((n, r) => n + (r.to === account ? r.amount : 0) - (r.from === account ? r.amount : 0), 0);
    expect([account, sum]).toEqual([account, coins]);
  }
}

describe('GET /api/admin/:id/export', () => {
  it("holds the teacher's account, groups, students, lists, rewards, chat, ledger and images, and nothing of the other teacher", async () => {
    const c = await classroom();
    // Issue 31 and 32: a badge (whose secret's hash never leaves the server), reasons and an award.
    await call('POST', `/api/group/${c.group.id}/badges`, c.cookie, {});
    const [reason] = (await call('GET', `/api/group/${c.group.id}/reasons`, c.cookie)).json<{ id: string }[]>();
    await call('PUT', '/api/member/coins', c.cookie, { member_id: c.alice.id, reason_id: reason?.id });
    const { res, entries } = await download(`/api/admin/${c.teacher.id}/export`, c.cookie);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="kolikko-${c.teacher.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`));
    expect(res.headers['cache-control']).toBe('no-store');

    const manifest = zipJson<{ format: string; version: number; kind: string; username: string; files: string[] }>(entries, 'manifest.json');
    expect(manifest).toMatchObject({ format: EXPORT_FORMAT, version: 1, kind: 'teacher', username: c.teacher.username });
    for (const name of manifest.files.filter((f) => f.endsWith('.json'))) expect(entries.has(name), name).toBe(true);
    const readme = entries.get('README.txt')?.toString() ?? '';
    expect(readme).toContain('ledger.json');
    // In English, Finnish and Swedish, each language's block listing every file.
    for (const line of [
      `Kolikko: the data of teacher ${c.teacher.username}, exported `,
      `Kolikko: opettajan ${c.teacher.username} tiedot, viety `,
      `Kolikko: data för läraren ${c.teacher.username}, exporterade `,
      'myntkontona skrivs teacher:<id>, member:<id>, mint (skapade mynt) och sink (borttagna mynt).',
      `  ${'ledger.json'.padEnd(22)} varje överföring av mynt till eller från dessa konton`,
      `  ${'awards.json'.padEnd(22)} dina gruppers motiveringar och de mynt du har gett (motivering, mynt, när, ångrat eller inte)`,
    ]) {
      expect(readme).toContain(line);
    }

    const account = zipJson<Record<string, unknown>>(entries, 'account.json');
    expect(account).toMatchObject({ id: c.teacher.id, username: c.teacher.username, email: c.teacher.email });
    expect(account.sessions).toEqual([expect.objectContaining({ createdAt: expect.any(String), expiresAt: expect.any(String) })]);
    expect(account.todolistsSharedWithMe).toEqual([expect.objectContaining({ todolistId: c.otherList.id, ownerUsername: c.other.username, permissions: 'edit' })]);

    const groups = zipJson<{ id: string; name: string; members: { id: string; username: string; coins: number }[] }[]>(entries, 'groups.json');
    expect(groups.map((g) => g.name)).toEqual([c.group.name]);
    expect(groups[0]?.members.map((m) => m.username).sort()).toEqual([c.alice.username, c.bob.username].sort());
    expect(entries.get('groups.json')?.toString()).not.toMatch(/badgeHash|passwordHash/);
    const awarded = zipJson<{ reasons: { name: string }[]; awards: { reasonName: string; coins: number }[] }>(entries, 'awards.json');
    expect(awarded.reasons).toHaveLength(6);
    expect(awarded.awards).toContainEqual(expect.objectContaining({ reasonName: 'Helping others', coins: 1 }));

    const lists = zipJson<{ name: string; sharedWith: { username: string }[]; todos: { id: string; answer: string; image: string | null }[] }[]>(entries, 'todolists.json');
    expect(lists.map((l) => l.name)).toEqual([c.list.name]);
    expect(lists[0]?.sharedWith.map((x) => x.username)).toEqual([c.other.username]);
    expect(lists[0]?.todos.map((t) => t.id)).toEqual([c.free.id, c.strict.id]);
    expect(lists[0]?.todos[1]?.answer).toBe('forty-two');
    const todoImage = lists[0]?.todos[0]?.image;
    expect(todoImage).toMatch(/^images\/[0-9a-f]+\.\w+$/);
    expect(entries.get(todoImage!)?.length).toBeGreaterThan(0);

    const memberTodos = zipJson<{ memberId: string; memberAnswer: string; completed: boolean; image: string | null }[]>(entries, 'member-todos.json');
    const answered = memberTodos.find((m) => m.memberId === c.alice.id && m.memberAnswer === 'my working');
    expect(answered?.completed).toBe(true);
    expect(answered?.image && entries.get(answered.image)?.length).toBeGreaterThan(0);
    // Each image file is the stored picture, byte for byte.
    const [stored] = await queryRows<{ bytes: Buffer }>(db, sql`select bytes from images where name = ${answered!.image!.slice('images/'.length)}`);
    expect(Buffer.compare(entries.get(answered!.image!)!, Buffer.from(stored!.bytes))).toBe(0);

    const rewards = zipJson<{ rewards: { name: string }[]; rewardLists: { name: string; rewardIds: string[] }[] }>(entries, 'rewards.json');
    expect(rewards.rewards.map((r) => r.name)).toEqual([c.reward.name]);
    expect(rewards.rewardLists[0]?.rewardIds).toEqual([c.reward.id]);
    expect(zipJson<{ rewardName: string; memberId: string }[]>(entries, 'reward-purchases.json')).toEqual([expect.objectContaining({ rewardName: c.reward.name, memberId: c.alice.id })]);

    const chat = zipJson<{ message: string }[]>(entries, 'chat.json').map((m) => m.message).sort();
    expect(chat).toEqual([`bob says ${c.s}`, `hello class ${c.s}`, `private to teacher ${c.s}`]);

    const ledger = zipJson<LedgerRow[]>(entries, 'ledger.json');
    expect(ledger.map((r) => r.reason)).toEqual(expect.arrayContaining(['teacher_award', 'todo_reward', 'transfer', 'reward_purchase']));
    expect(ledger.some((r) => r.to === `member:${c.alice.id}` && r.reason === 'teacher_award' && r.amount === 20)).toBe(true);
    const members = groups[0]!.members;
    expectLedgerMatches(ledger, [[`teacher:${c.teacher.id}`, account.coins as number], ...members.map((m): [string, number] => [`member:${m.id}`, m.coins])]);

    const text = allText(entries);
    for (const foreign of [c.other.email, c.otherGroup.name, c.otherList.name, c.stranger.username, `other class chat ${c.s}`, c.stranger.id]) expect(text).not.toContain(foreign);
    for (const secret of ['passwordHash', 'password_hash', '$argon2']) expect(text).not.toContain(secret);
  });

  it('answers only to the teacher itself: nobody, another teacher, a student and a demo teacher are refused', async () => {
    const c = await classroom();
    const url = `/api/admin/${c.teacher.id}/export`;
    expect((await call('GET', url)).json().errorCode).toBe('AUTH.NO_AUTH');
    const asOther = await call('GET', url, c.otherCookie);
    expect([asOther.statusCode, asOther.json().errorCode]).toEqual([403, 'USER.NOT_YOU']);
    const asStudent = await call('GET', url, c.aliceCookie);
    expect([asStudent.statusCode, asStudent.json().errorCode]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);

    const demo = await app.inject({ method: 'POST', url: '/api/demo', payload: {}, remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.1` });
    expect(demo.statusCode).toBe(201);
    const demoCookie = `kolikko_demo=${demo.cookies.find((x) => x.name === 'kolikko_demo')!.value}`;
    const me = (await app.inject({ method: 'GET', url: '/api/checkStatus', headers: { cookie: demoCookie, 'x-kolikko-demo-as': 'teacher' } })).json<{ id: string }>();
    for (const [target, as] of [
      [me.id, 'teacher'],
      [c.teacher.id, 'teacher'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: `/api/admin/${target}/export`, headers: { cookie: demoCookie, 'x-kolikko-demo-as': as } });
      expect([res.statusCode, res.json().errorCode]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
    }
  });

  it('reads a class larger than a page whole: every ledger row and member todo, once', async () => {
    const s = suffix();
    const teacher = await buildTeacher(db, { username: `exp_big_${s}`, coins: 5000 });
    const group = await buildGroup(db, teacher.id);
    const students = [];
    for (let i = 0; i < 30; i++) students.push(await buildMember(db, group.id));
    const list = await buildTodolist(db, teacher.id);
    for (let i = 0; i < 25; i++) await buildTodo(db, list.id, { reward: 1 });
    await showTodolist(db, group.id, 'blue', list.id);
    const cookie = await signIn(app, teacher, 'teacher');
    // 30 x 25 = 750 member todos (more than a page of 500), and 30 x 20 = 600 awards.
    for (const m of students) await ok(call('GET', `/api/membertodos?group_id=${group.id}`, await signIn(app, m, 'member')));
    for (let round = 0; round < 20; round++) await ok(call('PUT', '/api/member/coins/batch', cookie, { members: students.map((m) => m.id), coins: 1 }));

    // Another teacher's class moves coins too, between the pages' rows: none of them belongs in the file.
    const other = await buildTeacher(db);
    await giveCoins(db, other.id, (await buildMember(db, (await buildGroup(db, other.id)).id)).id, 5);

    const { entries } = await download(`/api/admin/${teacher.id}/export`, cookie);
    const ledger = zipJson<LedgerRow[]>(entries, 'ledger.json');
    const [counted] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from coin_ledger where from_account = ${`teacher:${teacher.id}`} or to_account = ${`teacher:${teacher.id}`} or from_account in (select 'member:' || id from members where group_id = ${group.id}) or to_account in (select 'member:' || id from members where group_id = ${group.id})`,
    );
    expect(ledger.length).toBe(counted!.n);
    expect(ledger.length).toBeGreaterThan(600);
    expect(new Set(ledger.map((r) => r.id)).size).toBe(ledger.length);
    const memberTodos = zipJson<{ id: string }[]>(entries, 'member-todos.json');
    expect(memberTodos.length).toBe(750);
    expect(new Set(memberTodos.map((m) => m.id)).size).toBe(750);
    expect(zipJson<{ todos: unknown[] }[]>(entries, 'todolists.json')[0]?.todos.length).toBe(25);
  });

  it('holds a picture or two in memory at a time, not the whole file', async () => {
    const teacher = await buildTeacher(db);
    const list = await buildTodolist(db, teacher.id);
    const MB = 1024 * 1024;
    for (let i = 0; i < 30; i++) {
      const todo = await buildTodo(db, list.id);
      await db.insert(images).values({ name: `${randomUUID().replaceAll('-', '')}.png`, mime: 'image/png', ext: 'png', bytes: randomBytes(MB), todoId: todo.id });
    }
    // A full collection before each reading, so what is counted is what the export still holds.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const sampler = setInterval(() => {
      gc();
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    }, 25);
    const path = join(tmpdir(), `kolikko-export-test-${randomUUID()}.zip`);
    try {
      const file = await writeExportFile(db, { kind: 'teacher', teacherId: teacher.id }, path);
      expect(file.bytes).toBeGreaterThan(30 * MB);
    } finally {
      clearInterval(sampler);
      rmSync(path, { force: true });
    }
    expect((peak - before) / MB).toBeLessThan(12);
  });

  it("a deleted teacher's session is gone with it: its export answers AUTH.NO_AUTH", async () => {
    const c = await classroom();
    await ok(call('DELETE', `/api/admin/${c.teacher.id}`, c.cookie));
    expect((await call('GET', `/api/admin/${c.teacher.id}/export`, c.cookie)).json().errorCode).toBe('AUTH.NO_AUTH');
  });
});

describe('GET /api/member/:id/export', () => {
  it("holds the student's own account, todos, purchases, chat and ledger, and no classmate's words or the strict answers", async () => {
    const c = await classroom();
    const { res, entries } = await download(`/api/member/${c.alice.id}/export`, c.aliceCookie);
    expect(res.headers['content-disposition']).toContain(`kolikko-${c.alice.username}-`);
    expect(zipJson<{ kind: string; username: string }>(entries, 'manifest.json')).toMatchObject({ kind: 'student', username: c.alice.username });
    const readme = entries.get('README.txt')?.toString() ?? '';
    expect(readme).toContain(`Kolikko: oppilaan ${c.alice.username} tiedot`);
    expect(readme).toContain(`Kolikko: data för eleven ${c.alice.username}, exporterade `);
    expect(readme).toContain(`  ${'member-todos.json'.padEnd(22)} elevernas uppgifter: gjord eller inte, svar, tjänade mynt`);
    const account = zipJson<{ id: string; username: string; coins: number; group: { name: string }; teacher: { username: string } }>(entries, 'account.json');
    expect(account).toMatchObject({ id: c.alice.id, username: c.alice.username, group: { name: c.group.name }, teacher: { username: c.teacher.username } });

    const memberTodos = zipJson<{ memberId: string; todoId: string; answer?: string; image: string | null }[]>(entries, 'member-todos.json');
    expect(memberTodos.map((m) => m.memberId)).toEqual([c.alice.id, c.alice.id]);
    expect(memberTodos.every((m) => !('answer' in m))).toBe(true);
    const withImage = memberTodos.find((m) => m.image !== null);
    expect(entries.get(withImage!.image!)?.length).toBeGreaterThan(0);
    // The todo's own picture is the teacher's, not the student's: only the answer's is in the file.
    expect([...entries.keys()].filter((n) => n.startsWith('images/'))).toEqual([withImage!.image]);

    const chat = zipJson<{ message: string }[]>(entries, 'chat.json').map((m) => m.message).sort();
    expect(chat).toEqual([`hello class ${c.s}`, `private to teacher ${c.s}`]);
    const ledger = zipJson<LedgerRow[]>(entries, 'ledger.json');
    expect(ledger.every((r) => r.from === `member:${c.alice.id}` || r.to === `member:${c.alice.id}`)).toBe(true);
    expectLedgerMatches(ledger, [[`member:${c.alice.id}`, account.coins]]);
    expect(zipJson<unknown[]>(entries, 'reward-purchases.json')).toHaveLength(1);

    const text = allText(entries);
    for (const foreign of [c.bob.username, `bob says ${c.s}`, 'forty-two', c.teacher.email, c.other.username, 'passwordHash', '$argon2']) expect(text).not.toContain(foreign);
  });

  it("answers only to the student itself: nobody, its teacher, a classmate and another group's student are refused", async () => {
    const c = await classroom();
    const url = `/api/member/${c.alice.id}/export`;
    expect((await call('GET', url)).json().errorCode).toBe('AUTH.NO_AUTH');
    for (const [cookie, code] of [
      [c.cookie, 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      [c.otherCookie, 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      [c.bobCookie, 'USER.NOT_YOU'],
      [c.strangerCookie, 'USER.NOT_YOU'],
    ] as const) {
      const res = await call('GET', url, cookie);
      expect([res.statusCode, res.json().errorCode]).toEqual([403, code]);
    }
  });

  it('refuses a demo student, its own export included', async () => {
    const demo = await app.inject({ method: 'POST', url: '/api/demo', payload: {}, remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.1` });
    const body = demo.json<{ students: { id: string }[] }>();
    const demoCookie = `kolikko_demo=${demo.cookies.find((x) => x.name === 'kolikko_demo')!.value}`;
    const student = body.students[0]!.id;
    const res = await app.inject({ method: 'GET', url: `/api/member/${student}/export`, headers: { cookie: demoCookie, 'x-kolikko-demo-as': `member:${student}` } });
    expect([res.statusCode, res.json().errorCode]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
  });
});
