import { HISTORY_MAX_ITEMS } from '@kolikko/core/limits';
import { memberHistoryEntry, teacherPurchaseType, type Direction } from '@kolikko/core/rules/history';
import { todoTitle } from '@kolikko/core/rules/todos';
import type { AnswerType } from '@kolikko/core/enumerations';
import type { THistoryActor, TMemberHistory, TPurchaseHistoryItem } from '@kolikko/core/schemas/coins';
import type { TPaymentAmounts } from '@kolikko/core/schemas/payments';
import type { Db } from '../../db/client.ts';
import type { CharacterCatalog } from '../avatars/catalog.ts';
import { accountId, listLedgerOf, memberAccount, teacherAccount, type Account, type LedgerRow } from '../coins/ledger.repo.ts';
import { accessibleMember, type Actor } from '../members/members.service.ts';
import { findCreditedPurchases, type CoinPurchaseRow } from '../payments/payments.repo.ts';
import { presentPurchase } from '../rewards/rewards.presenters.ts';
import { listPurchasesOf } from '../rewards/rewards.repo.ts';
import { findMemberTodoContents, findUsernames, listLedgerGroupedByAward } from './history.repo.ts';
import { findReasonNames } from '../awards/awards.repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TASK_REASONS: ReadonlySet<string> = new Set(['todo_reward', 'todo_reward_revoked']);

/** The titles and answer types of the todos whose rewards these rows paid or took back (their reference is the member todo). */
async function taskTodos(db: Db, rows: LedgerRow[]): Promise<Map<string, { title: string; answertype: AnswerType }>> {
  const ids = [...new Set(rows.flatMap((r) => (TASK_REASONS.has(r.reason) && r.reference !== null && UUID.test(r.reference) ? [r.reference] : [])))];
  const contents = await findMemberTodoContents(db, ids);
  return new Map([...contents].map(([id, { html, answertype }]) => [id, { title: todoTitle(html), answertype }]));
}

const AWARD_REASONS: ReadonlySet<string> = new Set(['teacher_award', 'teacher_deduction', 'award_undo']);

/** The reason names of the awards (issue 32) these rows moved coins for or undid (their reference is the award). */
async function awardReasonNames(db: Db, rows: LedgerRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (AWARD_REASONS.has(r.reason) && r.reference !== null && UUID.test(r.reference) ? [r.reference] : [])))];
  return findReasonNames(db, ids);
}

const reasonNameOf = (names: Map<string, string>, row: LedgerRow) => (AWARD_REASONS.has(row.reason) && row.reference !== null ? (names.get(row.reference) ?? null) : null);

export type HistoryService = ReturnType<typeof createHistoryService>;

/** A ledger row as one account sees it: which way the coins went, and the account on the other side. */
function seenFrom(account: Account, row: LedgerRow): { direction: Direction; other: string } {
  return row.toAccount === account ? { direction: 'in', other: row.fromAccount } : { direction: 'out', other: row.toAccount };
}

/**
 * The usernames of the people on the other side of these rows (mint and sink have none) and, with
 * `actors`, of the people who made them happen (the ledger's actor: member:<id> or teacher:<id>).
 */
async function counterpartNames(db: Db, account: Account, rows: LedgerRow[], actors = false): Promise<Map<string, string>> {
  const memberIds = new Set<string>();
  const teacherIds = new Set<string>();
  for (const row of rows) {
    for (const who of actors ? [seenFrom(account, row).other, row.actor] : [seenFrom(account, row).other]) {
      const id = accountId(who);
      if (id?.kind === 'member') memberIds.add(id.id);
      if (id?.kind === 'teacher') teacherIds.add(id.id);
    }
  }
  return findUsernames(db, { memberIds: [...memberIds], teacherIds: [...teacherIds] });
}

/** Who made a row happen, as the history shows it (issue 33): the ledger's actor, with its username. */
function actorOfRow(row: LedgerRow, names: Map<string, string>): THistoryActor {
  const id = accountId(row.actor);
  return id ? { kind: id.kind, name: names.get(row.actor) ?? null } : { kind: 'system', name: null };
}

/** A card purchase's coins and what was paid for them, in cents. */
function presentPayment(purchase: CoinPurchaseRow | undefined): TPaymentAmounts | null {
  return purchase ? { coins: purchase.coins, net: purchase.netCents, vat: purchase.vatCents, total: purchase.totalCents } : null;
}

