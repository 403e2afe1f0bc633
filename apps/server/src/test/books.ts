import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/reset.ts';
import { ledgerBalance, type Account } from '../modules/coins/ledger.repo.ts';

/** Every teacher's and member's stored balance, by ledger account. */
export async function storedBalances(db: Db): Promise<Map<Account, number>> {
  const rows = await queryRows<{ account: Account; coins: number }>(
    db,
    sql`select 'teacher:' || id as account, coins from teachers union all select 'member:' || id, coins from members`,
  );
  return new Map(rows.map((r) => [r.account, r.coins]));
}

/** Every stored balance equals its ledger sum, and none is negative (DESIGN.md section 4). */
export async function expectBooksBalance(db: Db): Promise<void> {
  for (const [account, coins] of await storedBalances(db)) {
    expect([account, coins >= 0]).toEqual([account, true]);
    expect([account, await ledgerBalance(db, account)]).toEqual([account, coins]);
  }
}
