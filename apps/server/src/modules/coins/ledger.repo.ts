import { desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { LedgerReason } from '@kolikko/core/enumerations';
import type { DbOrTx } from '../../db/client.ts';
import { coinLedger, members, teachers } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/raw.ts';
import { statement, type Connection, type Statement } from '../../db/prepared.ts';

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
 * Moves coins in one statement: debits the payer with a guarded UPDATE (never read-modify-write,
 * never below zero), credits the payee only if the debit happened, and writes the ledger row only
 * if both did. Run it inside the caller's transaction so a refused movement rolls back everything
 * the request did.
 */
export async function moveCoins(tx: DbOrTx, m: Movement): Promise<void> {
  const values = movementValues(m);
  const [outcome] = await movement(accountParts(m.from).kind, accountParts(m.to).kind).run<{ debited: boolean; logged: boolean }>(tx, null, values);
  checkMovement(m, outcome);
}

type AccountKind = 'teacher' | 'member' | 'mint' | 'sink';
type MovementValues = {
  fromId: string | null;
  toId: string | null;
  amount: number;
  fromAccount: string;
  toAccount: string;
  reason: string;
  actor: string;
  groupId: string | null;
  reference: string | null;
};

/** An account's kind, and the id of its stored balance (mint and sink have none). */
function accountParts(account: Account): { kind: AccountKind; id: string | null } {
  if (account === 'mint' || account === 'sink') return { kind: account, id: null };
  const [kind, id] = splitAccount(account);
  return { kind, id };
}

/** The CTEs of one movement: `debited`, then `credited` only if it was, then `logged` only if both were. */
function movementCtes(fromKind: AccountKind, toKind: AccountKind, v: { [K in keyof MovementValues]: unknown }): SQL {
  const stored = (kind: AccountKind) => kind === 'teacher' || kind === 'member';
  const table = (kind: AccountKind) => (kind === 'teacher' ? sql`teachers` : sql`members`);
  const amount = sql`${v.amount}::integer`;
  return sql`
    debited as (${
      stored(fromKind) ? sql`update ${table(fromKind)} set coins = coins - ${amount} where id = ${v.fromId} and coins >= ${amount} returning 1` : sql`select 1`
    }),
    credited as (${
      stored(toKind)
        ? sql`update ${table(toKind)} set coins = coins + ${amount} where id = ${v.toId} and exists (select from debited) returning 1`
        : sql`select 1 where exists (select from debited)`
    }),
    logged as (
      insert into coin_ledger (from_account, to_account, amount, reason, actor, group_id, reference)
      select ${v.fromAccount}::text, ${v.toAccount}::text, ${amount}, ${v.reason}::text, ${v.actor}::text, ${v.groupId}::uuid, ${v.reference}::text
      where exists (select from credited)
      returning 1)`;
}

/** The values of a movement's statement. */
function movementValues(m: Movement): MovementValues {
  if (!Number.isInteger(m.amount) || m.amount <= 0) throw new RangeError(`amount must be a positive integer, got ${m.amount}`);
  if (m.from === m.to) throw new RangeError(`a movement needs two accounts, got ${m.from} twice`);
  return {
    fromId: accountParts(m.from).id,
    toId: accountParts(m.to).id,
    amount: m.amount,
    fromAccount: m.from,
    toAccount: m.to,
    reason: m.reason,
    actor: m.actor,
    groupId: m.groupId ?? null,
    reference: m.reference ?? null,
  };
}

/** What a movement's statement answered: throws when the payer could not cover it. */
function checkMovement(m: Movement, outcome: { debited: boolean; logged: boolean } | undefined): void {
  if (!outcome?.debited) throw new InsufficientCoins(m.from);
  if (!outcome.logged) throw new Error(`ledger account ${m.to} does not exist`);
}

const movements = new Map<string, Statement<MovementValues>>();

/** The statement of a movement between two kinds of account, one per pair (prepared by name). */
function movement(fromKind: AccountKind, toKind: AccountKind): Statement<MovementValues> {
  const name = `move_coins_${fromKind}_${toKind}`;
  let found = movements.get(name);
  if (!found) {
    found = statement<MovementValues>(
      name,
      (v) => sql`with ${movementCtes(fromKind, toKind, v)} select exists (select from debited) as debited, exists (select from logged) as logged`,
    );
    movements.set(name, found);
  }
  return found;
}

/**
 * Several movements at once (a class's award is 30 movements): every payer is debited its total
 * with a guarded UPDATE per table, every payee credited, and the ledger rows are written with one
 * INSERT, each with arrays as parameters (unnest), so a batch costs what one movement does.
 * Stricter than moveCoins() one by one: an account must cover all its debits of the batch before
 * any of its credits count. Throws InsufficientCoins naming a payer that cannot; run it inside the
 * caller's transaction, which then rolls everything back.
 *
 * When no account both pays and is paid (an award, a settlement of owed rewards), all of it is
 * one statement, as moveCoins() is for one movement: the credits happen only if every debit did,
 * and the ledger rows only if every credit did. With `connection` (transactionOnConnection) it is
 * prepared by name there. Otherwise, a row must not change twice in one statement, so the debits,
 * the credits and the ledger go one after the other.
 */
export async function moveCoinsMany(tx: DbOrTx, movements: Movement[], connection: Connection = null, award?: AwardRecord): Promise<void> {
  if (movements.length === 0) {
    if (award) throw new Error('an award that moves no coins writes its row itself');
    return;
  }
  const debits = new Map<Account, number>();
  const credits = new Map<Account, number>();
  for (const m of movements) {
    if (!Number.isInteger(m.amount) || m.amount <= 0) throw new RangeError(`amount must be a positive integer, got ${m.amount}`);
    debits.set(m.from, (debits.get(m.from) ?? 0) + m.amount);
    credits.set(m.to, (credits.get(m.to) ?? 0) + m.amount);
  }
  if (![...debits.keys()].some((account) => credits.has(account))) return moveInOneStatement(tx, connection, movements, debits, credits, award);
  if (award) throw new Error('an award pays from the purse to students or back, never both ways');
  for (const kind of ['teacher', 'member'] as const) {
    const refused = await adjustBalances(tx, kind, debits, 'debit');
    if (refused) throw new InsufficientCoins(refused);
  }
  for (const kind of ['teacher', 'member'] as const) {
    const missing = await adjustBalances(tx, kind, credits, 'credit');
    if (missing) throw new Error(`ledger account ${missing} does not exist`);
  }
  const column = <K extends keyof Movement>(key: K) => sql.param(movements.map((m) => m[key] ?? null));
  await tx.execute(sql`
    insert into ${coinLedger} (from_account, to_account, amount, reason, actor, group_id, reference)
    select * from unnest(${column('from')}::text[], ${column('to')}::text[], ${column('amount')}::integer[],
      ${column('reason')}::text[], ${column('actor')}::text[], ${column('groupId')}::uuid[], ${column('reference')}::text[])`);
}

/** The stored balances of one kind in a batch's totals: ids and amounts, as two arrays. */
function totalsOf(kind: 'teacher' | 'member', totals: Map<Account, number>): { ids: string[]; amounts: number[] } {
  const ids: string[] = [];
  const amounts: number[] = [];
  for (const [account, amount] of totals) {
    if (account === 'mint' || account === 'sink') continue;
    const [k, id] = splitAccount(account);
    if (k !== kind) continue;
    ids.push(id);
    amounts.push(amount);
  }
  return { ids, amounts };
}

/**
 * An award's own row (issue 32's `awards`), written by the statement that moves its coins, with
 * the ids of the ledger rows it wrote: one round trip fewer than an insert of its own, and its undo
 * finds its rows by primary key (bench/README.md, "A reason award against the batch award before it").
 */
export interface AwardRecord {
  id: string;
  teacherId: string;
  reasonId: string | null;
  reasonName: string | null;
  reasonIcon: string | null;
  coins: number;
  createdAt: Date;
}

type AwardValues = {
  awardId: string;
  awardTeacherId: string;
  awardReasonId: string | null;
  awardReasonName: string | null;
  awardReasonIcon: string | null;
  awardCoins: number;
  awardCreatedAt: Date;
};

type BatchValues = {
  debitTeacherIds: string[];
  debitTeacherAmounts: number[];
  debitMemberIds: string[];
  debitMemberAmounts: number[];
  creditTeacherIds: string[];
  creditTeacherAmounts: number[];
  creditMemberIds: string[];
  creditMemberAmounts: number[];
  from: string[];
  to: string[];
  amount: number[];
  reason: string[];
  actor: string[];
  groupId: (string | null)[];
  reference: (string | null)[];
};

/** The ids an UPDATE CTE changed, only when it changed fewer rows than it was given; else NULL. */
const changedIfShort = (changed: SQL, wanted: unknown) =>
  sql`case when (select count(*) from ${changed}) < cardinality(${wanted}::uuid[]) then array(select id::text from ${changed}) end`;

/**
 * A batch whose payers are never its payees, as one statement. The four UPDATEs touch distinct
 * rows (a row changed twice in one statement would keep only one change). `debited` holds when
 * every debit found its row with enough coins; the credits run only then, and the ledger insert
 * only when every debit and every credit found its row. The ids of the rows an UPDATE changed come
 * back only when it missed one (a payer short of coins, a payee that does not exist), to name
 * it: an award's 30 ids, sent back and parsed every time, cost the server about 30 µs an award
 * for nothing (bench/README.md, "Where the second process's time goes, and what an award costs
 * PostgreSQL").
 */
function batchMovementSql(v: { [K in keyof BatchValues]: unknown }, award?: { [K in keyof AwardValues]: unknown }): SQL {
  const adjust = (table: SQL, ids: unknown, amounts: unknown, direction: 'debit' | 'credit', when: SQL) => sql`
    update ${table} as acc set coins = acc.coins ${direction === 'debit' ? sql`-` : sql`+`} v.amount
    from unnest(${ids}::uuid[], ${amounts}::integer[]) as v(id, amount)
    where acc.id = v.id ${direction === 'debit' ? sql`and acc.coins >= v.amount` : sql``} and ${when}
    returning acc.id`;
  const debited = sql`(select debited from ok)`;
  return sql`
    with debited_teachers as (${adjust(sql`teachers`, v.debitTeacherIds, v.debitTeacherAmounts, 'debit', sql`true`)}),
      debited_members as (${adjust(sql`members`, v.debitMemberIds, v.debitMemberAmounts, 'debit', sql`true`)}),
      ok as (select (select count(*) from debited_teachers) = cardinality(${v.debitTeacherIds}::uuid[])
        and (select count(*) from debited_members) = cardinality(${v.debitMemberIds}::uuid[]) as debited),
      credited_teachers as (${adjust(sql`teachers`, v.creditTeacherIds, v.creditTeacherAmounts, 'credit', debited)}),
      credited_members as (${adjust(sql`members`, v.creditMemberIds, v.creditMemberAmounts, 'credit', debited)}),
      logged as (
        insert into coin_ledger (from_account, to_account, amount, reason, actor, group_id, reference)
        select * from unnest(${v.from}::text[], ${v.to}::text[], ${v.amount}::integer[], ${v.reason}::text[], ${v.actor}::text[],
          ${v.groupId}::uuid[], ${v.reference}::text[])
        where ${debited} and (select count(*) from credited_teachers) = cardinality(${v.creditTeacherIds}::uuid[])
          and (select count(*) from credited_members) = cardinality(${v.creditMemberIds}::uuid[])
        returning id)${
          award
            ? sql`,
      awarded as (
        insert into awards (id, teacher_id, reason_id, reason_name, reason_icon, coins, created_at, ledger_first, ledger_last)
        select ${award.awardId}::uuid, ${award.awardTeacherId}::uuid, ${award.awardReasonId}::uuid, ${award.awardReasonName}::text,
          ${award.awardReasonIcon}::text, ${award.awardCoins}::integer, ${award.awardCreatedAt}::timestamptz, min(id), max(id)
        from logged having count(*) > 0)`
            : sql``
        }
    select ${debited} as debited,
      ${changedIfShort(sql`debited_teachers`, v.debitTeacherIds)} as debited_teachers,
      ${changedIfShort(sql`debited_members`, v.debitMemberIds)} as debited_members,
      ${changedIfShort(sql`credited_teachers`, v.creditTeacherIds)} as credited_teachers,
      ${changedIfShort(sql`credited_members`, v.creditMemberIds)} as credited_members,
      (select count(*)::integer from logged) as logged`;
}

const batchMovement = statement<BatchValues>('move_coins_many', (v) => batchMovementSql(v));
const batchAward = statement<BatchValues & AwardValues>('move_coins_award', (v) => batchMovementSql(v, v));

async function moveInOneStatement(
  tx: DbOrTx,
  connection: Connection,
  movements: Movement[],
  debits: Map<Account, number>,
  credits: Map<Account, number>,
  award: AwardRecord | undefined,
): Promise<void> {
  const [debitTeachers, debitMembers, creditTeachers, creditMembers] = [
    totalsOf('teacher', debits),
    totalsOf('member', debits),
    totalsOf('teacher', credits),
    totalsOf('member', credits),
  ];
  const values: BatchValues = {
    debitTeacherIds: debitTeachers.ids,
    debitTeacherAmounts: debitTeachers.amounts,
    debitMemberIds: debitMembers.ids,
    debitMemberAmounts: debitMembers.amounts,
    creditTeacherIds: creditTeachers.ids,
    creditTeacherAmounts: creditTeachers.amounts,
    creditMemberIds: creditMembers.ids,
    creditMemberAmounts: creditMembers.amounts,
    from: movements.map((m) => m.from),
    to: movements.map((m) => m.to),
    amount: movements.map((m) => m.amount),
    reason: movements.map((m) => m.reason),
    actor: movements.map((m) => m.actor),
    groupId: movements.map((m) => m.groupId ?? null),
    reference: movements.map((m) => m.reference ?? null),
  };
  type Outcome = {
    debited: boolean;
    debited_teachers: string[] | null;
    debited_members: string[] | null;
    credited_teachers: string[] | null;
    credited_members: string[] | null;
    logged: number;
  };
  const [outcome] = award
    ? await batchAward.run<Outcome>(tx, connection, {
        ...values,
        awardId: award.id,
        awardTeacherId: award.teacherId,
        awardReasonId: award.reasonId,
        awardReasonName: award.reasonName,
        awardReasonIcon: award.reasonIcon,
        awardCoins: award.coins,
        awardCreatedAt: award.createdAt,
      })
    : await batchMovement.run<Outcome>(tx, connection, values);
  if (!outcome) throw new Error('the batch movement answered nothing');
  // Which payer fell short, in the order the step-by-step path checks them: teachers, then members.
  // An UPDATE that changed every row it was given answers null.
  const missing = (wanted: string[], done: string[] | null) => {
    if (done === null) return undefined;
    const found = new Set(done);
    return wanted.find((id) => !found.has(id));
  };
  if (!outcome.debited) {
    const teacher = missing(debitTeachers.ids, outcome.debited_teachers);
    throw new InsufficientCoins(teacher !== undefined ? teacherAccount(teacher) : memberAccount(missing(debitMembers.ids, outcome.debited_members) ?? ''));
  }
  const teacher = missing(creditTeachers.ids, outcome.credited_teachers);
  const member = missing(creditMembers.ids, outcome.credited_members);
  if (teacher !== undefined) throw new Error(`ledger account ${teacherAccount(teacher)} does not exist`);
  if (member !== undefined) throw new Error(`ledger account ${memberAccount(member)} does not exist`);
  if (outcome.logged !== movements.length) throw new Error(`the ledger took ${outcome.logged} of ${movements.length} rows`);
}

/**
 * Applies the totals of one table's accounts in one UPDATE (debits guarded against going below
 * zero). Answers the first account it could not change, or null when all changed.
 */
async function adjustBalances(tx: DbOrTx, kind: 'teacher' | 'member', totals: Map<Account, number>, direction: 'debit' | 'credit'): Promise<Account | null> {
  const byId = new Map<string, number>();
  for (const [account, amount] of totals) {
    if (account === 'mint' || account === 'sink') continue;
    const [k, id] = splitAccount(account);
    if (k === kind) byId.set(id, amount);
  }
  if (byId.size === 0) return null;
  const table = kind === 'teacher' ? teachers : members;
  const ids = [...byId.keys()];
  const change = direction === 'debit' ? sql`coins - v.amount` : sql`coins + v.amount`;
  const guard = direction === 'debit' ? sql`and ${table}.coins >= v.amount` : sql``;
  const result = await tx.execute(sql`
    update ${table} set coins = ${change}
    from unnest(${sql.param(ids)}::uuid[], ${sql.param([...byId.values()])}::integer[]) as v(id, amount)
    where ${table}.id = v.id ${guard}
    returning ${table}.id`);
  const changed = new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
  if (changed.size === ids.length) return null;
  const first = ids.find((id) => !changed.has(id)) ?? '';
  return kind === 'teacher' ? teacherAccount(first) : memberAccount(first);
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
