import { and, desc, eq, gte, or, sql } from 'drizzle-orm';
import type { LedgerReason } from '@kolikko/core/enumerations';
import type { DbOrTx } from '../../db/client.ts';
import { coinLedger, members, teachers } from '../../db/schema/index.ts';

/** A ledger account (DESIGN.md section 4). */
export type Account = `teacher:${string}` | `member:${string}` | 'mint' | 'sink';

export const teacherAccount = (id: string): Account => `teacher:${id}`;
export const memberAccount = (id: string): Account => `member:${id}`;

export interface Movement {
  from: Account;
  to: Account;
  /** A positive integer number of coins. */
  amount: number;
  reason: LedgerReason;
  actor: string;
  groupId?: string | null;
  reference?: string | null;
}

/** Why a movement was refused: the payer's balance could not cover it. */
export class InsufficientCoins extends Error {
  override name = 'InsufficientCoins';
  constructor(readonly account: Account) {
    super(`${account} cannot cover the movement`);
  }
}

/**
 * Moves coins: debits the payer with a guarded UPDATE (never read-modify-write, never below
 * zero), credits the payee, and writes the ledger row. Run it inside the caller's transaction so
 * a refused movement rolls back everything the request did.
 */
export async function moveCoins(tx: DbOrTx, m: Movement): Promise<void> {
  if (!Number.isInteger(m.amount) || m.amount <= 0) throw new RangeError(`amount must be a positive integer, got ${m.amount}`);
  if (!(await adjustBalance(tx, m.from, -m.amount))) throw new InsufficientCoins(m.from);
  if (!(await adjustBalance(tx, m.to, m.amount))) throw new Error(`ledger account ${m.to} does not exist`);
  await tx.insert(coinLedger).values({
    fromAccount: m.from,
    toAccount: m.to,
    amount: m.amount,
    reason: m.reason,
    actor: m.actor,
    groupId: m.groupId ?? null,
    reference: m.reference ?? null,
  });
}

/** Adds delta to an account's stored balance; false when the row is missing or would go negative. */
async function adjustBalance(tx: DbOrTx, account: Account, delta: number): Promise<boolean> {
  if (account === 'mint' || account === 'sink') return true;
  const [kind, id] = splitAccount(account);
  const table = kind === 'teacher' ? teachers : members;
  const guard = delta < 0 ? gte(table.coins, -delta) : undefined;
  const updated = await tx
    .update(table)
    .set({ coins: sql`${table.coins} + ${delta}` })
    .where(and(eq(table.id, id), guard))
    .returning({ id: table.id });
  return updated.length === 1;
}

function splitAccount(account: `teacher:${string}` | `member:${string}`): ['teacher' | 'member', string] {
  const i = account.indexOf(':');
  return [account.slice(0, i) === 'teacher' ? 'teacher' : 'member', account.slice(i + 1)];
}

/** The sum of an account's ledger rows: what its stored balance must equal. */
export async function ledgerBalance(db: DbOrTx, account: Account): Promise<number> {
  const [row] = await db
    .select({
      balance: sql<string>`coalesce(sum(case when ${coinLedger.toAccount} = ${account} then ${coinLedger.amount} else 0 end), 0)
        - coalesce(sum(case when ${coinLedger.fromAccount} = ${account} then ${coinLedger.amount} else 0 end), 0)`,
    })
    .from(coinLedger)
    .where(sql`${coinLedger.toAccount} = ${account} or ${coinLedger.fromAccount} = ${account}`);
  return Number(row?.balance ?? 0);
}

export type LedgerRow = typeof coinLedger.$inferSelect;

/** An account's movements, newest first (history screens are views of the ledger). */
export async function listLedgerOf(db: DbOrTx, account: Account, limit: number): Promise<LedgerRow[]> {
  return db
    .select()
    .from(coinLedger)
    .where(or(eq(coinLedger.fromAccount, account), eq(coinLedger.toAccount, account)))
    .orderBy(desc(coinLedger.at), desc(coinLedger.id))
    .limit(limit);
}

/** The id of a teacher or member account; null for mint and sink. */
export function accountId(account: string): { kind: 'teacher' | 'member'; id: string } | null {
  const i = account.indexOf(':');
  const kind = account.slice(0, i);
  if (kind !== 'teacher' && kind !== 'member') return null;
  return { kind, id: account.slice(i + 1) };
}
