import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { queryRows } from '../db/reset.ts';
import { expectBooksBalance } from '../test/books.ts';
import { caller, signIn } from '../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher, giveCoins } from '../test/factories.ts';
import { POSTGRES_BIN, startOwnPostgres, type OwnPostgres } from '../test/own-servers.ts';

/**
 * Issue 35: PostgreSQL restarted under 200 coin operations. Each is either committed and answered
 * 2xx, or not committed and answered 503 SERVER.UNAVAILABLE, never 500; the app serves again
 * within 5 s of the database's return, and the books balance. On a PostgreSQL of the test's own
 * (test/own-servers.ts), so the machine's is never restarted.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let pgServer: OwnPostgres | undefined;
let database: Database | undefined;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  if (!POSTGRES_BIN) return;
  pgServer = await startOwnPostgres();
  database = await openDatabase({ databaseUrl: pgServer.url, poolSize: 10 });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA: 'off', JOBS: 'off', LIMITS_EXEMPT_ADDRESSES: '127.0.0.1', PUBLIC_URL: 'http://localhost:3000', WEB_DIST: '/nonexistent' });
  app = await buildApp({ config, database });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await pgServer?.destroy();
});

type Kind = 'award' | 'batch' | 'transfer';
interface Outcome {
  kind: Kind;
  status: number;
  errorCode?: string;
  awardId?: string;
}

describe.skipIf(!POSTGRES_BIN)('PostgreSQL restarted during 200 coin operations', () => {
  it('commits and answers 2xx, or commits nothing and answers 503 SERVER.UNAVAILABLE; serves again within 5 s; the books balance', { timeout: 120_000 }, async () => {
    if (!app || !database || !pgServer) throw new Error('set up in beforeAll');
    const db = database.db;
    const call = caller(app);
    const teacher = await buildTeacher(db, { coins: 1_000_000 });
    const group = await buildGroup(db, teacher.id);
    const members = await Promise.all(Array.from({ length: 10 }, () => buildMember(db, group.id)));
    for (const member of members) await giveCoins(db, teacher.id, member.id, 1000);
    const teacherCookie = await signIn(app, teacher, 'teacher');
    expect((await call('PUT', `/api/group/${group.id}/settings`, teacherCookie, { trading_allowed: true })).statusCode).toBe(200);
    const memberCookies = await Promise.all(members.map((member) => signIn(app!, member, 'member')));
    const before = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from coin_ledger where reason = 'transfer'`);
    expect(before[0]?.n).toBe(0);

    const op = async (i: number): Promise<Outcome> => {
      const kind: Kind = i % 4 === 3 ? 'transfer' : i % 4 === 2 ? 'batch' : 'award';
      let res: LightMyRequestResponse;
      if (kind === 'award') res = await call('PUT', '/api/member/coins', teacherCookie, { member_id: members[i % 10]!.id, coins: 1 });
      else if (kind === 'batch') res = await call('PUT', '/api/member/coins/batch', teacherCookie, { members: members.slice(0, 5).map((m) => m.id), coins: 2 });
      else res = await call('POST', `/api/member/${members[i % 10]!.id}/transfer`, memberCookies[i % 10], { recipient: members[(i + 1) % 10]!.id, amount: 1 });
      const body = res.json<{ award_id?: string; errorCode?: string }>();
      return { kind, status: res.statusCode, ...(body.errorCode ? { errorCode: body.errorCode } : {}), ...(body.award_id ? { awardId: body.award_id } : {}) };
    };

    // 200 operations, started 15 ms apart (about 20 in flight), with the restart in their middle:
    // some finish before it, some meet PostgreSQL shutting down, some find it away, some its return.
    const outcomes: Promise<Outcome>[] = [];
    const issuing = (async () => {
      for (let i = 0; i < 200; i++) {
        outcomes.push(op(i));
        await sleep(15);
      }
    })();
    await sleep(700);
    await pgServer.stop();
    await sleep(800);
    await pgServer.start();
    const back = Date.now();
    // The app serves again within 5 s of the database's return: an award every 100 ms from then,
    // beside the operations still coming, until one is answered 200.
    const probes: Outcome[] = [];
    const served = (async () => {
      while (Date.now() - back < 15_000) {
        const res = await call('PUT', '/api/member/coins', teacherCookie, { member_id: members[0]!.id, coins: 1 });
        const body = res.json<{ award_id?: string; errorCode?: string }>();
        probes.push({ kind: 'award', status: res.statusCode, ...(body.errorCode ? { errorCode: body.errorCode } : {}), ...(body.award_id ? { awardId: body.award_id } : {}) });
        if (res.statusCode === 200) return Date.now() - back;
        await sleep(100);
      }
      return Infinity;
    })();
    await issuing;
    const operations = await Promise.all(outcomes);
    const servedMs = await served;
    const results = [...operations, ...probes];
    expect(servedMs, 'time from the database back to the first award served').toBeLessThan(5000);

    // Every answer is a success or the catalogue's 503: never a 500 or any other.
    const statuses = results.map((r) => (r.status === 200 ? 'ok' : `${r.status} ${r.errorCode ?? ''}`));
    expect(statuses.filter((s) => s !== 'ok' && s !== '503 SERVER.UNAVAILABLE')).toEqual([]);
    // The restart met the operations: some went through, some were refused.
    expect(statuses.filter((s) => s === 'ok').length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 'ok').length).toBeGreaterThan(0);

    // A 2xx committed and a 503 did not: each answered award is stored, and no other; the
    // transfers in the ledger are those answered 2xx.
    const okAwards = results.filter((r) => r.status === 200 && r.kind !== 'transfer').map((r) => r.awardId);
    expect(okAwards.every((id) => typeof id === 'string')).toBe(true);
    const stored = await queryRows<{ id: string }>(db, sql`select id from awards`);
    expect(stored.length).toBe(okAwards.length);
    const storedIds = new Set(stored.map((row) => row.id));
    expect(okAwards.filter((id) => !storedIds.has(id!))).toEqual([]);
    const transfers = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from coin_ledger where reason = 'transfer'`);
    expect(transfers[0]?.n).toBe(results.filter((r) => r.status === 200 && r.kind === 'transfer').length);
    await expectBooksBalance(db);
  });
});
