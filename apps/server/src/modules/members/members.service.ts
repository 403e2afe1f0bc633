import { randomUUID } from 'node:crypto';
import { AppError } from '@kolikko/core/errors';
import type { TMember, TMemberCoinsBatchResponse } from '@kolikko/core/schemas/groups';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { transactionOnConnection } from '../../db/prepared.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { findMemberInGroup, listGroupNameKeys } from '../auth/auth.repo.ts';
import { nameKey, suggestFreeName } from '@kolikko/core/rules/identity';
import { InsufficientCoins, memberAccount, moveCoins, moveCoinsMany, teacherAccount, type Movement } from '../coins/ledger.repo.ts';
import { presentMemberForTeacher } from '../groups/groups.presenters.ts';
import type { SessionEvents } from '../auth/auth.events.ts';
import type { MemberEvents } from './members.events.ts';
import type { OwedRewardsService } from '../coins/owed-rewards.service.ts';
import * as repo from './members.repo.ts';
import type { LockedReason } from './members.repo.ts';
import { insertAwardOn } from '../awards/awards.repo.ts';
import { findReasonForAward } from '../reasons/reasons.repo.ts';
import { isCoteacher } from '../groups/groups.repo.ts';

/** Who is acting on a member: the teacher of its group, or the member itself. */
export type Actor = { kind: 'teacher'; teacherId: string } | { kind: 'member'; memberId: string };

export type MembersService = ReturnType<typeof createMembersService>;

/**
 * What a teacher asks of a member: to see and teach it ('teach': its group's owner or a co-teacher,
 * issue 34), or to change or delete it ('own': the owner only).
 */
export type MemberNeed = 'teach' | 'own';

/**
 * The member, if the actor may act on it. Another teacher's member is answered as not found, so
 * ids cannot be probed; a co-teacher asking for an owner's change is COTEACHING.OWNER_ONLY;
 * another member is NOT_YOU.
 */
export async function accessibleMember(db: DbOrTx, actor: Actor, memberId: string, need: MemberNeed = 'own') {
  const row = await repo.findMemberWithTeacher(db, memberId);
  if (actor.kind === 'member') {
    if (actor.memberId !== memberId || !row) throw new AppError('USER.NOT_YOU');
    return row;
  }
  if (!row) throw new AppError('MEMBER.MEMBER_NOT_FOUND');
  if (row.teacherId === actor.teacherId) return row;
  if (!(await isCoteacher(db, actor.teacherId, row.member.groupId))) throw new AppError('MEMBER.MEMBER_NOT_FOUND');
  if (need === 'own') throw new AppError('COTEACHING.OWNER_ONLY');
  return row;
}

/** An award the purse cannot cover: says how many coins it needs and how many the purse holds. */
function outOfCoins(needed: number, available: number): AppError {
  return new AppError('MISC.TEACHER_OUT_OF_COINS', {
    message: `The award needs ${needed} coins; the purse holds ${available}`,
    details: { needed, available },
  });
}

/** What an award gives each student: coins as asked, or its reason's (issue 32). */
interface AwardWhat {
  coins?: number | undefined;
  reasonId?: string | undefined;
}

/** A reason award's lock answered no row: the reason or the students are not the teacher's (or not of one group). */
class NothingLockedForReason extends Error {}

