import type { ErrorCode } from '../errors.ts';

export interface TransferInput<R extends { id: string; groupId: string }> {
  senderId: string;
  senderGroupId: string;
  /** The group's trading setting (the teacher must allow trading, spec section 1). */
  tradingAllowed: boolean;
  /** The recipient as found; undefined when no member matched. */
  recipient: R | undefined;
  amount: number;
  /** The sender's coins, read under its row lock. */
  senderCoins: number;
}

export type TransferDecision<R> = { ok: true; recipient: R } | { ok: false; error: ErrorCode; field: string };

/**
 * Spec section 5's coin transfer: only where the teacher allows trading, to another member of
 * the same group, a whole number of coins from 1 up to what the sender has.
 */
export function decideTransfer<R extends { id: string; groupId: string }>(input: TransferInput<R>): TransferDecision<R> {
  if (!input.tradingAllowed) return { ok: false, error: 'PERMISSION.INSUFFICIENT_PERMISSIONS', field: 'trading_allowed' };
  if (input.recipient?.id === input.senderId) return { ok: false, error: 'USER.NOT_YOU', field: 'recipient' };
  const { recipient } = input;
  if (!recipient || recipient.groupId !== input.senderGroupId) return { ok: false, error: 'GROUP.NOT_IN_GROUP', field: 'recipient' };
  if (!Number.isInteger(input.amount) || input.amount < 1) return { ok: false, error: 'VALIDATION.INVALID_INPUT', field: 'amount' };
  if (input.amount > input.senderCoins) return { ok: false, error: 'MISC.OUT_OF_COINS', field: 'amount' };
  return { ok: true, recipient };
}
