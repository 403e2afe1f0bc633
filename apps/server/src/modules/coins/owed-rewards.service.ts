import type { FastifyBaseLogger } from 'fastify';
import type { TOwedRewards } from '@kolikko/core/schemas/payments';
import type { Db, DbOrTx } from '../../db/client.ts';
import { lockMembers, lockTeacherPurse, teacherCoins } from '../members/members.repo.ts';
import { memberAccount, moveCoinsMany, teacherAccount, type Movement } from './ledger.repo.ts';
import type { OwedRewardEvents } from './owed-rewards.events.ts';
import * as repo from './owed-rewards.repo.ts';

/**
 * Owed rewards (DESIGN.md section 4): a todo's completion is never refused for the purse. What the
 * purse cannot pay is owed, a record and not a balance, and paid oldest first as soon as the purse
 * has coins again (a coin purchase, coins coming back from students, a deleted student's refund).
 */

/** One owed reward paid, in full or in part, and the student's coins right after. */
export interface OwedPayment {
  memberId: string;
  groupId: string;
  memberTodoId: string | null;
  amount: number;
  memberCoins: number;
}

/** A purse and what it still owes. */
export interface PurseState {
  coins: number;
  owedRewards: number;
  owedCoins: number;
}

export interface OwedSettlement {
  payments: OwedPayment[];
  purse: PurseState;
}

/**
 * Pays the teacher's owed rewards from its purse, oldest first; the oldest one the purse cannot
 * cover in full gets what is left, so coins never sit in a purse that owes. Runs inside the
 * caller's transaction, which must hold the teacher's purse locked (lockTeacherPurse) and no
 * member rows (the members are locked here, in id order, after the purse, as everywhere).
 */
export async function payOwedRewards(tx: DbOrTx, teacherId: string): Promise<OwedSettlement> {
  let purse = (await lockTeacherPurse(tx, teacherId)) ?? 0;
  const owed = await repo.listOwedOf(tx, teacherId);
  const payments: { row: repo.OwedRewardRow; paid: number }[] = [];
  for (const row of owed) {
    if (purse === 0) break;
    const paid = Math.min(row.amount, purse);
    purse -= paid;
    payments.push({ row, paid });
  }
  if (payments.length === 0) {
    const rest = owed.reduce((s, r) => s + r.amount, 0);
    return { payments: [], purse: { coins: purse, owedRewards: owed.length, owedCoins: rest } };
  }
  const locked = await lockMembers(tx, [...new Set(payments.map((p) => p.row.memberId))]);
  const coins = new Map(locked.map((m) => [m.id, m.coins]));
  const movements: Movement[] = payments.map(({ row, paid }) => ({
    from: teacherAccount(teacherId),
    to: memberAccount(row.memberId),
    amount: paid,
    reason: 'todo_reward',
    actor: 'system',
    groupId: row.groupId,
    reference: row.memberTodoId,
  }));
  await moveCoinsMany(tx, movements);
  await repo.recordOwedPayments(
    tx,
    payments.map(({ row, paid }) => ({ id: row.id, paid, remaining: row.amount - paid, memberTodoId: row.memberTodoId })),
  );
  const result: OwedPayment[] = payments.map(({ row, paid }) => {
    const after = (coins.get(row.memberId) ?? 0) + paid;
    coins.set(row.memberId, after);
    return { memberId: row.memberId, groupId: row.groupId, memberTodoId: row.memberTodoId, amount: paid, memberCoins: after };
  });
  // A member paid twice in this settlement shows its final coins in every event.
  for (const p of result) p.memberCoins = coins.get(p.memberId) ?? p.memberCoins;
  const left = owed.reduce((s, r) => s + r.amount, 0) - payments.reduce((s, p) => s + p.paid, 0);
  const stillOwed = owed.length - payments.filter((p) => p.paid === p.row.amount).length;
  return { payments: result, purse: { coins: purse, owedRewards: stillOwed, owedCoins: left } };
}

export type OwedRewardsService = ReturnType<typeof createOwedRewardsService>;

export function createOwedRewardsService({ db, events, log }: { db: Db; events: OwedRewardEvents; log: Pick<FastifyBaseLogger, 'error'> }) {
  /** Tells the students paid and the teacher, after the settlement's transaction committed. */
  function announce(teacherId: string, settlement: OwedSettlement, purchasedCoins?: number): void {
    if (settlement.payments.length > 0) events.paid(teacherId, settlement.payments);
    events.purseUpdated(teacherId, settlement.purse, purchasedCoins);
  }

  return {
    announce,

    /** GET owed-rewards/{userId}: what the teacher's purse owes. */
    async summary(teacherId: string): Promise<TOwedRewards> {
      return repo.owedSummary(db, teacherId);
    },

    /**
     * The purse may have coins again (coins came back from students, a student was deleted): pays
     * what it owes in a transaction of its own, then tells everyone. Does nothing when it owes
     * nothing. Called after another transaction committed, so it never throws: a failure is
     * logged, and the debt is paid at the next credit or at start-up (settleAll). Answers the
     * purse as the settlement left it, or undefined when none ran (it owes nothing, or the
     * settlement failed and rolled back): the purse is then as the caller's transaction left it.
     */
    async settle(teacherId: string): Promise<number | undefined> {
      try {
        if (!(await repo.hasOwed(db, teacherId))) return undefined;
        const settlement = await db.transaction(async (tx) => payOwedRewards(tx, teacherId));
        if (settlement.payments.length > 0) announce(teacherId, settlement);
        return settlement.purse.coins;
      } catch (err) {
        log.error({ err, teacherId }, 'paying owed rewards failed');
        return undefined;
      }
    },

    /** Owed rewards of a member todo changed (made or cancelled): the teacher's header is told. Never throws. */
    async owedChanged(teacherId: string): Promise<void> {
      try {
        const [summary, purse] = await Promise.all([repo.owedSummary(db, teacherId), teacherCoins(db, teacherId)]);
        events.purseUpdated(teacherId, { coins: purse, owedRewards: summary.rewards, owedCoins: summary.coins });
      } catch (err) {
        log.error({ err, teacherId }, 'reading owed rewards failed');
      }
    },

    /** At start-up: purses left holding coins while they owe (a crash between two transactions). */
    async settleAll(): Promise<void> {
      for (const teacherId of await repo.teachersToSettle(db)) await this.settle(teacherId);
    },
  };
}
