import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { queryRows } from '../db/reset.ts';
import { expectBooksBalance } from '../test/books.ts';
import { buildGroup, buildMember, buildTeacher } from '../test/factories.ts';
import { startServer } from '../test/operator-cli.ts';
import { POSTGRES_BIN, startOwnPostgres, type OwnPostgres } from '../test/own-servers.ts';

/**
 * Issue 35: SIGTERM during 200 concurrent awards, as a rolling deploy sends it. The process stops
 * taking new requests, finishes those in flight, tells its sockets to reconnect (their line
 * closes; they are not ended) and exits within 10 s; no award is half done. The server runs as
 * `npm start` runs it, on a PostgreSQL of the test's own.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let pgServer: OwnPostgres | undefined;
let database: Database | undefined;

beforeAll(async () => {
  if (!POSTGRES_BIN) return;
  pgServer = await startOwnPostgres();
  database = await openDatabase({ databaseUrl: pgServer.url, poolSize: 2 });
});

afterAll(async () => {
  await database?.close();
  await pgServer?.destroy();
});

type Outcome = { status: number; errorCode?: string; awardId?: string } | { failed: string };

describe.skipIf(!POSTGRES_BIN)('SIGTERM during 200 concurrent awards', () => {
  it('finishes what is in flight, refuses the rest, sends its sockets to reconnect, exits within 10 s; every award is whole', { timeout: 180_000 }, async () => {
    if (!database || !pgServer) throw new Error('set up in beforeAll');
    const db = database.db;
    const teacher = await buildTeacher(db, { coins: 1_000_000 });
    const group = await buildGroup(db, teacher.id);
    const members = await Promise.all(Array.from({ length: 30 }, () => buildMember(db, group.id)));
    const server = await startServer({ databaseUrl: pgServer.url });
    let sockets: Socket[] = [];
    try {
      const login = await fetch(`${server.base}/api/login/admin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ loginName: teacher.username, password: teacher.password }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

      // Three of the teacher's screens, live.
      sockets = await Promise.all(
        [0, 1, 2].map(
          () =>
            new Promise<Socket>((resolve, reject) => {
              const socket = connect(server.base, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
              socket.once('connect', () => resolve(socket));
              socket.once('connect_error', reject);
            }),
        ),
      );
      const reasons = sockets.map((socket) => new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason))));

      const ids = members.map((m) => m.id);
      let answered = 0;
      const award = async (): Promise<Outcome> => {
        try {
          const res = await fetch(`${server.base}/api/member/coins/batch`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ members: ids, coins: 1 }),
          });
          const body = (await res.json()) as { award_id?: string; errorCode?: string };
          return { status: res.status, ...(body.errorCode ? { errorCode: body.errorCode } : {}), ...(body.award_id ? { awardId: body.award_id } : {}) };
        } catch (err) {
          // Not taken: the connection was refused or closed before a request on it was read.
          return { failed: String((err as { cause?: { code?: string } }).cause?.code ?? err) };
        } finally {
          answered += 1;
        }
      };
      const outcomes = Array.from({ length: 200 }, () => award());
      while (answered < 20) await sleep(5);
      const answeredBefore = answered;
      const signalled = Date.now();
      const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
      server.process.kill('SIGTERM');

      // New requests are not taken: a new connection is refused, or told 503 while it closes.
      await sleep(300);
      const late = await fetch(`${server.base}/healthz`, { headers: { connection: 'close' } }).then(
        async (res) => `${res.status} ${res.status === 503 ? ((await res.json()) as { errorCode: string }).errorCode : ''}`,
        () => 'refused',
      );
      expect(['refused', '503 SERVER.UNAVAILABLE']).toContain(late);

      const code = await exited;
      const tookMs = Date.now() - signalled;
      const results = await Promise.all(outcomes);
      expect(code, server.stderr()).toBe(0);
      expect(tookMs).toBeLessThan(10_000);

      // Each screen's line was closed, not its socket ended: a client reconnects after it.
      expect(await Promise.all(reasons)).toEqual(['transport close', 'transport close', 'transport close']);

      const ok = results.filter((r): r is { status: 200; awardId: string } => 'status' in r && r.status === 200);
      const others = results.filter((r) => !('status' in r) || r.status !== 200).map((r) => ('failed' in r ? 'not taken' : `${r.status} ${r.errorCode ?? ''}`));
      expect(others.filter((s) => s !== 'not taken' && s !== '503 SERVER.UNAVAILABLE')).toEqual([]);
      // What was in flight at the signal was finished, not dropped.
      expect(ok.length).toBeGreaterThan(answeredBefore);

      // Every award answered is stored whole (30 students, 30 ledger rows) and no other is.
      const stored = await queryRows<{ id: string; rows: number }>(
        db,
        sql`select a.id, (select count(*)::int from coin_ledger l where l.id between a.ledger_first and a.ledger_last and l.reason = 'teacher_award') as rows from awards a`,
      );
      expect(stored.length).toBe(ok.length);
      expect(new Set(stored.map((row) => row.id))).toEqual(new Set(ok.map((r) => r.awardId)));
      expect(stored.filter((row) => row.rows !== 30)).toEqual([]);
      const held = await queryRows<{ coins: number }>(db, sql`select coalesce(sum(coins), 0)::int as coins from members`);
      expect(held[0]?.coins).toBe(ok.length * 30);
      await expectBooksBalance(db);
    } finally {
      for (const socket of sockets) socket.disconnect();
      await server.stop();
    }
  });
});