export function createMembersService({
  db,
  events,
  sessions,
  owedRewards,
  clock = () => new Date(),
}: {
  db: Db;
  events: MemberEvents;
  sessions: SessionEvents;
  owedRewards: OwedRewardsService;
  /** When an award is made (its undo's minute counts from it); tests move it. */
  clock?: () => Date;
}) {
  /**
   * The reason's coins, checked against what was sent with it: a `coins` sent with a reason must
   * be the same, and a "needs work" reason only while its group allows those.
   */
  function reasonCoins(what: AwardWhat, reason: LockedReason | null): number {
    if (!reason) throw new AppError('AWARD.REASON_NOT_FOUND');
    if (what.coins !== undefined && what.coins !== reason.coins) {
      throw new AppError('VALIDATION.INVALID_INPUT', { field: 'coins', message: "The coins differ from the reason's" });
    }
    if (reason.coins < 0 && !reason.needsWorkEnabled) {
      throw new AppError('VALIDATION.INVALID_INPUT', { field: 'reason_id', message: 'The group does not allow "needs work" reasons' });
    }
    return reason.coins;
  }

  /**
   * Gives (coins > 0) or takes back (coins < 0) the same amount for each member, all or
   * nothing, in one transaction. Giving comes out of the teacher's purse
   * (MISC.TEACHER_OUT_OF_COINS when it cannot cover everyone); taking never takes a member
   * below zero and returns the coins to the purse. With a reason, the reason's coins (issue 32).
   * After commit each member and its group's teachers are told the member's new total
   * (teacher-gave-coins).
   */
  async function awardMany(teacherId: string, memberIds: string[], what: AwardWhat): Promise<TMemberCoinsBatchResponse> {
    const ids = [...new Set(memberIds)];
    if (ids.length === 0 || (what.reasonId === undefined && !what.coins)) {
      // Nothing to move: the reason is still checked, and the balances answered.
      if (what.reasonId !== undefined) reasonCoins(what, (await findReasonForAward(db, teacherId, what.reasonId)) ?? null);
      const owned = await repo.findTeacherMembers(db, teacherId, ids);
      if (owned.length !== ids.length) throw new AppError('MEMBER.MEMBER_NOT_FOUND');
      const balances = new Map((await repo.memberCoins(db, ids)).map((b) => [b.id, b.coins]));
      return { members: ids.map((id) => ({ id, coins: balances.get(id) ?? 0 })), teacher_coins: await repo.teacherCoins(db, teacherId), award_id: null };
    }
    // Named before the transaction: its ledger rows carry it, and its undo finds them by it.
    const awardId = randomUUID();
    let coins = what.coins ?? 0;
    let result: { after: { id: string; groupId: string; coins: number; moved: number }[]; purse: number; reason: LockedReason | null };
    try {
      // Two round trips: begin with one lock of the purse and the members (which also checks
      // that they are this teacher's, and reads the reason), then one statement for all the
      // movements and the award's row with commit. The statements take arrays, so they are
      // planned once per connection (genericPlans).
      result = await transactionOnConnection(
        db,
        async (tx, connection, commitWith) => {
          let locked: Awaited<ReturnType<typeof repo.lockAwardRows>>;
          let reason: LockedReason | null = null;
          if (what.reasonId === undefined) {
            locked = await repo.lockAwardRows(tx, connection, teacherId, ids);
          } else {
            const read = await repo.lockAwardRowsWithReason(tx, connection, teacherId, ids, what.reasonId);
            locked = read.locked;
            reason = read.reason;
            if (locked.length === 0) throw new NothingLockedForReason();
            coins = reasonCoins(what, reason);
          }
          if (locked.length !== ids.length) throw new AppError('MEMBER.MEMBER_NOT_FOUND');
          // A reason is its group's: every student awarded with it must be of that group.
          if (reason && locked.some((m) => m.groupId !== reason.groupId)) throw new AppError('MEMBER.MEMBER_NOT_FOUND');
          let purse = locked[0]?.purse ?? 0;
          const movements: Movement[] = [];
          const after = locked.map((m) => {
            const amount = coins > 0 ? coins : Math.min(-coins, m.coins);
            if (amount > 0) {
              movements.push({
                from: coins > 0 ? teacherAccount(teacherId) : memberAccount(m.id),
                to: coins > 0 ? memberAccount(m.id) : teacherAccount(teacherId),
                amount,
                reason: coins > 0 ? 'teacher_award' : 'teacher_deduction',
                actor: teacherAccount(teacherId),
                groupId: m.groupId,
                reference: awardId,
              });
            }
            purse += coins > 0 ? -amount : amount;
            return { id: m.id, groupId: m.groupId, coins: coins > 0 ? m.coins + amount : m.coins - amount, moved: coins > 0 ? amount : -amount };
          });
          const award = { id: awardId, teacherId, reasonId: reason?.id ?? null, reasonName: reason?.name ?? null, reasonIcon: reason?.icon ?? null, coins, createdAt: clock() };
          // One award to a class is one statement: the debit, the credits, the ledger rows and the
          // award's row. A take-back from students who have nothing moves no coins: its row alone.
          // COMMIT goes with it: its one refusal (a purse short of coins) writes nothing, as the
          // credits, the ledger and the award's row wait for the debit, and the students it
          // credits are locked above, so none is missing.
          if (movements.length > 0) await commitWith(() => moveCoinsMany(tx, movements, connection, award));
          else await commitWith(() => insertAwardOn(tx, connection, award));
          // The rows are locked until commit, so these are the balances the award leaves.
          return { after, purse, reason };
        },
        { genericPlans: true },
      );
    } catch (err) {
      if (err instanceof InsufficientCoins) throw outOfCoins(coins * ids.length, await repo.teacherCoins(db, teacherId));
      if (err instanceof NothingLockedForReason && what.reasonId !== undefined) {
        // Which it was: a student not the teacher's (said first), or a reason not the teacher's.
        if ((await repo.findTeacherMembers(db, teacherId, ids)).length === ids.length) reasonCoins(what, (await findReasonForAward(db, teacherId, what.reasonId)) ?? null);
        throw new AppError('MEMBER.MEMBER_NOT_FOUND');
      }
      throw err;
    }
    const named = result.reason ? { reason: { name: result.reason.name, icon: result.reason.icon } } : {};
    events.coinsGiven(result.after.map((m) => ({ memberId: m.id, groupId: m.groupId, coins: m.coins, amount: m.moved, awardId, ...named })));
    if (coins < 0) {
      // Coins taken back may pay what the purse owes; the answer shows the purse after that. When
      // it owes nothing, the purse is the one the award's transaction left: no second read.
      result.purse = (await owedRewards.settle(teacherId)) ?? result.purse;
    }
    const byId = new Map(result.after.map((m) => [m.id, m.coins]));
    return { members: ids.map((id) => ({ id, coins: byId.get(id) ?? 0 })), teacher_coins: result.purse, award_id: awardId };
  }

  return {
    async get(actor: Actor, memberId: string): Promise<TMember> {
      return presentMemberForTeacher((await accessibleMember(db, actor, memberId, 'teach')).member);
    },

    /** Renames a member; the other side (the student, or its group's teachers) hears of it. */
    async rename(actor: Actor, memberId: string, username: string): Promise<TMember> {
      const { member } = await accessibleMember(db, actor, memberId);
      if (member.username === username) return presentMemberForTeacher(member);
      // A nickname is unique within the group; a classmate's is refused with a free one to take.
      const holder = await findMemberInGroup(db, member.groupId, username);
      if (holder && holder.id !== memberId) {
        const taken = new Set((await listGroupNameKeys(db, member.groupId)).filter((key) => key !== nameKey(member.username)));
        throw new AppError('USER.USERNAME_TAKEN', { field: 'username', suggestion: suggestFreeName(username, taken) });
      }
      let updated: repo.MemberRow | undefined;
      try {
        updated = await repo.setMemberUsername(db, memberId, username);
      } catch (err) {
        if (isUniqueViolation(err, 'members_group_username_lower_idx')) throw new AppError('USER.USERNAME_TAKEN', { field: 'username' });
        throw err;
      }
      if (!updated) throw new AppError('MEMBER.MEMBER_NOT_FOUND');
      const presented = presentMemberForTeacher(updated);
      if (actor.kind === 'teacher') events.teacherUpdatedSetting(presented, 'username');
      else events.settingsUpdated(presented, 'username');
      return presented;
    },

    /**
     * A teacher sets a student's password (students cannot reset their own). It signs the student
     * out everywhere: the student's screens are told, then its sockets are disconnected.
     */
    async setPassword(teacherId: string, memberId: string, password: string): Promise<void> {
      const { member } = await accessibleMember(db, { kind: 'teacher', teacherId }, memberId);
      const passwordHash = await hashPassword(password);
      const ended = await db.transaction(async (tx) => {
        await repo.setMemberPassword(tx, memberId, passwordHash);
        return repo.deleteMemberSessions(tx, memberId);
      });
      events.teacherUpdatedSetting(presentMemberForTeacher(member), 'password');
      sessions.ended(ended);
    },

    async toggleSmallGroup(teacherId: string, memberId: string): Promise<'blue' | 'orange'> {
      await accessibleMember(db, { kind: 'teacher', teacherId }, memberId);
      const updated = await repo.toggleSmallGroup(db, memberId);
      if (!updated) throw new AppError('MEMBER.MEMBER_NOT_FOUND');
      events.teacherUpdatedSetting(presentMemberForTeacher(updated), 'small_group');
      return updated.smallGroup;
    },

    /**
     * Deletes a member (by its teacher, or itself). Its coins go back to the teacher through the
     * ledger; its sessions go with the row. Returns the teacher's purse afterwards. `guard` runs
     * with the member's row locked and may throw to keep it (the inactivity deletion of
     * modules/retention checks there that no login came in between).
     */
    async remove(actor: Actor, memberId: string, guard?: (tx: DbOrTx) => Promise<void>): Promise<{ teacherId: string; groupId: string; teacherCoins: number }> {
      const { teacherId, member } = await accessibleMember(db, actor, memberId);
      await db.transaction(async (tx) => {
        await repo.lockTeacherPurse(tx, teacherId);
        const [locked] = await repo.lockMembers(tx, [memberId]);
        if (!locked) throw new AppError('MEMBER.MEMBER_NOT_FOUND');
        await guard?.(tx);
        if (locked.coins > 0) {
          await moveCoins(tx, {
            from: memberAccount(memberId),
            to: teacherAccount(teacherId),
            amount: locked.coins,
            reason: 'member_deleted_refund',
            actor: actor.kind === 'teacher' ? teacherAccount(teacherId) : memberAccount(memberId),
            groupId: member.groupId,
            reference: memberId,
          });
        }
        await repo.deleteMember(tx, memberId);
      });
      sessions.revoked({ memberIds: [memberId] });
      // The refund may pay what the purse owes to other students.
      await owedRewards.settle(teacherId);
      const teacherCoins = await repo.teacherCoins(db, teacherId);
      events.removed({ id: memberId, groupId: member.groupId, teacherId }, actor.kind, teacherCoins);
      return { teacherId, groupId: member.groupId, teacherCoins };
    },

    /** One award to one member; see awardMany. */
    async award(teacherId: string, memberId: string, what: AwardWhat) {
      const result = await awardMany(teacherId, [memberId], what);
      return { total: result.members[0]?.coins ?? 0, teacher_coins: result.teacher_coins, award_id: result.award_id };
    },

    awardMany,
  };
}