/** History screens are views of the coin ledger (DESIGN.md section 4), newest first. */
export function createHistoryService({ db, catalog }: { db: Db; catalog: CharacterCatalog }) {
  return {
    /**
     * GET member/{id}/history, for the member itself or its teacher: spec section 3's four lists.
     * Reward purchases come from reward_purchases (their names and active hour; a free reward
     * moves no coins), everything else from the ledger.
     */
    async memberHistory(actor: Actor, memberId: string): Promise<TMemberHistory> {
      await accessibleMember(db, actor, memberId, 'teach');
      const account = memberAccount(memberId);
      const rows = await listLedgerOf(db, account, HISTORY_MAX_ITEMS);
      const names = await counterpartNames(db, account, rows, true);
      const tasks = await taskTodos(db, rows);
      const reasons = await awardReasonNames(db, rows);
      const purchases = await listPurchasesOf(db, memberId, HISTORY_MAX_ITEMS);
      const now = new Date();
      const history: TMemberHistory = { characterPurchase: [], rewardPurchase: purchases.map((p) => presentPurchase(p, now)), transactions: [], receivedCoins: [] };
      for (const row of rows) {
        const { direction, other } = seenFrom(account, row);
        const entry = memberHistoryEntry(row.reason, direction);
        const date = row.at.toISOString();
        const task = row.reference !== null && TASK_REASONS.has(row.reason) ? tasks.get(row.reference) : undefined;
        const todoTitle = task?.title || null;
        const reasonName = reasonNameOf(reasons, row);
        const actor = actorOfRow(row, names);
        // The student sent an exact answer and the server's check moved the coins (or took them back).
        const autoChecked = task?.answertype === 'strict' && actor.kind === 'member';
        const done = { price: row.amount, date, todoTitle, reasonName, actor, autoChecked };
        if (entry?.list === 'receivedCoins') history.receivedCoins.push({ kind: entry.kind, senderName: names.get(other) ?? null, ...done });
        if (entry?.list === 'transactions') history.transactions.push({ kind: entry.kind, recipientName: names.get(other) ?? null, ...done });
        if (entry?.list === 'characterPurchase') {
          const path = row.reference ?? '';
          history.characterPurchase.push({ path, type: catalog.has('hair', path) ? 'hair' : 'face', price: row.amount, date });
        }
      }
      return history;
    },

    /**
     * GET purchase/history/{userId}: the teacher's own coin movements; a card purchase also shows
     * what was paid (its coin_purchases row, found by the payment intent id the ledger row refers to).
     */
    async teacherHistory(teacherId: string, { groupAwards = false }: { groupAwards?: boolean } = {}): Promise<TPurchaseHistoryItem[]> {
      const account = teacherAccount(teacherId);
      // Grouped (issue 33), a class award is one item, and the limit counts items, not ledger rows.
      const rows: (LedgerRow & { groupKey?: string })[] = groupAwards
        ? await listLedgerGroupedByAward(db, account, HISTORY_MAX_ITEMS)
        : await listLedgerOf(db, account, HISTORY_MAX_ITEMS);
      const names = await counterpartNames(db, account, rows);
      const intentIds = rows.flatMap((r) => (r.reason === 'coin_purchase' && r.reference !== null ? [r.reference] : []));
      const paid = new Map((await findCreditedPurchases(db, intentIds)).map((p) => [p.paymentIntentId, p]));
      const reasons = await awardReasonNames(db, rows);
      const present = (row: LedgerRow): TPurchaseHistoryItem => {
        const { direction, other } = seenFrom(account, row);
        const purchase = row.reason === 'coin_purchase' && row.reference !== null ? paid.get(row.reference) : undefined;
        return {
          type: teacherPurchaseType(row.reason, direction),
          reason: row.reason,
          amount: row.amount,
          date: row.at.toISOString(),
          counterpartName: names.get(other) ?? null,
          payment: presentPayment(purchase),
          reasonName: reasonNameOf(reasons, row),
          receiptUrl: purchase ? `/api/purchase/receipt/${encodeURIComponent(purchase.paymentIntentId)}` : null,
        };
      };
      if (!groupAwards) return rows.map(present);
      const groups: (LedgerRow & { groupKey?: string })[][] = [];
      for (const row of rows) {
        const last = groups.at(-1);
        if (last && last[0]?.groupKey === row.groupKey) last.push(row);
        else groups.push([row]);
      }
      return groups.flatMap((group) => {
        const [first] = group;
        if (!first) return [];
        const item = present(first);
        if (!AWARD_REASONS.has(first.reason) || first.reference === null) return [item];
        const students = group.map((row) => ({ name: names.get(seenFrom(account, row).other) ?? null, amount: row.amount }));
        const newest = group.reduce((a, b) => (b.at > a.at ? b : a), first);
        return [
          {
            ...item,
            amount: students.reduce((sum, s) => sum + s.amount, 0),
            date: newest.at.toISOString(),
            counterpartName: students.length === 1 ? item.counterpartName : null,
            award: { id: first.reference, students },
          },
        ];
      });
    },
  };
}
