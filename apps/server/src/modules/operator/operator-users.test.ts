import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Db } from '../../db/client.ts';
import { queryRows } from '../../db/reset.ts';
import { expectBooksBalance } from '../../test/books.ts';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher, buildTodo, buildTodolist, giveCoins } from '../../test/factories.ts';
import { disconnection, nextEvent, socketClients } from '../../test/sockets.ts';
import { readZip, zipJson } from '../../test/zip.ts';
import { ledgerBalance } from '../coins/ledger.repo.ts';
import { insertDemo, insertDemoTeacher } from '../demo/demo.repo.ts';
import { admin, startServer } from '../../test/operator-cli.ts';
import { EXPORT_KIND_HEADER, OPERATOR_SECRET_HEADER } from './operator.ts';
import { testWorker } from '../../test/worker.ts';

const SECRET = 'test-operator-secret-0123456789';
const { app, database } = await buildTestApp({}, { operatorSecret: SECRET });
const db = database.db;
const call = caller(app);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const clients = socketClients(app, address);
const operator = { [OPERATOR_SECRET_HEADER]: SECRET };

async function count(db: Db, table: 'teachers' | 'members' | 'groups' | 'todolists', where: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`);
  return row?.n ?? 0;
}

async function purse(db: Db, teacherId: string): Promise<number> {
  const [row] = await queryRows<{ coins: number }>(db, sql`select coins from teachers where id = ${teacherId}`);
  return row?.coins ?? -1;
}

/**
 * A teacher with two groups, three students holding 20, 20 and 7 coins, and a todo list; the
 * teacher keeps the rest of its 300 starter coins.
 */
async function classroom(db: Db, name: string) {
  const teacher = await buildTeacher(db, { username: name });
  const groups = [await buildGroup(db, teacher.id), await buildGroup(db, teacher.id)];
  const students = [await buildMember(db, groups[0]!.id, { username: `${name}_a` }), await buildMember(db, groups[0]!.id, { username: `${name}_b` }), await buildMember(db, groups[1]!.id, { username: `${name}_c` })];
  await giveCoins(db, teacher.id, students[0]!.id, 20);
  await giveCoins(db, teacher.id, students[1]!.id, 20);
  await giveCoins(db, teacher.id, students[2]!.id, 7);
  const list = await buildTodolist(db, teacher.id);
  await buildTodo(db, list.id, { reward: 5 });
  return { teacher, groups, students };
}

/** A demo classroom's teacher and one of its students (modules/demo: the demo sweep removes them). */
async function demoClassroom(db: Db, name: string) {
  const demoId = await insertDemo(db, 'en');
  const teacher = await insertDemoTeacher(db, demoId, name);
  const group = await buildGroup(db, teacher.id);
  const student = await buildMember(db, group.id, { username: `${name}_s` });
  return { teacher, student };
}

describe('POST operator/delete-user and operator/export (the server side of npm run admin)', () => {
  it('answers only this machine with the secret, as if the routes did not exist otherwise', async () => {
    const { teacher } = await classroom(db, 'kept_teacher');
    for (const url of ['/api/operator/delete-user', '/api/operator/export']) {
      const body = { username: teacher.username };
      const refused = [
        await call('POST', url, undefined, body),
        await call('POST', url, undefined, body, { [OPERATOR_SECRET_HEADER]: 'wrong' }),
        await app.inject({ method: 'POST', url, remoteAddress: '10.1.2.3', headers: operator, payload: body }),
      ];
      for (const res of refused) expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 404, 'application/json; charset=utf-8']);
    }
    expect(await count(db, 'teachers', sql`id = ${teacher.id}`)).toBe(1);
  });

  it("deletes a teacher as its own button does: groups, students and lists go, the coins go to the sink, its and its students' sockets end", async () => {
    const { teacher, students } = await classroom(db, 'leaving');
    const other = await classroom(db, 'staying');
    const teacherSocket = await clients.connect(await signIn(app, teacher, 'teacher'));
    const studentSocket = await clients.connect(await signIn(app, students[2]!, 'member'));
    const teacherGone = disconnection(teacherSocket);
    const studentGone = disconnection(studentSocket);

    const res = await call('POST', '/api/operator/delete-user', undefined, { username: 'LEAVING' }, operator);
    expect([res.statusCode, res.json()]).toEqual([200, { kind: 'teacher', username: 'leaving', groups: 2, students: 3 }]);
    expect(await teacherGone).toBe('io server disconnect');
    expect(await studentGone).toBe('io server disconnect');

    expect(await count(db, 'teachers', sql`id = ${teacher.id}`)).toBe(0);
    expect(await count(db, 'groups', sql`teacher_id = ${teacher.id}`)).toBe(0);
    expect(await count(db, 'members', sql`id in (${sql.join(students.map((s) => sql`${s.id}`), sql`, `)})`)).toBe(0);
    expect(await count(db, 'todolists', sql`teacher_id = ${teacher.id}`)).toBe(0);
    // Its purse and its students' coins: all 300 starter coins, through the ledger.
    expect(await ledgerBalance(db, 'sink')).toBe(300);
    await expectBooksBalance(db);
    expect(await count(db, 'members', sql`id = ${other.students[0]!.id}`)).toBe(1);
    expect(await purse(db, other.teacher.id)).toBe(300 - 47);
  });

  it("deletes a student as itself: its coins go back to its teacher through the ledger, the teacher hears of it, the student's socket ends", async () => {
    const { teacher, students } = await classroom(db, 'keeping');
    const student = students[2]!;
    const teacherSocket = await clients.connect(await signIn(app, teacher, 'teacher'));
    const studentSocket = await clients.connect(await signIn(app, student, 'member'));
    const told = nextEvent(teacherSocket, 'member-delete-self');
    const gone = disconnection(studentSocket);

    const res = await call('POST', '/api/operator/delete-user', undefined, { username: student.username, kind: 'member' }, operator);
    expect([res.statusCode, res.json()]).toEqual([200, { kind: 'member', username: student.username, teacherUsername: 'keeping', coinsReturned: 7 }]);
    expect(await told).toEqual({ member_id: student.id, group_id: student.groupId, teacher_coins: 300 - 40 });
    expect(await gone).toBe('io server disconnect');
    expect(teacherSocket.socket.connected).toBe(true);

    expect(await count(db, 'members', sql`id = ${student.id}`)).toBe(0);
    expect(await purse(db, teacher.id)).toBe(300 - 40);
    expect(await queryRows(db, sql`select to_account, amount, actor from coin_ledger where reason = 'member_deleted_refund'`)).toEqual([
      { to_account: `teacher:${teacher.id}`, amount: 7, actor: `member:${student.id}` },
    ]);
    await expectBooksBalance(db);
  });

  it('refuses an unknown user, a name both a teacher and a student hold unless told which, and the users of a demo', async () => {
    const { teacher } = await classroom(db, 'twin');
    const group = await buildGroup(db, teacher.id);
    const twin = await buildMember(db, group.id, { username: 'Twin' });
    const demo = await demoClassroom(db, 'demo_teacher');
    const ask = (path: string, body: object) => call('POST', `/api/operator/${path}`, undefined, body, operator);

    for (const path of ['delete-user', 'export']) {
      const unknown = await ask(path, { username: 'nobody_here' });
      expect([unknown.statusCode, unknown.json()]).toEqual([404, { errorCode: 'USER.USER_NOT_FOUND', message: 'no teacher or student with the username "nobody_here"' }]);
      const noStudent = await ask(path, { username: 'twin_a', kind: 'teacher' });
      expect([noStudent.statusCode, noStudent.json().message]).toEqual([404, 'no teacher with the username "twin_a"']);
      const ambiguous = await ask(path, { username: 'twin' });
      expect([ambiguous.statusCode, ambiguous.json()]).toEqual([
        400,
        { errorCode: 'VALIDATION.INVALID_INPUT', field: 'kind', message: '"twin" is the username of both a teacher and a student: say which with --teacher or --student' },
      ]);
      for (const username of [demo.teacher.username, demo.student.username]) {
        const refused = await ask(path, { username });
        expect([refused.statusCode, refused.json().errorCode]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
        expect(refused.json().message).toContain('demo');
      }
    }
    expect(await count(db, 'teachers', sql`id in (${teacher.id}, ${demo.teacher.id})`)).toBe(2);
    expect(await count(db, 'members', sql`id in (${twin.id}, ${demo.student.id})`)).toBe(2);

    const deleted = await ask('delete-user', { username: 'twin', kind: 'member' });
    expect(deleted.json()).toEqual({ kind: 'member', username: 'Twin', teacherUsername: 'twin', coinsReturned: 0 });
    expect(await count(db, 'teachers', sql`id = ${teacher.id}`)).toBe(1);
  });

  it('names a student of one class by its join code where students of several classes share the name', async () => {
    const { teacher } = await classroom(db, 'namesakes');
    const first = await buildGroup(db, teacher.id);
    const second = await buildGroup(db, teacher.id);
    const kept = await buildMember(db, first.id, { username: 'Emma' });
    const gone = await buildMember(db, second.id, { username: 'emma' });
    const [code] = await queryRows<{ join_code: string }>(db, sql`select join_code from groups where id = ${second.id}`);
    const ask = (body: object) => call('POST', '/api/operator/delete-user', undefined, body, operator);

    const ambiguous = await ask({ username: 'emma' });
    expect([ambiguous.statusCode, ambiguous.json().field, ambiguous.json().message]).toEqual([
      400,
      'username',
      'students of several classes are named "emma": name the class by its join code, as CODE/emma',
    ]);
    const deleted = await ask({ username: `${code?.join_code.toLowerCase()}/EMMA` });
    expect([deleted.statusCode, deleted.json().username]).toEqual([200, 'emma']);
    expect(await count(db, 'members', sql`id = ${gone.id}`)).toBe(0);
    expect(await count(db, 'members', sql`id = ${kept.id}`)).toBe(1);
  });

  it("answers the user's export as a ZIP, made in a temporary file it removes", async () => {
    const { students } = await classroom(db, 'exported');
    const temporary = () => readdirSync(tmpdir()).filter((f) => f.startsWith('kolikko-operator-export-')).length;
    const before = temporary();

    const teacher = await call('POST', '/api/operator/export', undefined, { username: 'Exported' }, operator);
    expect([teacher.statusCode, teacher.headers['content-type'], teacher.headers[EXPORT_KIND_HEADER]]).toEqual([200, 'application/zip', 'teacher']);
    expect(Number(teacher.headers['content-length'])).toBe(teacher.rawPayload.length);
    const entries = await readZip(teacher.rawPayload);
    expect(zipJson(entries, 'manifest.json')).toMatchObject({ format: 'kolikko-export', kind: 'teacher', username: 'exported' });
    const groups = zipJson<{ members: { username: string }[] }[]>(entries, 'groups.json');
    expect(groups.flatMap((g) => g.members.map((m) => m.username)).sort()).toEqual(['exported_a', 'exported_b', 'exported_c']);

    const student = await call('POST', '/api/operator/export', undefined, { username: students[0]!.username }, operator);
    expect([student.statusCode, student.headers[EXPORT_KIND_HEADER]]).toEqual([200, 'member']);
    expect(zipJson(await readZip(student.rawPayload), 'manifest.json')).toMatchObject({ kind: 'student', username: 'exported_a' });
    expect(temporary()).toBe(before);
  });
});

/** `npm run admin -- ...` is this: the command as an operator runs it, on DATABASE_URL or (without) on dataDir. */
/** The manifest of an export file written by the command. */
async function manifestOf(file: string) {
  return zipJson<{ kind: string; username: string }>(await readZip(readFileSync(file)), 'manifest.json');
}

describe('npm run admin -- delete-user and export, on the embedded database', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kolikko-admin-users-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('explains itself, and refuses what it cannot do without opening anything', () => {
    const dataDir = join(dir, 'help');
    const help = admin({ dataDir }, '--help');
    expect(help.status).toBe(0);
    expect(help.out).toContain('npm run admin -- delete-user <username> [--teacher|--student]');
    expect(help.out).toContain('npm run admin -- export <username> <file> [--teacher|--student] [--force]');
    expect(admin({ dataDir }, 'delete-user', '--help')).toMatchObject({ status: 0, out: expect.stringContaining('as its own delete button does') });
    expect(admin({ dataDir }, 'export', '--help')).toMatchObject({ status: 0, out: expect.stringContaining('the same ZIP') });
    expect(admin({ dataDir }, 'delete-user')).toMatchObject({ status: 2, err: 'admin: usage: npm run admin -- delete-user <username> [--teacher|--student]' });
    expect(admin({ dataDir }, 'delete-user', 'x', '--teacher', '--student')).toMatchObject({ status: 2, err: expect.stringContaining('usage:') });
    expect(admin({ dataDir }, 'export', 'x')).toMatchObject({ status: 2, err: expect.stringContaining('usage: npm run admin -- export') });
    const taken = join(dir, 'taken.zip');
    writeFileSync(taken, 'keep me');
    expect(admin({ dataDir }, 'export', 'x', taken)).toMatchObject({ status: 2, err: `admin: ${taken} exists: add --force to overwrite it` });
    expect(readFileSync(taken, 'utf8')).toBe('keep me');
  });

  it('opens the database itself when no server runs, and goes through the server while one does', async () => {
    const dataDir = join(dir, 'data');
    const seeded = await openDatabase({ dataDir });
    await classroom(seeded.db, 'direct');
    const served = await classroom(seeded.db, 'served');
    const demo = await demoClassroom(seeded.db, 'demo_t');
    await buildMember(seeded.db, served.groups[1]!.id, { username: 'direct' });
    await seeded.close();
    const embedded = `(on the embedded database in ${dataDir})`;

    expect(admin({ dataDir }, 'delete-user', 'nobody_here')).toMatchObject({ status: 2, err: 'admin: no teacher or student with the username "nobody_here"' });
    expect(admin({ dataDir }, 'delete-user', 'direct')).toMatchObject({ status: 2, err: expect.stringContaining('say which with --teacher or --student') });
    expect(admin({ dataDir }, 'delete-user', demo.student.username)).toMatchObject({ status: 2, err: expect.stringContaining('demo') });

    const file = join(dir, 'direct.zip');
    const exported = admin({ dataDir }, 'export', 'direct', file, '--teacher');
    expect(exported).toMatchObject({ status: 0, out: expect.stringMatching(new RegExp(`^wrote the data of teacher direct to ${file} \\(\\d+ bytes\\) \\(on the embedded`)) });
    expect(await manifestOf(file)).toMatchObject({ kind: 'teacher', username: 'direct' });
    expect(admin({ dataDir }, 'export', 'direct_a', file)).toMatchObject({ status: 2, err: `admin: ${file} exists: add --force to overwrite it` });
    expect(admin({ dataDir }, 'export', 'direct_a', file, '--force')).toMatchObject({ status: 0 });
    expect(await manifestOf(file)).toMatchObject({ kind: 'student', username: 'direct_a' });
    expect(admin({ dataDir }, 'export', 'nobody_here', join(dir, 'nobody.zip'))).toMatchObject({ status: 2, err: 'admin: no teacher or student with the username "nobody_here"' });
    expect(existsSync(join(dir, 'nobody.zip'))).toBe(false);

    expect(admin({ dataDir }, 'delete-user', 'direct_c')).toMatchObject({ status: 0, out: `deleted student direct_c; its 7 coin(s) went back to its teacher direct ${embedded}` });
    expect(admin({ dataDir }, 'delete-user', 'direct', '--teacher')).toMatchObject({ status: 0, out: `deleted teacher direct with 2 group(s) and 2 student(s) ${embedded}` });

    const server = await startServer({ dataDir });
    try {
      const through = '(through the running server)';
      const servedFile = join(dir, 'served.zip');
      const viaServer = admin({ dataDir }, 'export', 'served', servedFile);
      expect(viaServer).toMatchObject({ status: 0, out: expect.stringMatching(new RegExp(`^wrote the data of teacher served to ${servedFile} \\(\\d+ bytes\\) \\(through the running server\\)$`)) });
      expect(await manifestOf(servedFile)).toMatchObject({ kind: 'teacher', username: 'served' });
      expect(readdirSync(dir).filter((f) => f.endsWith('.part'))).toEqual([]);
      expect(admin({ dataDir }, 'export', 'served', servedFile)).toMatchObject({ status: 2, err: expect.stringContaining('exists: add --force') });

      expect(admin({ dataDir }, 'delete-user', 'nobody_here')).toMatchObject({ status: 2, err: 'admin: no teacher or student with the username "nobody_here"' });
      expect(admin({ dataDir }, 'delete-user', demo.teacher.username)).toMatchObject({ status: 2, err: expect.stringContaining('demo') });
      expect(admin({ dataDir }, 'delete-user', 'served_a')).toMatchObject({ status: 0, out: `deleted student served_a; its 20 coin(s) went back to its teacher served ${through}` });
      const login = await fetch(`${server.base}/api/login/admin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ loginName: 'served', password: served.teacher.password }),
      });
      expect(login.status).toBe(200);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const checkStatus = async () => (await fetch(`${server.base}/api/checkStatus`, { headers: { cookie } })).status;
      // Seen once, so the server caches the session: the deletion must end it there at once.
      expect(await checkStatus()).toBe(200);
      // With the student 'direct' in its second group.
      expect(admin({ dataDir }, 'delete-user', 'served')).toMatchObject({ status: 0, out: `deleted teacher served with 2 group(s) and 3 student(s) ${through}` });
      expect(await checkStatus()).toBe(401);
    } catch (err) {
      throw new Error(`${String(err)}\nserver stderr:\n${server.stderr()}`, { cause: err });
    } finally {
      await server.stop();
    }

    const after = await openDatabase({ dataDir });
    try {
      expect(await count(after.db, 'teachers', sql`true`)).toBe(1);
      expect(await count(after.db, 'members', sql`true`)).toBe(1);
      // Both classrooms' 300 starter coins left through the ledger, but the demo's.
      expect(await ledgerBalance(after.db, 'sink')).toBe(600);
      await expectBooksBalance(after.db);
    } finally {
      await after.close();
    }
  }, 300_000);
});

