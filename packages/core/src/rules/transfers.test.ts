import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decideTransfer, type TransferInput } from './transfers.ts';

const base: TransferInput<{ id: string; groupId: string }> = {
  senderId: 'a',
  senderGroupId: 'g',
  tradingAllowed: true,
  recipient: { id: 'b', groupId: 'g' },
  amount: 5,
  senderCoins: 5,
};

describe('decideTransfer (spec section 5)', () => {
  it('lets a whole amount from 1 to the balance go to a classmate where trading is allowed', () => {
    expect(decideTransfer(base)).toEqual({ ok: true, recipient: { id: 'b', groupId: 'g' } });
    expect(decideTransfer({ ...base, amount: 1 })).toEqual({ ok: true, recipient: { id: 'b', groupId: 'g' } });
  });

  it.each([
    [{ tradingAllowed: false }, 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'trading_allowed'],
    [{ recipient: { id: 'a', groupId: 'g' } }, 'USER.NOT_YOU', 'recipient'],
    [{ recipient: { id: 'c', groupId: 'h' } }, 'GROUP.NOT_IN_GROUP', 'recipient'],
    [{ recipient: undefined }, 'GROUP.NOT_IN_GROUP', 'recipient'],
    [{ amount: 0 }, 'VALIDATION.INVALID_INPUT', 'amount'],
    [{ amount: 2.5 }, 'VALIDATION.INVALID_INPUT', 'amount'],
    [{ amount: 6 }, 'MISC.OUT_OF_COINS', 'amount'],
  ] as const)('refuses %j with %s', (change, error, field) => {
    expect(decideTransfer({ ...base, ...change })).toEqual({ ok: false, error, field });
  });

  it('never lets a balance go below zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 100 }), fc.integer({ min: 0, max: 100 }), (amount, senderCoins) => {
        const d = decideTransfer({ ...base, amount, senderCoins });
        expect(d.ok).toBe(amount >= 1 && amount <= senderCoins);
      }),
    );
  });
});
