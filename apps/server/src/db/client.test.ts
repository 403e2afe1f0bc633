import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { transactionOnConnection } from './prepared.ts';
import { queryRows } from './reset.ts';
import { testWorker } from '../test/worker.ts';

// Real PostgreSQL (DATABASE_URL's server, or the local one CI starts), also when the suite runs on PGlite.
const PG_URL = loadConfig().databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `kolikko_migrate_${testWorker()}`;

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

afterAll(() => admin(`drop database if exists ${name} with (force)`));

/** The test's own database, made empty, as a URL. */
async function freshDatabase(): Promise<string> {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('openDatabase on PostgreSQL', () => {
  it('lets nodes starting together on a new database migrate it one at a time: all start, each migration runs once', async () => {
    const url = await freshDatabase();
    const opened = await Promise.allSettled(Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url, poolSize: 2 })));
    try {
      expect(opened.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
      const first = opened[0]?.status === 'fulfilled' ? opened[0].value : undefined;
      const migrations = readdirSync(fileURLToPath(new URL('./migrations', import.meta.url))).filter((f) => f.endsWith('.sql'));
      const [applied] = await queryRows<{ n: number }>(first!.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied?.n).toBe(migrations.length);
    } finally {
      for (const r of opened) if (r.status === 'fulfilled') await r.value.close();
    }
  });

  it('keeps the process up when PostgreSQL ends an idle pooled connection, tells its listener, and opens another', async () => {
    const database = await openDatabase({ databaseUrl: await freshDatabase(), poolSize: 2 });
    const heard: (Error & { code?: string })[] = [];
    database.onIdleError((err) => heard.push(err));
    try {
      // The connection that answers goes back to the pool, idle; an administrator then ends it.
      const [mine] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
      await admin(`select pg_terminate_backend(${Number(mine?.pid)})`);
      for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard.map((err) => err.code)).toEqual(['57P01']);
      const [again] = await queryRows<{ one: number }>(database.db, sql`select 1 as one`);
      expect(again?.one).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('gives a connection back to the pool when its transaction cannot begin (drizzle sends begin outside its try)', async () => {
    const database = await openDatabase({ databaseUrl: await freshDatabase(), poolSize: 1 });
    try {
      // `begin isolation level nonsense` fails as a restart's dead connection does, before the transaction's try.
      for (let i = 0; i < 3; i++) {
        await expect(database.db.transaction(async () => undefined, { isolationLevel: 'nonsense' as 'serializable' })).rejects.toThrow();
      }
      // With the one connection lost, this would wait forever.
      const answer = queryRows<{ one: number }>(database.db, sql`select 1 as one`);
      const timeout = new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 15_000).unref());
      expect(await Promise.race([answer.then((rows) => rows[0]?.one), timeout])).toBe(1);
      await database.db.transaction(async (tx) => {
        const [row] = await queryRows<{ one: number }>(tx, sql`select 1 as one`);
        expect(row?.one).toBe(1);
      });
    } finally {
      await database.close();
    }
  });

  it('hands out the same connection object at each checkout, so what is kept per connection is built once', async () => {
    const database = await openDatabase({ databaseUrl: await freshDatabase(), poolSize: 1 });
    try {
      const seen: unknown[] = [];
      for (let i = 0; i < 3; i++) {
        await transactionOnConnection(database.db, async (tx, connection) => {
          seen.push(connection, tx);
          const [row] = await queryRows<{ one: number }>(tx, sql`select 1 as one`);
          expect(row?.one).toBe(1);
        });
      }
      // One pooled connection: the same client, and the same Drizzle object on it, every time.
      expect(seen[0]).not.toBeNull();
      expect(seen[2]).toBe(seen[0]);
      expect(seen[4]).toBe(seen[0]);
      expect(seen[3]).toBe(seen[1]);
      expect(seen[5]).toBe(seen[1]);
    } finally {
      await database.close();
    }
  });

  it("sends a transaction's BEGIN in one write with its first statement and COMMIT with its last, and still rolls back what failed", async () => {
    const database = await openDatabase({ databaseUrl: await freshDatabase(), poolSize: 1 });
    try {
      await queryRows(database.db, sql`create table kept (n integer)`);
      // The pool's one connection, and what its socket hands the kernel: one call per write,
      // however many messages the write holds.
      const connection = await transactionOnConnection(database.db, async (_tx, c) => c!);
      expect(connection.pipeline).toBe(true);
      const socket = (connection as unknown as { connection: { stream: Record<'_write' | '_writev', (...args: unknown[]) => unknown> } }).connection.stream;
      let writes = 0;
      for (const key of ['_write', '_writev'] as const) {
        const original = socket[key];
        socket[key] = function (this: unknown, ...args: unknown[]) {
          writes++;
          return original.apply(this, args);
        };
      }
      await transactionOnConnection(database.db, async (_tx, c) => {
        await c!.query('insert into kept values (1)');
        await c!.query('insert into kept values (2)');
      });
      // BEGIN with the first insert, the second insert, COMMIT: three writes, not four.
      expect(writes).toBe(3);
      // COMMIT sent with the last statement: two writes in all, and the rows are kept.
      writes = 0;
      await transactionOnConnection(database.db, async (_tx, c, commitWith) => {
        await c!.query('insert into kept values (10)');
        await commitWith(() => c!.query('insert into kept values (11)'));
      });
      expect(writes).toBe(2);
      delete (socket as Partial<typeof socket>)._write;
      delete (socket as Partial<typeof socket>)._writev;
      // A last statement that fails, its error caught by the work: the COMMIT behind it rolled
      // back, and the transaction says so instead of answering as if it had committed.
      await expect(
        transactionOnConnection(database.db, async (_tx, c, commitWith) => {
          await c!.query('insert into kept values (12)');
          await commitWith(() => c!.query('select 1/0')).catch(() => undefined);
          return 'done';
        }),
      ).rejects.toThrow('rolled back');
      await queryRows(database.db, sql`delete from kept where n >= 10 and n <> 12`);
      // A statement that fails after BEGIN was pipelined: the transaction rolls back, nothing kept of it.
      await expect(
        transactionOnConnection(database.db, async (_tx, connection) => {
          await connection!.query('insert into kept values (3)');
          await connection!.query('select 1/0');
        }),
      ).rejects.toThrow('division by zero');
      const rows = await queryRows<{ n: number }>(database.db, sql`select n from kept order by n`);
      expect(rows.map((r) => r.n)).toEqual([1, 2]);
    } finally {
      await database.close();
    }
  });
});
