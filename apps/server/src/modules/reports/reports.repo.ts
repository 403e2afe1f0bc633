import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw.ts';
import { awards, coinLedger, members, memberTodos, reportCoverage, reportDays, rewardPurchases } from '../../db/schema/index.ts';

/**
 * How far past the range the ledger is read for an award's rows: an award counts on its own
 * moment (awards.created_at, the server's clock), its ledger rows and its undo (within
 * AWARD_UNDO_WINDOW_MS) on the database's, a moment later.
 */
const AWARD_MARGIN = '1 day';

export interface ReportRange {
  /** The first day's start and the day after the last one's (UTC midnights). */
  since: Date;
  until: Date;
}

/**
 * Readies a transaction for the report's reads: without PostgreSQL's JIT compilation, which a
 * year's estimated cost switches on and which then took longer than the query itself; with room
 * to hash a year in memory; and in one process (parallel workers sorted and merged what one
 * process hashes, for no gain on two cores). Measured: bench/README.md, "The class report".
 */
export async function prepareReportReads(tx: Tx): Promise<void> {
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local work_mem = '32MB'`);
  await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
}

/** The group's students as the report names them. */
export async function listReportMembers(db: DbOrTx, groupId: string) {
  return db.select({ id: members.id, username: members.username, face: members.face, hair: members.hair }).from(members).where(eq(members.groupId, groupId));
}

/** Kinds of coin movement the report tells apart. */
export const KIND_AWARD = 1;
export const KIND_TASK = 2;
export const KIND_TRANSFER = 3;

/**
 * A sum of one member's coins: of one kind (per_day 0; an award's reason name and icon, and
 * whether it took coins), or of what it earned on one day of the range (per_day 1, `day` its
 * index from 0).
 */
export interface LedgerSum {
  member_id: string;
  per_day: number;
  kind: number | null;
  reason_name: string | null;
  reason_icon: string | null;
  negative: boolean | null;
  day: number | null;
  net: number;
  gained: number;
  lost: number;
  earned: number;
}

/**
 * The members' coins that moved in the range, from the ledger, as rows of one kind each (awards by
 * the reason the award kept, given or "needs work"; tasks; transfers), each on its moment and its
 * day: a SELECT for sumLedger and rollDays to sum. An award's rows, its undo's too, count on the
 * award's own moment (awards.created_at), so an undone award nets out even across midnight or the
 * range's end. Read through the ledger's account indexes (coin_ledger_to_idx,
 * coin_ledger_from_idx) and the awards of the group's teachers (its owner and co-teachers) by
 * awards_teacher_idx, joined by hash on the
 * award's id (a uuid). Members are uuids, not their account texts: sorting text under the
 * database's collation cost more than the rest. `day` is the moment's UTC date.
 */
function ledgerMoves(teacherIds: string[], memberIds: string[], range: ReportRange) {
  const accounts = sql.param(memberIds.map((id) => `member:${id}`));
  const from = sql`${range.since}::timestamptz - ${AWARD_MARGIN}::interval`;
  const to = sql`${range.until}::timestamptz + ${AWARD_MARGIN}::interval`;
  return sql`
    with moved as (
      select substr(to_account, 8)::uuid as member_id, reason, reference, amount as delta, at from ${coinLedger}
        where to_account = any(${accounts}::text[]) and at >= ${from} and at < ${to}
          and reason in ('teacher_award', 'award_undo', 'todo_reward', 'transfer')
      union all
      select substr(from_account, 8)::uuid, reason, reference, -amount, at from ${coinLedger}
        where from_account = any(${accounts}::text[]) and at >= ${from} and at < ${to}
          and reason in ('teacher_deduction', 'award_undo', 'todo_reward_revoked', 'transfer')
    ),
    own_awards as (
      select id, reason_name, reason_icon, coins, created_at from ${awards}
        where teacher_id = any(${sql.param(teacherIds)}::uuid[]) and created_at >= ${from} and created_at < ${to}
    ),
    typed as (
      select m.member_id, m.delta,
        case when m.reason in ('teacher_award', 'teacher_deduction', 'award_undo') then ${KIND_AWARD}::int
             when m.reason in ('todo_reward', 'todo_reward_revoked') then ${KIND_TASK}::int else ${KIND_TRANSFER}::int end as kind,
        a.reason_name, a.reason_icon,
        coalesce(a.coins < 0, m.reason = 'teacher_deduction' or (m.reason = 'award_undo' and m.delta > 0)) as negative,
        coalesce(a.created_at, m.at) as moment
      from moved m
      -- An award's rows name it in reference (before awards had rows of their own, the student: a
      -- uuid too, matching no award). A uuid's 36 characters are checked, not its pattern: a regular
      -- expression a row cost more than the join.
      left join own_awards a on a.id = (case when m.reason in ('teacher_award', 'teacher_deduction', 'award_undo') and length(m.reference) = 36 then m.reference::uuid end)
    ),
    moves as (
      select member_id, delta, kind, reason_name, reason_icon, negative, (moment at time zone 'UTC')::date as day
        from typed where moment >= ${range.since} and moment < ${range.until}
    )`;
}

/** What a group of moves sums to: all of it, what came in and went out, and what counts as earned (tasks and awards given). */
const MOVE_SUMS = sql.raw(`sum(delta)::int as net, coalesce(sum(delta) filter (where delta > 0), 0)::int as gained,
  coalesce(-sum(delta) filter (where delta < 0), 0)::int as lost,
  coalesce(sum(delta) filter (where kind = ${KIND_TASK} or (kind = ${KIND_AWARD} and not negative)), 0)::int as earned`);
/** The same, of report_days rows. */
const DAY_SUMS = sql.raw('sum(net)::int as net, sum(gained)::int as gained, sum(lost)::int as lost, sum(earned)::int as earned');

/**
 * The members' coins that moved in the range, summed in the database in one pass from the ledger:
 * per member and kind, and per member and day (`day` its index from 0) what it earned, as the class
 * board counts.
 */
export async function sumLedger(db: DbOrTx, teacherIds: string[], memberIds: string[], range: ReportRange): Promise<LedgerSum[]> {
  if (memberIds.length === 0 || range.until <= range.since) return [];
  const result = await db.execute(sql`${ledgerMoves(teacherIds, memberIds, range)}
    select member_id::text as member_id, grouping(kind) as per_day, kind, reason_name, reason_icon, negative, day - ${dayOf(range.since)}::date as day, ${MOVE_SUMS}
    from moves group by grouping sets ((member_id, kind, reason_name, reason_icon, negative), (member_id, day))`);
  return rowsOf<LedgerSum>(result);
}

/** The same sums as sumLedger, of the rows report_days holds for the range's days. */
export async function sumRolledDays(db: DbOrTx, memberIds: string[], range: ReportRange): Promise<LedgerSum[]> {
  if (memberIds.length === 0 || range.until <= range.since) return [];
  const result = await db.execute(sql`
    select member_id::text as member_id, grouping(kind) as per_day, kind, reason_name, reason_icon, negative, day - ${dayOf(range.since)}::date as day, ${DAY_SUMS}
    from ${reportDays} where member_id = any(${sql.param(memberIds)}::uuid[]) and day >= ${dayOf(range.since)}::date and day < ${dayOf(range.until)}::date
    group by grouping sets ((member_id, kind, reason_name, reason_icon, negative), (member_id, day))`);
  return rowsOf<LedgerSum>(result);
}

/** Sums the members' ledger in the range (whole closed days) into report_days, a row per member, day and kind. */
export async function rollDays(tx: Tx, teacherIds: string[], memberIds: string[], range: ReportRange): Promise<void> {
  if (memberIds.length === 0 || range.until <= range.since) return;
  await tx.execute(sql`${ledgerMoves(teacherIds, memberIds, range)}
    insert into ${reportDays} (member_id, day, kind, reason_name, reason_icon, negative, net, gained, lost, earned)
    select member_id, day, kind, reason_name, reason_icon, negative, ${MOVE_SUMS}
    from moves group by member_id, day, kind, reason_name, reason_icon, negative`);
}

export interface Coverage {
  member_id: string;
  first_day: string | null;
  until_day: string | null;
}

/** The days report_days holds for each member (a member it holds nothing for is missing). */
export async function readCoverage(db: DbOrTx, memberIds: string[]): Promise<Coverage[]> {
  if (memberIds.length === 0) return [];
  const result = await db.execute(sql`
    select member_id::text as member_id, first_day::text as first_day, until_day::text as until_day from ${reportCoverage}
      where member_id = any(${sql.param(memberIds)}::uuid[])`);
  return rowsOf<Coverage>(result);
}

/**
 * The same, locked for this transaction, for a report that sums days into report_days: two that
 * would sum the same days run one after the other, and the second finds them done.
 */
export async function lockCoverage(tx: Tx, memberIds: string[]): Promise<Coverage[]> {
  if (memberIds.length === 0) return [];
  await tx.execute(sql`insert into ${reportCoverage} (member_id) select unnest(${sql.param(memberIds)}::uuid[]) on conflict do nothing`);
  const result = await tx.execute(sql`
    select member_id::text as member_id, first_day::text as first_day, until_day::text as until_day from ${reportCoverage}
      where member_id = any(${sql.param(memberIds)}::uuid[]) order by member_id for update`);
  return rowsOf<Coverage>(result);
}

export async function setCoverage(tx: Tx, memberIds: string[], firstDay: string, untilDay: string): Promise<void> {
  if (memberIds.length === 0) return;
  await tx
    .update(reportCoverage)
    .set({ firstDay, untilDay })
    .where(inArray(reportCoverage.memberId, memberIds));
}

/** A UTC midnight as the date it starts. */
export const dayOf = (midnight: Date) => midnight.toISOString().slice(0, 10);

export interface TaskCounts {
  member_id: string;
  done: number;
  sent_back: number;
}

/**
 * Per member: tasks marked done in the range and still done, and answers sent back in the range
 * and still waiting for a new answer (a member todo keeps its latest state and when it changed,
 * not each step). Read through member_todos_member_list_idx.
 */
export async function countTasks(db: DbOrTx, memberIds: string[], range: ReportRange): Promise<TaskCounts[]> {
  if (memberIds.length === 0) return [];
  const result = await db.execute(sql`
    select member_id, (count(*) filter (where completed))::int as done, (count(*) filter (where not completed and sent_back_comment is not null))::int as sent_back
      from ${memberTodos}
      where member_id = any(${sql.param(memberIds)}::uuid[]) and updated_at >= ${range.since} and updated_at < ${range.until}
        and (completed or sent_back_comment is not null)
      group by member_id`);
  return rowsOf<TaskCounts>(result);
}

export interface PurchaseCounts {
  member_id: string;
  bought: number;
  given: number;
  returned: number;
  spent: number;
}

/** Per member: rewards bought in the range, of which given and returned, and what those not returned cost. Read through reward_purchases_group_state_idx. */
export async function countPurchases(db: DbOrTx, groupId: string, memberIds: string[], range: ReportRange): Promise<PurchaseCounts[]> {
  if (memberIds.length === 0) return [];
  const result = await db.execute(sql`
    select member_id, count(*)::int as bought, (count(*) filter (where state = 'given'))::int as given,
        (count(*) filter (where state = 'returned'))::int as returned, coalesce(sum(price) filter (where state <> 'returned'), 0)::int as spent
      from ${rewardPurchases}
      where group_id = ${groupId} and state in ('pending', 'given', 'returned') and purchased_at >= ${range.since} and purchased_at < ${range.until}
        and member_id = any(${sql.param(memberIds)}::uuid[])
      group by member_id`);
  return rowsOf<PurchaseCounts>(result);
}

/**
 * Who may have awarded in the group: its owner and every teacher invited to co-teach it (issue 34),
 * whose awards' reasons the report names.
 */
export async function listGroupTeacherIds(db: DbOrTx, groupId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select teacher_id as id from groups where id = ${groupId}::uuid
      union select teacher_id from group_coteachers where group_id = ${groupId}::uuid`),
  );
  return rows.map((r) => r.id);
}
