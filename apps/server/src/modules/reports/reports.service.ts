import { reportDayCount, type TReport, type TReportNumbers, type TReportQuery, type TReportReason } from '@kolikko/core/schemas/reports';
import type { Db } from '../../db/client.ts';
import { ownedGroup } from '../groups/groups.service.ts';
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

/**
 * Issue 33's class report: for each student of a group, over a range of days (UTC, as the class
 * board's "coins earned today"), the coins earned (by award reason and from tasks), the tasks
 * done and answers sent back, rewards bought and given, and coins sent and received; the class's
 * sums. Three reads, each summed in the database (reports.repo.ts).
 */
export function createReportsService({ db }: { db: Db }) {
  return {
    async report(teacherId: string, groupId: string, query: Pick<TReportQuery, 'from' | 'to'>): Promise<TReport> {
      const { group } = await ownedGroup(db, teacherId, groupId);
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
          sums: await repo.sumLedger(tx, teacherId, ids, range),
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
