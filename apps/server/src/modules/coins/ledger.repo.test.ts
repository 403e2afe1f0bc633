import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/reset.ts';
import { testDatabase } from '../../test/database.ts';
import { expectBooksBalance, storedBalances } from '../../test/books.ts';
import { buildGroup, buildMember, buildTeacher, giveCoins } from '../../test/factories.ts';
import { InsufficientCoins, memberAccount, moveCoinsMany, teacherAccount, type Account, type Movement } from './ledger.repo.ts';

/**
 * moveCoinsMany() on its own (the award and the owed-rewards settlement use it through their
 * services, whose tests cover the one-statement path): both paths, what they refuse, and that a
 * refusal inside a transaction leaves nothing behind.
 */
const { db } = await testDatabase();

/** A teacher with `purse` coins and three students of one group holding `coins[i]`. */
async function classroom(purse: number, coins: number[]) {
  const teacher = await buildTeacher(db, { coins: purse + coins.reduce((a, b) => a + b, 0) });
  const group = await buildGroup(db, teacher.id);
  const members = [];
  for (const held of coins) {
    const member = await buildMember(db, group.id);
    if (held > 0) await giveCoins(db, teacher.id, member.id, held);
    members.push(member);
  }
  return { teacher: teacherAccount(teacher.id), members: members.map((m) => memberAccount(m.id)) };
}

const move = (from: Account, to: Account, amount: number): Movement => ({ from, to, amount, reason: 'transfer', actor: from });

async function ledgerRows(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from coin_ledger`);
  return row?.n ?? 0;
}

/** moveCoinsMany inside a transaction, as the services run it: a refusal rolls everything back. */
const inTransaction = (movements: Movement[]) => db.transaction((tx) => moveCoinsMany(tx, movements));

describe('moveCoinsMany', () => {
  it('moves a batch whose payers are never paid in one statement, and refuses it whole when a payer cannot cover its total', async () => {
    const { teacher, members } = await classroom(25, [0, 0, 0]);
    await inTransaction(members.map((m) => move(teacher, m, 5)));
    expect(await storedBalances(db)).toEqual(new Map([[teacher, 10], ...members.map((m): [Account, number] => [m, 5])]));

    const before = await ledgerRows();
    // 3 x 4 = 12 coins from a purse of 10: none of the three moves.
    await expect(inTransaction(members.map((m) => move(teacher, m, 4)))).rejects.toEqual(new InsufficientCoins(teacher));
    expect(await storedBalances(db)).toEqual(new Map([[teacher, 10], ...members.map((m): [Account, number] => [m, 5])]));
    expect(await ledgerRows()).toBe(before);
    await expectBooksBalance(db);
  });

  it('names the payer that fell short in a one-statement batch of several paying members, and moves nothing', async () => {
    const { teacher, members } = await classroom(0, [5, 2, 4]);
    const [a, b, c] = members as [Account, Account, Account];
    const before = await ledgerRows();
    await expect(inTransaction([move(a, teacher, 3), move(b, teacher, 3), move(c, teacher, 3)])).rejects.toEqual(new InsufficientCoins(b));
    expect(await storedBalances(db)).toEqual(new Map([[teacher, 0], [a, 5], [b, 2], [c, 4]]));
    expect(await ledgerRows()).toBe(before);

    await inTransaction([move(a, teacher, 3), move(b, teacher, 2), move(c, teacher, 3)]);
    expect(await storedBalances(db)).toEqual(new Map([[teacher, 8], [a, 2], [b, 0], [c, 1]]));
    expect(await ledgerRows()).toBe(before + 3);
    await expectBooksBalance(db);
  });

  it('moves a batch where an account both pays and is paid step by step, each payer covering its debits from what it held', async () => {
    const { teacher, members } = await classroom(12, [5, 0, 0]);
    const [a, b, c] = members as [Account, Account, Account];
    // b would pay c 2 of the 3 coins a sends it, but b holds none before the batch: all of it is refused.
    await expect(inTransaction([move(teacher, a, 10), move(a, b, 3), move(b, c, 2)])).rejects.toEqual(new InsufficientCoins(b));
    expect(await storedBalances(db)).toEqual(new Map([[teacher, 12], [a, 5], [b, 0], [c, 0]]));
    // a's debits (5) count against what it held (5), not with the 10 it receives.
    await expect(inTransaction([move(teacher, a, 10), move(a, b, 3), move(a, c, 3)])).rejects.toEqual(new InsufficientCoins(a));

    const before = await ledgerRows();
    await inTransaction([move(teacher, a, 10), move(a, b, 3), move(a, c, 2), move(teacher, c, 1)]);
    expect(await storedBalances(db)).toEqual(new Map([[teacher, 1], [a, 10], [b, 3], [c, 3]]));
    expect(await ledgerRows()).toBe(before + 4);
    await expectBooksBalance(db);
  });

  it('refuses a payee that does not exist and amounts that are not positive whole numbers, writing nothing', async () => {
    const { teacher, members } = await classroom(10, [2, 0, 0]);
    const gone = memberAccount('00000000-0000-4000-8000-000000000000');
    const before = await ledgerRows();
    await expect(inTransaction([move(teacher, members[0]!, 2), move(teacher, gone, 2)])).rejects.toThrow(`ledger account ${gone} does not exist`);
    // The step-by-step path checks its payees too.
    await expect(inTransaction([move(teacher, members[0]!, 2), move(members[0]!, gone, 1)])).rejects.toThrow(`ledger account ${gone} does not exist`);
    for (const amount of [0, -1, 1.5]) await expect(inTransaction([move(teacher, members[0]!, amount)])).rejects.toThrow(RangeError);
    expect(await ledgerRows()).toBe(before);
    expect((await storedBalances(db)).get(teacher)).toBe(10);
    await expectBooksBalance(db);
  });
});
