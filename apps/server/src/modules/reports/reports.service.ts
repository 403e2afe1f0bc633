import { reportDayCount, type TReport, type TReportNumbers, type TReportQuery, type TReportReason } from '@kolikko/core/schemas/reports';
import type { Db, Tx } from '../../db/client.ts';
import { taughtGroup } from '../groups/group-access.ts';
import * as repo from './reports.repo.ts';

export type ReportsService = ReturnType<typeof createReportsService>;

/** Names as a class list reads them: "oppilas2" before "oppilas10", case aside. */
const byName = new Intl.Collator('fi', { numeric: true, sensitivity: 'base' });

const DAY_MS = 24 * 60 * 60 * 1000;

function emptyNumbers(reasons: number, days: number): TReportNumbers {
  return {
    coins_earned: 0,
    coins_from_awards: 0,
    coins_from_tasks: 0,
    coins_taken: 0,
    by_reason: new Array<number>(reasons).fill(0),
    tasks_done: 0,
    answers_sent_back: 0,
    rewards_bought: 0,
    rewards_given: 0,
    rewards_returned: 0,
    coins_spent_on_rewards: 0,
    coins_sent: 0,
    coins_received: 0,
    earned_by_day: new Array<number>(days).fill(0),
  };
}

const reasonKey = (r: { reason_name: string | null; reason_icon: string | null; negative: boolean | null }) => JSON.stringify([r.reason_name, r.reason_icon, r.negative === true]);

/** The class's numbers: each field the students' sum. */
function sumOf(students: TReportNumbers[], reasons: number, days: number): TReportNumbers {
  const total = emptyNumbers(reasons, days);
  for (const s of students) {
    for (const key of Object.keys(total) as (keyof TReportNumbers)[]) {
      const value = s[key];
      if (Array.isArray(value)) {
        const into = total[key] as number[];
        value.forEach((n, i) => (into[i] = (into[i] ?? 0) + n));
      } else (total[key] as number) += value;
    }
  }
  return total;
}

/** The UTC midnight a moment's day starts at. */
const midnightOf = (ms: number) => new Date(Math.floor(ms / DAY_MS) * DAY_MS);

/**
 * The first day no report sums into report_days yet: yesterday. A day closes when nothing more can
 * be counted on it, and an award's undo counts on the award's day (its moment the server's clock,
 * its rows the database's): a whole day's margin keeps both clocks and the undo's minute inside.
 */
export const closedUntil = (now = Date.now()) => new Date(midnightOf(now).getTime() - DAY_MS);

/**
 * The members' coins in the range: its closed days from report_days (summing first, under the
 * members' coverage lock, the days it does not hold yet), the rest (yesterday and today) from the
 * ledger. Each sum is of one member and kind, or of one member and day, so the two lists add up.
 */
async function sumCoins(tx: Tx, teacherIds: string[], ids: string[], range: repo.ReportRange): Promise<repo.LedgerSum[]> {
  const rolledUntil = new Date(Math.min(Math.max(closedUntil().getTime(), range.since.getTime()), range.until.getTime()));
  if (rolledUntil <= range.since) return repo.sumLedger(tx, teacherIds, ids, range);
  const wanted = { first: repo.dayOf(range.since), until: repo.dayOf(rolledUntil) };
  const holds = (c: repo.Coverage) => c.first_day !== null && c.until_day !== null && c.first_day <= wanted.first && c.until_day >= wanted.until;
  // Read first, without a lock: a report whose days are all held writes nothing.
  const held = await repo.readCoverage(tx, ids);
  if (held.length < ids.length || !held.every(holds)) await rollMissing(tx, teacherIds, ids, wanted);
  const rolled = await repo.sumRolledDays(tx, ids, { since: range.since, until: rolledUntil });
  const live = await repo.sumLedger(tx, teacherIds, ids, { since: rolledUntil, until: range.until });
  // The live days' indexes count from the range's first day.
  const offset = Math.round((rolledUntil.getTime() - range.since.getTime()) / DAY_MS);
  for (const s of live) if (s.day !== null) s.day += offset;
  return rolled.concat(live);
}

/** Sums into report_days the days from `wanted.first` to before `wanted.until` it does not hold for the members yet, under their coverage lock. */
async function rollMissing(tx: Tx, teacherIds: string[], ids: string[], wanted: { first: string; until: string }): Promise<void> {
  // Members with the same days held (a class: all of them) are summed up together.
  const byCoverage = new Map<string, { first: string | null; until: string | null; ids: string[] }>();
  for (const c of await repo.lockCoverage(tx, ids)) {
    const key = `${c.first_day}/${c.until_day}`;
    const entry = byCoverage.get(key) ?? { first: c.first_day, until: c.until_day, ids: [] };
    entry.ids.push(c.member_id);
    byCoverage.set(key, entry);
  }
  const days = (first: string, until: string) => ({ since: new Date(`${first}T00:00:00.000Z`), until: new Date(`${until}T00:00:00.000Z`) });
  for (const held of byCoverage.values()) {
    if (held.first === null || held.until === null) {
      await repo.rollDays(tx, teacherIds, held.ids, days(wanted.first, wanted.until));
      await repo.setCoverage(tx, held.ids, wanted.first, wanted.until);
      continue;
    }
    if (wanted.first >= held.first && wanted.until <= held.until) continue;
    // The days before and after what is held: held stays one run of days.
    if (wanted.first < held.first) await repo.rollDays(tx, teacherIds, held.ids, days(wanted.first, held.first));
    if (wanted.until > held.until) await repo.rollDays(tx, teacherIds, held.ids, days(held.until, wanted.until));
    await repo.setCoverage(tx, held.ids, wanted.first < held.first ? wanted.first : held.first, wanted.until > held.until ? wanted.until : held.until);
  }
}

