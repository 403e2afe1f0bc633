import { describe, expect, it } from 'vitest';
import { memberHistoryEntry, teacherPurchaseType } from './history.ts';

describe('memberHistoryEntry', () => {
  it('puts coins in from people under receivedCoins and coins out to people under transactions', () => {
    expect(memberHistoryEntry('transfer', 'in')).toEqual({ list: 'receivedCoins', kind: 'transfer' });
    expect(memberHistoryEntry('teacher_award', 'in')).toEqual({ list: 'receivedCoins', kind: 'teacher_award' });
    expect(memberHistoryEntry('todo_reward', 'in')).toEqual({ list: 'receivedCoins', kind: 'todo_reward' });
    expect(memberHistoryEntry('transfer', 'out')).toEqual({ list: 'transactions', kind: 'transfer' });
    expect(memberHistoryEntry('teacher_deduction', 'out')).toEqual({ list: 'transactions', kind: 'teacher_deduction' });
    expect(memberHistoryEntry('todo_reward_revoked', 'out')).toEqual({ list: 'transactions', kind: 'todo_reward_revoked' });
    expect(memberHistoryEntry('character_purchase', 'out')).toEqual({ list: 'characterPurchase' });
    expect(memberHistoryEntry('reward_purchase', 'out')).toEqual({ list: 'rewardPurchase' });
  });

  it('shows nothing for movements a living student cannot have', () => {
    for (const reason of ['member_deleted_refund', 'group_deleted_refund', 'account_deleted', 'starter_coins', 'group_slots'] as const) {
      expect([reason, memberHistoryEntry(reason, 'in'), memberHistoryEntry(reason, 'out')]).toEqual([reason, null, null]);
    }
  });
});

describe('teacherPurchaseType', () => {
  it('names coins bought, accessories, characters, and otherwise by direction', () => {
    expect(teacherPurchaseType('coin_purchase', 'in')).toBe('bought');
    expect(teacherPurchaseType('group_slots', 'out')).toBe('accessory');
    expect(teacherPurchaseType('character_purchase', 'out')).toBe('character');
    expect(teacherPurchaseType('starter_coins', 'in')).toBe('received');
    expect(teacherPurchaseType('teacher_deduction', 'in')).toBe('received');
    expect(teacherPurchaseType('teacher_award', 'out')).toBe('sent');
    expect(teacherPurchaseType('todo_reward', 'out')).toBe('sent');
  });
});
