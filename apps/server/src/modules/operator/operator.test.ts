import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, caller } from '../../test/build-test-app.ts';
import { buildTeacher } from '../../test/factories.ts';
import { recordJobRun } from '../../platform/jobs.repo.ts';
import { admin, startServer } from '../../test/operator-cli.ts';
import { OPERATOR_FILE, OPERATOR_SECRET_HEADER } from './operator.ts';

const SECRET = 'test-operator-secret-0123456789';
const { app, database } = await buildTestApp({}, { operatorSecret: SECRET });
const db = database.db;
const call = caller(app);

describe('POST operator/premium (the server side of npm run admin)', () => {
  it('answers only this machine with the secret, as if the route did not exist otherwise', async () => {
    const t = await buildTeacher(db);
    const body = { username: t.username.toUpperCase(), premium: true };
    const refused = [
      await call('POST', '/api/operator/premium', undefined, body),
      await call('POST', '/api/operator/premium', undefined, body, { [OPERATOR_SECRET_HEADER]: 'wrong' }),
      await app.inject({ method: 'POST', url: '/api/operator/premium', remoteAddress: '10.1.2.3', headers: { [OPERATOR_SECRET_HEADER]: SECRET }, payload: body }),
      await app.inject({
        method: 'POST',
        url: '/api/operator/premium',
        remoteAddress: '10.1.2.3',
        headers: { [OPERATOR_SECRET_HEADER]: SECRET, 'x-forwarded-for': '127.0.0.1' },
        payload: body,
      }),
    ];
    for (const res of refused) expect(res.statusCode).toBe(404);
    expect(await queryRows(db, sql`select is_premium from teachers where id = ${t.id}`)).toEqual([{ is_premium: false }]);

    const on = await call('POST', '/api/operator/premium', undefined, body, { [OPERATOR_SECRET_HEADER]: SECRET });
    expect([on.statusCode, on.json()]).toEqual([200, { username: t.username, isPremium: true }]);
    expect(await queryRows(db, sql`select is_premium from teachers where id = ${t.id}`)).toEqual([{ is_premium: true }]);
    const unknown = await call('POST', '/api/operator/premium', undefined, { username: 'nobody_here', premium: true }, { [OPERATOR_SECRET_HEADER]: SECRET });
    expect([unknown.statusCode, unknown.json().errorCode]).toEqual([404, 'USER.USER_NOT_FOUND']);
  });

  it('does not exist on a server without an operator secret (PostgreSQL)', async () => {
    const { app: plain } = await buildTestApp();
    const t = await buildTeacher(db);
    for (const [url, payload] of [
      ['/api/operator/premium', { username: t.username, premium: true }],
      ['/api/operator/delete-user', { username: t.username }],
      ['/api/operator/export', { username: t.username }],
    ] as const) {
      const res = await plain.inject({ method: 'POST', url, headers: { [OPERATOR_SECRET_HEADER]: SECRET }, payload });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
    expect(await queryRows(db, sql`select is_premium from teachers where id = ${t.id}`)).toEqual([{ is_premium: false }]);
  });
});

describe('npm run admin -- premium and jobs, on the embedded database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kolikko-admin-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('opens the database itself when no server runs, and goes through the server while one does (the change shows in the next checkStatus)', async () => {
    const dataDir = join(dir, 'data');
    const embedded = await openDatabase({ dataDir });
    const teacher = await buildTeacher(embedded.db, { username: 'premium_candidate' });
    await recordJobRun(embedded.db, 'purge-expired', { at: new Date('2026-11-24T03:00:00Z'), durationMs: 12, rows: 7, error: null });
    await recordJobRun(embedded.db, 'warn-inactive-teachers', { at: new Date('2026-11-24T03:05:00Z'), durationMs: 30, rows: 0, error: 'SMTP down' });
    await embedded.close();

    const listed = admin({ dataDir }, 'jobs');
    expect([listed.status, listed.out]).toEqual([
      0,
      'purge-expired  last run 2026-11-24T03:00:00.000Z  12 ms  7 rows  runs 1  failures 0  ok\n' +
        'warn-inactive-teachers  last run 2026-11-24T03:05:00.000Z  30 ms  0 rows  runs 1  failures 1  FAILED: SMTP down\n' +
        `(on the embedded database in ${dataDir})`,
    ]);
    expect(admin({ dataDir }, 'jobs', 'extra')).toMatchObject({ status: 2, err: 'admin: usage: npm run admin -- jobs' });
    const help = admin({ dataDir }, '--help');
    expect(help.status).toBe(0);
    expect(help.out).toContain('npm run admin -- premium <username> [--off]');
    expect(help.out).toContain('npm run admin -- jobs');
    expect(admin({ dataDir }, 'jobs', '--help')).toMatchObject({ status: 0, out: expect.stringContaining("scheduled jobs' last runs") });
    expect(admin({ dataDir }, 'nonsense')).toMatchObject({ status: 2, err: expect.stringContaining('unknown command "nonsense"') });

    const direct = admin({ dataDir }, 'premium', 'Premium_Candidate');
    expect([direct.status, direct.out]).toEqual([0, `premium_candidate is now premium (on the embedded database in ${dataDir})`]);
    expect(admin({ dataDir }, 'premium', 'nobody_here')).toMatchObject({ status: 2, err: 'admin: no teacher with the username "nobody_here"' });
    expect(admin({ dataDir }, 'premium')).toMatchObject({ status: 2, err: 'admin: usage: npm run admin -- premium <username> [--off]' });

    const server = await startServer({ dataDir });
    const base = server.base;
    try {
      const login = await fetch(`${base}/api/login/admin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ loginName: teacher.username, password: teacher.password }),
      });
      expect(login.status).toBe(200);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const premium = async () => ((await (await fetch(`${base}/api/checkStatus`, { headers: { cookie } })).json()) as { isPremiumUser: boolean }).isPremiumUser;
      expect(await premium()).toBe(true);

      // The job runs come from the server while it holds the database (its own jobs are off here).
      expect(admin({ dataDir }, 'jobs')).toEqual({ status: 0, out: listed.out.replace(`(on the embedded database in ${dataDir})`, '(through the running server)'), err: '' });

      const off = admin({ dataDir }, 'premium', 'premium_candidate', '--off');
      expect([off.status, off.out]).toEqual([0, 'premium_candidate is no longer premium (through the running server)']);
      expect(await premium()).toBe(false);
    } catch (err) {
      throw new Error(`${String(err)}\nserver stderr:\n${server.stderr()}`, { cause: err });
    } finally {
      await server.stop();
    }
    // A stopped server leaves no operator file behind: the next command opens the database itself.
    expect(existsSync(join(dataDir, OPERATOR_FILE))).toBe(false);
    const again = admin({ dataDir }, 'premium', 'premium_candidate');
    expect([again.status, again.out]).toEqual([0, `premium_candidate is now premium (on the embedded database in ${dataDir})`]);
  }, 240_000);
});
