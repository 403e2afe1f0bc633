import type { ReceivedKind, SentKind } from '@kolikko/core/rules/history';
import type { THistoryActor, TMemberHistory } from '@kolikko/core/schemas/coins';
import type { TRewardPurchase } from '@kolikko/core/schemas/rewards';
import { localDayKey } from './format.ts';

/**
 * Spec section 2: the history filter (all, transaction, character, rewards), and the entries of
 * GET member/{id}/history as one list, newest first, grouped by day.
 */
export const HISTORY_FILTERS = ['all', 'transactions', 'characters', 'rewards'] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number];

export function isHistoryFilter(value: unknown): value is HistoryFilter {
  return HISTORY_FILTERS.some((filter) => filter === value);
}

interface EntryBase {
  /** Unique within one history, for React keys. */
  key: string;
  date: string;
  /** Coins, always positive; `direction` says which way they went. */
  amount: number;
  direction: 'in' | 'out';
}

export type HistoryEntry =
  | (EntryBase & { category: 'rewards'; purchase: TRewardPurchase })
  | (EntryBase & { category: 'characters'; path: string; type: 'face' | 'hair' })
  | (EntryBase & { category: 'transactions'; direction: 'in'; kind: ReceivedKind } & Movement)
  | (EntryBase & { category: 'transactions'; direction: 'out'; kind: SentKind } & Movement);

/** A movement of coins with a person: who was on the other side, and who made it happen (issue 33). */
interface Movement {
  counterpart: string | null;
  todoTitle: string | null;
  reasonName: string | null;
  actor: THistoryActor | null;
  autoChecked: boolean;
}

/** The four lists of the answer as one, newest first (ties keep the answer's order). */
export function historyEntries(history: TMemberHistory): HistoryEntry[] {
  const entries: HistoryEntry[] = [
    ...history.rewardPurchase.map((purchase): HistoryEntry => ({
      key: `reward-${purchase.id}`,
      category: 'rewards',
      date: purchase.date,
      amount: purchase.price,
      direction: 'out',
      purchase,
    })),
    ...history.characterPurchase.map((item, index): HistoryEntry => ({
      key: `character-${index}`,
      category: 'characters',
      date: item.date,
      amount: item.price,
      direction: 'out',
      path: item.path,
      type: item.type,
    })),
    ...history.transactions.map((item, index): HistoryEntry => ({
      key: `sent-${index}`,
      category: 'transactions',
      date: item.date,
      amount: item.price,
      direction: 'out',
      kind: item.kind,
      counterpart: item.recipientName,
      todoTitle: item.todoTitle,
      reasonName: item.reasonName ?? null,
      actor: item.actor ?? null,
      autoChecked: item.autoChecked ?? false,
    })),
    ...history.receivedCoins.map((item, index): HistoryEntry => ({
      key: `received-${index}`,
      category: 'transactions',
      date: item.date,
      amount: item.price,
      direction: 'in',
      kind: item.kind,
      counterpart: item.senderName,
      todoTitle: item.todoTitle,
      reasonName: item.reasonName ?? null,
      actor: item.actor ?? null,
      autoChecked: item.autoChecked ?? false,
    })),
  ];
  return entries
    .map((entry, index) => ({ entry, index, time: new Date(entry.date).getTime() }))
    .sort((a, b) => b.time - a.time || a.index - b.index)
    .map(({ entry }) => entry);
}

export function filterHistory(entries: HistoryEntry[], filter: HistoryFilter): HistoryEntry[] {
  return filter === 'all' ? entries : entries.filter((entry) => entry.category === filter);
}

export interface HistoryDay {
  /** The local calendar day, yyyy-mm-dd. */
  day: string;
  entries: HistoryEntry[];
}

/** Consecutive entries of one local day together; the order of the entries is kept. */
export function groupHistoryByDay(entries: HistoryEntry[]): HistoryDay[] {
  const days: HistoryDay[] = [];
  for (const entry of entries) {
    const day = localDayKey(entry.date);
    const last = days.at(-1);
    if (last?.day === day) last.entries.push(entry);
    else days.push({ day, entries: [entry] });
  }
  return days;
}

/** How a day's heading reads (spec section 2): today, yesterday, else the long date. */
export type DayLabel = 'today' | 'yesterday' | 'date';

export function dayLabel(day: string, now: Date): DayLabel {
  if (day === localDayKey(now)) return 'today';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12);
  return day === localDayKey(yesterday) ? 'yesterday' : 'date';
}

/** The local noon of a yyyy-mm-dd day, for writing it out as a long date. */
export function dayDate(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date, 12);
}

/**
 * The action picture (GET images/actions) of an entry: one of its own for each kind (issue 14).
 * The pictures are named in the server's character manifest; the history shows one only when
 * the list it answered holds it. A face or hair bought has none: the entry shows that part.
 */
export function actionPictureOf(entry: HistoryEntry): string | null {
  switch (entry.category) {
    case 'rewards':
      return 'reward.svg';
    case 'characters':
      return null;
    case 'transactions':
      if (entry.direction === 'out') {
        if (entry.kind === 'teacher_deduction') return 'coins-taken-back.svg';
        if (entry.kind === 'todo_reward_revoked') return 'todo-undone.svg';
        return 'coins-sent.svg';
      }
      if (entry.kind === 'teacher_award') return 'teacher-award.svg';
      if (entry.kind === 'todo_reward') return 'todo-done.svg';
      return 'coins-received.svg';
  }
}

/** Whether a purchase is still in its hour now (the server's status is as of when it answered); one given back is not. */
export function isPurchaseActive(purchase: Pick<TRewardPurchase, 'active_until' | 'state'>, now: Date): boolean {
  return purchase.state !== 'returned' && new Date(purchase.active_until).getTime() > now.getTime();
}
