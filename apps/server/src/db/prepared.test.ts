import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../test/database.ts';
import { buildTeacher } from '../test/factories.ts';
import { transactionOnConnection, statement } from './prepared.ts';
import { queryRows } from './reset.ts';

const addCoins = statement<{ id: string; amount: number }>(
  'test_add_coins',
  (v) => sql`update teachers set coins = coins + ${v.amount}::integer where id = ${v.id} and ${v.amount}::integer > 0 returning coins`,
);

describe('statements on a transaction connection', () => {
  it('run inside the transaction, prepared by name on PostgreSQL, and roll back with it', async () => {
    const { db, kind } = await testDatabase();
    const teacher = await buildTeacher(db);
    const [start] = await queryRows<{ coins: number }>(db, sql`select coins from teachers where id = ${teacher.id}`);

    const coins = await transactionOnConnection(db, async (tx, connection) => {
      expect(connection === null).toBe(kind === 'pglite');
      // A value used twice in the text is one named value.
      const [row] = await addCoins.run<{ coins: number }>(tx, connection, { id: teacher.id, amount: 5 });
      if (connection) {
        const prepared = await connection.query(`select 1 from pg_prepared_statements where name = 'test_add_coins'`);
        expect(prepared.rowCount).toBe(1);
      }
      return row?.coins;
    });
    expect(coins).toBe(start!.coins + 5);

    await expect(
      transactionOnConnection(db, async (tx, connection) => {
        await addCoins.run(tx, connection, { id: teacher.id, amount: 7 });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const [after] = await queryRows<{ coins: number }>(db, sql`select coins from teachers where id = ${teacher.id}`);
    expect(after!.coins).toBe(start!.coins + 5);
  });
});
