import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../test/database.ts';
import { buildTeacher } from '../test/factories.ts';
import { asPgValue, onePlaceholderPerName, transactionOnConnection, statement } from './prepared.ts';
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
        const prepared = await connection.query<{ count: number }>(
          `select cardinality(parameter_types) as count from pg_prepared_statements where name = 'test_add_coins'`,
        );
        // Prepared with one parameter per named value: the amount is sent once.
        expect(prepared.rows).toEqual([{ count: 2 }]);
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

describe('one parameter per named value', () => {
  it('numbers each name by its first use and says which value goes where', () => {
    expect(onePlaceholderPerName('s', 'update t set a = $1 where id = $2 and $3 > 0 and b = any($4)', ['amount', 'id', 'amount', 'ids'])).toEqual({
      text: 'update t set a = $1 where id = $2 and $1 > 0 and b = any($3)',
      order: ['amount', 'id', 'ids'],
    });
    expect(onePlaceholderPerName('s', 'select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'a']).text).toBe(
      'select $1, $2, $3, $4, $5, $6, $7, $8, $9, $1',
    );
  });

  it('refuses a text whose placeholders are not the values in order', () => {
    expect(() => onePlaceholderPerName('s', 'select $2, $1', ['a', 'b'])).toThrow('statement s');
    expect(() => onePlaceholderPerName('s', 'select $1', ['a', 'b'])).toThrow('statement s');
  });
});

describe('array values', () => {
  it('reach the database as the same arrays', async () => {
    const { db } = await testDatabase();
    const texts = ['plain', 'with "quotes"', 'back\\slash and \\"', 'comma, {braces}', 'NULL', '', '  spaced  ', 'ääkköset 🪙', null];
    const [row] = await queryRows<{ texts: (string | null)[]; numbers: number[]; flags: boolean[]; empty: string[] }>(
      db,
      sql`select ${asPgValue(texts)}::text[] as texts, ${asPgValue([3, -2, 0])}::integer[] as numbers,
        ${asPgValue([true, false])}::boolean[] as flags, ${asPgValue([])}::text[] as empty`,
    );
    expect(row).toEqual({ texts, numbers: [3, -2, 0], flags: [true, false], empty: [] });
  });

  it('leave anything but arrays of strings, numbers, booleans and nulls to pg', () => {
    const nested = [['a'], ['b']];
    const dates = [new Date(0)];
    expect(asPgValue(nested)).toBe(nested);
    expect(asPgValue(dates)).toBe(dates);
    expect(asPgValue('text')).toBe('text');
    expect(asPgValue(null)).toBe(null);
  });
});
