// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TMemberHistory } from '@kolikko/core/schemas/coins';
import { actionPictureOf, dayDate, dayLabel, filterHistory, groupHistoryByDay, historyEntries, isPurchaseActive } from './history.ts';

const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute).toISOString();

const history: TMemberHistory = {
  characterPurchase: [{ path: 'face-03.svg', type: 'face', price: 3, date: at(10, 9) }],
  rewardPurchase: [
    {
      id: 'p1',
      reward_id: 'r1',
      name: 'Extra break',
      description: 'Five minutes',
      price: 5,
      date: at(10, 11),
      active_until: at(10, 12),
      status: 'active',
      state: 'pending',
    },
  ],
  transactions: [{ kind: 'transfer', recipientName: 'mia', price: 2, date: at(9, 15), todoTitle: null }],
  receivedCoins: [
    { kind: 'teacher_award', senderName: 'teacher', price: 10, date: at(10, 8), todoTitle: null },
    { kind: 'todo_reward', senderName: 'teacher', price: 4, date: at(8, 10), todoTitle: 'Fractions 3' },
  ],
};

describe('historyEntries', () => {
  it('merges the four lists newest first', () => {
    const entries = historyEntries(history);
    expect(entries.map((entry) => entry.key)).toEqual(['reward-p1', 'character-0', 'received-0', 'sent-0', 'received-1']);
    expect(entries[3]).toMatchObject({ category: 'transactions', direction: 'out', kind: 'transfer', counterpart: 'mia', amount: 2 });
  });

  it('filters by category and keeps everything for "all"', () => {
    const entries = historyEntries(history);
    expect(filterHistory(entries, 'all')).toHaveLength(5);
    expect(filterHistory(entries, 'transactions').map((entry) => entry.key)).toEqual(['received-0', 'sent-0', 'received-1']);
    expect(filterHistory(entries, 'characters').map((entry) => entry.key)).toEqual(['character-0']);
    expect(filterHistory(entries, 'rewards').map((entry) => entry.key)).toEqual(['reward-p1']);
  });
});

describe('historyEntries with award reasons (issue 32)', () => {
  it("keeps an award's reason name, and null where there is none", () => {
    const entries = historyEntries({
      ...history,
      transactions: [{ kind: 'award_undo', recipientName: 'teacher', price: 1, date: at(10, 9), todoTitle: null, reasonName: 'Teamwork' }],
      receivedCoins: [
        { kind: 'teacher_award', senderName: 'teacher', price: 1, date: at(10, 8), todoTitle: null, reasonName: 'Teamwork' },
        { kind: 'teacher_award', senderName: 'teacher', price: 5, date: at(10, 7), todoTitle: null },
      ],
    });
    expect(entries.filter((entry) => entry.category === 'transactions').map((entry) => [entry.kind, entry.reasonName])).toEqual([
      ['award_undo', 'Teamwork'],
      ['teacher_award', 'Teamwork'],
      ['teacher_award', null],
    ]);
  });
});

describe('groupHistoryByDay', () => {
  it('puts the entries of one local day together, newest day first', () => {
    const days = groupHistoryByDay(historyEntries(history));
    expect(days.map((day) => [day.day, day.entries.length])).toEqual([
      ['2026-03-10', 3],
      ['2026-03-09', 1],
      ['2026-03-08', 1],
    ]);
  });
});

describe('dayLabel', () => {
  const now = new Date(2026, 2, 1, 0, 30);
  it('says today and yesterday across a month boundary, else the date', () => {
    expect(dayLabel('2026-03-01', now)).toBe('today');
    expect(dayLabel('2026-02-28', now)).toBe('yesterday');
    expect(dayLabel('2026-02-27', now)).toBe('date');
    expect(dayDate('2026-02-27').getDate()).toBe(27);
  });
});

describe('actionPictureOf', () => {
  it('gives each kind of entry its picture', () => {
    const pictures = historyEntries(history).map(actionPictureOf);
    expect(pictures).toEqual(['reward.svg', null, 'teacher-award.svg', 'coins-sent.svg', 'todo-done.svg']);
  });

  it('gives no two kinds the same picture, and a face or hair bought none (it shows the part)', () => {
    const every: TMemberHistory = {
      ...history,
      transactions: (['transfer', 'teacher_deduction', 'todo_reward_revoked'] as const).map((kind) => ({ kind, recipientName: 't', price: 1, date: at(9, 15), todoTitle: null })),
      receivedCoins: (['transfer', 'teacher_award', 'todo_reward'] as const).map((kind) => ({ kind, senderName: 't', price: 1, date: at(9, 15), todoTitle: null })),
    };
    const pictures = historyEntries(every)
      .filter((entry) => entry.category !== 'characters')
      .map(actionPictureOf);
    expect(pictures).toHaveLength(7);
    expect(new Set(pictures).size).toBe(7);
    expect(pictures).not.toContain('character.svg');
  });
});

describe('isPurchaseActive', () => {
  it('is active until the end of its hour', () => {
    const purchase = { active_until: at(10, 12), state: 'pending' as const };
    expect(isPurchaseActive(purchase, new Date(2026, 2, 10, 11, 59, 59))).toBe(true);
    expect(isPurchaseActive(purchase, new Date(2026, 2, 10, 12))).toBe(false);
    expect(isPurchaseActive({ ...purchase, state: 'given' }, new Date(2026, 2, 10, 11, 59, 59))).toBe(true);
  });

  it('is not active once given back (issue 33), though its hour runs', () => {
    expect(isPurchaseActive({ active_until: at(10, 12), state: 'returned' }, new Date(2026, 2, 10, 11))).toBe(false);
  });
});