describe('npm run admin -- delete-user and export, on PostgreSQL', () => {
  const pgUrl = loadConfig().databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `kolikko_operator_cli_${testWorker()}`;
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  let dir = '';
  const onServer = async (work: (client: pg.Client) => Promise<unknown>) => {
    const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kolikko-admin-pg-'));
    await onServer(async (c) => c.query(`drop database if exists ${name} with (force)`).then(() => c.query(`create database ${name}`)));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await onServer((c) => c.query(`drop database if exists ${name} with (force)`));
  });

  it('connects itself: exports, deletes a student and a teacher, refuses the unknown; the books balance', async () => {
    const seeded = await openDatabase({ databaseUrl, poolSize: 2 });
    try {
      const { teacher } = await classroom(seeded.db, 'pg_teacher');
      const file = join(dir, 'pg.zip');
      expect(admin({ databaseUrl }, 'export', 'pg_teacher_b', file)).toMatchObject({ status: 0, out: expect.stringMatching(/^wrote the data of student pg_teacher_b to .* \(\d+ bytes\) \(on PostgreSQL\)$/) });
      expect(await manifestOf(file)).toMatchObject({ kind: 'student', username: 'pg_teacher_b' });
      expect(admin({ databaseUrl }, 'delete-user', 'nobody_here')).toMatchObject({ status: 2, err: 'admin: no teacher or student with the username "nobody_here"' });
      expect(admin({ databaseUrl }, 'delete-user', 'pg_teacher_a')).toMatchObject({ status: 0, out: 'deleted student pg_teacher_a; its 20 coin(s) went back to its teacher pg_teacher (on PostgreSQL)' });
      expect(await purse(seeded.db, teacher.id)).toBe(300 - 27);
      await expectBooksBalance(seeded.db);
      expect(admin({ databaseUrl }, 'delete-user', 'pg_teacher')).toMatchObject({ status: 0, out: 'deleted teacher pg_teacher with 2 group(s) and 2 student(s) (on PostgreSQL)' });
      expect(await count(seeded.db, 'teachers', sql`true`)).toBe(0);
      expect(await count(seeded.db, 'members', sql`true`)).toBe(0);
      expect(await ledgerBalance(seeded.db, 'sink')).toBe(300);
      await expectBooksBalance(seeded.db);
    } finally {
      await seeded.close();
    }
  }, 120_000);

  it("with REDIS_URL tells the running servers: the teacher hears of its student's deletion, the deleted users' sockets end", async () => {
    // A server of this deployment, on the command's database and Redis, under a prefix of its own.
    const live = { REDIS_URL: loadConfig().redisUrl ?? 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `kolikko_admin_test_${randomUUID()}` };
    const seeded = await openDatabase({ databaseUrl, poolSize: 2 });
    const server = await startServer({ databaseUrl, env: live });
    try {
      const { teacher, students } = await classroom(seeded.db, 'told_teacher');
      const login = async (user: { username: string; password: string }, as: 'admin' | 'member') => {
        const res = await fetch(`${server.base}/api/login/${as}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginName: user.username, password: user.password }) });
        expect(res.status).toBe(200);
        return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      };
      const onServer = socketClients(app, server.base);
      const teacherSocket = await onServer.connect(await login(teacher, 'admin'));
      const [kept, deleted, other] = [await onServer.connect(await login(students[0]!, 'member')), await onServer.connect(await login(students[2]!, 'member')), students[1]!];
      // admin() blocks this process while the command runs (seconds on a busy machine): the waits
      // start after it, looking at what the sockets received from before it on.
      const since = teacherSocket.seen.length;
      expect(admin({ databaseUrl, env: live }, 'delete-user', students[2]!.username)).toMatchObject({
        status: 0,
        out: 'deleted student told_teacher_c; its 7 coin(s) went back to its teacher told_teacher (on PostgreSQL, the servers told through Redis)',
      });
      expect(await nextEvent(teacherSocket, 'member-delete-self', { since })).toEqual({ member_id: students[2]!.id, group_id: students[2]!.groupId, teacher_coins: 300 - 40 });
      expect(await disconnection(deleted)).toBe('io server disconnect');
      expect([teacherSocket.socket.connected, kept.socket.connected]).toEqual([true, true]);

      expect(admin({ databaseUrl, env: live }, 'delete-user', 'told_teacher')).toMatchObject({
        status: 0,
        out: 'deleted teacher told_teacher with 2 group(s) and 2 student(s) (on PostgreSQL, the servers told through Redis)',
      });
      expect([await disconnection(teacherSocket), await disconnection(kept)]).toEqual(['io server disconnect', 'io server disconnect']);
      expect(await count(seeded.db, 'members', sql`id = ${other.id}`)).toBe(0);
      await expectBooksBalance(seeded.db);
    } finally {
      await server.stop();
      await seeded.close();
    }
  }, 180_000);

  it('without Redis says so, and deletes all the same', async () => {
    const seeded = await openDatabase({ databaseUrl, poolSize: 2 });
    try {
      await classroom(seeded.db, 'untold_teacher');
      // Nothing listens on port 1.
      const r = admin({ databaseUrl, env: { REDIS_URL: 'redis://127.0.0.1:1' } }, 'delete-user', 'untold_teacher');
      expect(r).toMatchObject({ status: 0, out: 'deleted teacher untold_teacher with 2 group(s) and 3 student(s) (on PostgreSQL)' });
      expect(r.err).toMatch(/^admin: Redis at redis:\/\/127\.0\.0\.1:1 cannot be reached .*: the running servers are not told/);
      await expectBooksBalance(seeded.db);
    } finally {
      await seeded.close();
    }
  }, 120_000);
});
