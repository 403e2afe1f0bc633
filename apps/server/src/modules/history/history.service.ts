import { HISTORY_MAX_ITEMS } from '@kolikko/core/limits';
import { memberHistoryEntry, teacherPurchaseType, type Direction } from '@kolikko/core/rules/history';
import { todoTitle } from '@kolikko/core/rules/todos';
import type { TMemberHistory, TPurchaseHistoryItem } from '@kolikko/core/schemas/coins';
import type { TPaymentAmounts } from '@kolikko/core/schemas/payments';
import type { Db } from '../../db/client.ts';
import type { CharacterCatalog } from '../avatars/catalog.ts';
import { accountId, listLedgerOf, memberAccount, teacherAccount, type Account, type LedgerRow } from '../coins/ledger.repo.ts';
import { accessibleMember, type Actor } from '../members/members.service.ts';
import { findCreditedPurchases, type CoinPurchaseRow } from '../payments/payments.repo.ts';
import { presentPurchase } from '../rewards/rewards.presenters.ts';
import { listPurchasesOf } from '../rewards/rewards.repo.ts';
import { findMemberTodoContents, findUsernames } from './history.repo.ts';
import { findReasonNames } from '../awards/awards.repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TASK_REASONS: ReadonlySet<string> = new Set(['todo_reward', 'todo_reward_revoked']);

/** The titles of the todos whose rewards these rows paid or took back (their reference is the member todo). */
async function taskTitles(db: Db, rows: LedgerRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (TASK_REASONS.has(r.reason) && r.reference !== null && UUID.test(r.reference) ? [r.reference] : [])))];
  const contents = await findMemberTodoContents(db, ids);
  return new Map([...contents].map(([id, html]) => [id, todoTitle(html)]));
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

/** The usernames of the people on the other side of these rows (mint and sink have none). */
async function counterpartNames(db: Db, account: Account, rows: LedgerRow[]): Promise<Map<string, string>> {
  const memberIds = new Set<string>();
  const teacherIds = new Set<string>();
  for (const row of rows) {
    const other = accountId(seenFrom(account, row).other);
    if (other?.kind === 'member') memberIds.add(other.id);
    if (other?.kind === 'teacher') teacherIds.add(other.id);
  }
  return findUsernames(db, { memberIds: [...memberIds], teacherIds: [...teacherIds] });
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
      await accessibleMember(db, actor, memberId);
      const account = memberAccount(memberId);
      const rows = await listLedgerOf(db, account, HISTORY_MAX_ITEMS);
      const names = await counterpartNames(db, account, rows);
      const titles = await taskTitles(db, rows);
      const reasons = await awardReasonNames(db, rows);
      const purchases = await listPurchasesOf(db, memberId, HISTORY_MAX_ITEMS);
      const now = new Date();
      const history: TMemberHistory = { characterPurchase: [], rewardPurchase: purchases.map((p) => presentPurchase(p, now)), transactions: [], receivedCoins: [] };
      for (const row of rows) {
        const { direction, other } = seenFrom(account, row);
        const entry = memberHistoryEntry(row.reason, direction);
        const date = row.at.toISOString();
        const todoTitle = (row.reference !== null ? titles.get(row.reference) : undefined) || null;
        const reasonName = reasonNameOf(reasons, row);
        if (entry?.list === 'receivedCoins') history.receivedCoins.push({ kind: entry.kind, senderName: names.get(other) ?? null, price: row.amount, date, todoTitle, reasonName });
        if (entry?.list === 'transactions') history.transactions.push({ kind: entry.kind, recipientName: names.get(other) ?? null, price: row.amount, date, todoTitle, reasonName });
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
    async teacherHistory(teacherId: string): Promise<TPurchaseHistoryItem[]> {
      const account = teacherAccount(teacherId);
      const rows = await listLedgerOf(db, account, HISTORY_MAX_ITEMS);
      const names = await counterpartNames(db, account, rows);
      const intentIds = rows.flatMap((r) => (r.reason === 'coin_purchase' && r.reference !== null ? [r.reference] : []));
      const paid = new Map((await findCreditedPurchases(db, intentIds)).map((p) => [p.paymentIntentId, p]));
      const reasons = await awardReasonNames(db, rows);
      return rows.map((row) => {
        const { direction, other } = seenFrom(account, row);
        return {
          type: teacherPurchaseType(row.reason, direction),
          reason: row.reason,
          amount: row.amount,
          date: row.at.toISOString(),
          counterpartName: names.get(other) ?? null,
          payment: presentPayment(row.reason === 'coin_purchase' && row.reference !== null ? paid.get(row.reference) : undefined),
          reasonName: reasonNameOf(reasons, row),
        };
      });
    },
  };
}