/**
 * Issue 33's class report: for each student of a group, over a range of days (UTC, as the class
 * board's "coins earned today"), the coins earned (by award reason and from tasks), the tasks
 * done and answers sent back, rewards bought and given, and coins sent and received; the class's
 * sums. Three reads, each summed in the database (reports.repo.ts); the coins of closed days from
 * report_days.
 */
export function createReportsService({ db }: { db: Db }) {
  return {
    async report(teacherId: string, groupId: string, query: Pick<TReportQuery, 'from' | 'to'>): Promise<TReport> {
      const { group } = await taughtGroup(db, teacherId, groupId);
      const days = reportDayCount(query.from, query.to);
      const since = new Date(`${query.from}T00:00:00.000Z`);
      const range = { since, until: new Date(since.getTime() + days * DAY_MS) };
      // One transaction: the reads see the same moment, and share its settings.
      const { students, sums, tasks, purchases } = await db.transaction(async (tx) => {
        await repo.prepareReportReads(tx);
        const members = (await repo.listReportMembers(tx, groupId)).sort((a, b) => byName.compare(a.username, b.username));
        const ids = members.map((s) => s.id);
        return {
          students: members,
          // The awards of the group's teachers name the reasons (report_days keeps them).
          sums: await sumCoins(tx, await repo.listGroupTeacherIds(tx, groupId), ids, range),
          tasks: await repo.countTasks(tx, ids, range),
          purchases: await repo.countPurchases(tx, groupId, ids, range),
        };
      });
      const ids = students.map((s) => s.id);

      // The kinds of award, most coins (either way) first, then by name.
      const reasonCoins = new Map<string, { reason: TReportReason; coins: number }>();
      for (const s of sums) {
        if (s.per_day === 1 || s.kind !== repo.KIND_AWARD) continue;
        const key = reasonKey(s);
        const entry = reasonCoins.get(key) ?? { reason: { name: s.reason_name, icon: s.reason_icon, negative: s.negative === true }, coins: 0 };
        entry.coins += Math.abs(s.net);
        reasonCoins.set(key, entry);
      }
      const ordered = [...reasonCoins.entries()].sort(([, a], [, b]) => b.coins - a.coins || byName.compare(a.reason.name ?? '', b.reason.name ?? ''));
      const reasonIndex = new Map(ordered.map(([key], i) => [key, i]));

      const numbers = new Map(ids.map((id) => [id, emptyNumbers(ordered.length, days)]));
      for (const s of sums) {
        const n = numbers.get(s.member_id);
        if (!n) continue;
        if (s.per_day === 1) {
          if (s.day !== null && s.day >= 0 && s.day < days) n.earned_by_day[s.day] = (n.earned_by_day[s.day] ?? 0) + s.earned;
          continue;
        }
        if (s.kind === repo.KIND_TASK) n.coins_from_tasks += s.net;
        else if (s.kind === repo.KIND_TRANSFER) {
          n.coins_received += s.gained;
          n.coins_sent += s.lost;
        } else if (s.kind === repo.KIND_AWARD) {
          const i = reasonIndex.get(reasonKey(s)) ?? 0;
          n.by_reason[i] = (n.by_reason[i] ?? 0) + s.net;
          if (s.negative) n.coins_taken -= s.net;
          else n.coins_from_awards += s.net;
        }
      }
      for (const t of tasks) {
        const n = numbers.get(t.member_id);
        if (!n) continue;
        n.tasks_done = t.done;
        n.answers_sent_back = t.sent_back;
      }
      for (const p of purchases) {
        const n = numbers.get(p.member_id);
        if (!n) continue;
        n.rewards_bought = p.bought;
        n.rewards_given = p.given;
        n.rewards_returned = p.returned;
        n.coins_spent_on_rewards = p.spent;
      }
      const rows = students.map((s) => {
        const n = numbers.get(s.id) ?? emptyNumbers(ordered.length, days);
        n.coins_earned = n.coins_from_awards + n.coins_from_tasks;
        return { member_id: s.id, username: s.username, face: s.face, hair: s.hair, ...n };
      });
      return {
        group_id: group.id,
        group_name: group.name,
        from: query.from,
        to: query.to,
        days,
        reasons: ordered.map(([, entry]) => entry.reason),
        students: rows,
        totals: sumOf(rows, ordered.length, days),
      };
    },
  };
}
