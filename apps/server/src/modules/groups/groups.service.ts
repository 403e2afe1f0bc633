import type { PageLanguage } from '../../platform/page-language.ts';
import { AppError } from '@kolikko/core/errors';
import { EXTRA_GROUP_PRICE, GROUPS_INCLUDED } from '@kolikko/core/limits';
import { sortByUsername } from '@kolikko/core/rules/names';
import type { TGroup, TGroupLimits, TGroupSettingsRequest } from '@kolikko/core/schemas/groups';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { InsufficientCoins, memberAccount, moveCoins, teacherAccount } from '../coins/ledger.repo.ts';
import type { GroupEvents } from './groups.events.ts';
import type { OwedRewardsService } from '../coins/owed-rewards.service.ts';
import * as repo from './groups.repo.ts';
import { ownedGroup, taughtGroup } from './group-access.ts';
import { presentGroup, presentMemberForTeacher } from './groups.presenters.ts';
import type { SessionEvents } from '../auth/auth.events.ts';
import { seedDefaultReasons} from '../reasons/default-reasons.ts';

export type GroupsService = ReturnType<typeof createGroupsService>;

/** Refuses a user id in a path or body that is not the caller's own. */
export function assertSelf(sessionUserId: string, claimedId: string): void {
  if (sessionUserId !== claimedId) throw new AppError('USER.NOT_YOU');
}

/**
 * Runs a write that draws a join code again if it met another group's: the database draws a code
 * no group has, but two groups made at the same instant may draw the same one (1 in 480 million).
 */
async function retryOnCodeClash<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (err) {
      if (!isUniqueViolation(err, 'groups_join_code_idx') || attempt >= 3) throw err;
    }
  }
}

export function createGroupsService({ db, events, sessions, owedRewards }: { db: Db; events: GroupEvents; sessions: SessionEvents; owedRewards: OwedRewardsService }) {
  async function activeGroupId(teacherId: string): Promise<string | null> {
    return (await repo.findTeacherGroupState(db, teacherId))?.activeGroupId ?? null;
  }

  /** The group as the teacher sees it: as its owner, or as its co-teacher (with the owner's name). */
  async function present(teacherId: string, groupId: string): Promise<TGroup> {
    const { group, memberCount, role } = await taughtGroup(db, teacherId, groupId);
    const ownerUsername = role === 'owner' ? null : ((await repo.findOwnerUsername(db, groupId)) ?? null);
    return presentGroup(group, memberCount, await activeGroupId(teacherId), ownerUsername);
  }

  async function limits(teacherId: string): Promise<TGroupLimits> {
    const state = await repo.findTeacherGroupState(db, teacherId);
    return {
      current_usage: await repo.countGroupsOfTeacher(db, teacherId),
      total_limit: GROUPS_INCLUDED + (state?.extraGroupSlots ?? 0),
    };
  }

  return {
    async list(teacherId: string): Promise<TGroup[]> {
      const active = await activeGroupId(teacherId);
      return (await repo.listTaughtGroups(db, teacherId)).map((r) => presentGroup(r.group, r.memberCount, active, r.ownerUsername));
    },

    async active(teacherId: string): Promise<TGroup | null> {
      const active = await activeGroupId(teacherId);
      if (!active) return null;
      try {
        return await present(teacherId, active);
      } catch (err) {
        // A co-teaching that ended (its last day passed, or the owner removed it) leaves none.
        if (err instanceof AppError && err.code === 'GROUP.NOT_YOUR_GROUP') return null;
        throw err;
      }
    },

    async setActive(teacherId: string, groupId: string): Promise<TGroup> {
      await taughtGroup(db, teacherId, groupId);
      await repo.setActiveGroup(db, teacherId, groupId);
      return present(teacherId, groupId);
    },

    /**
     * A new group, active at once, with a join code of its own and the default award reasons in
     * the teacher's language; trading is off unless the teacher allowed it on creation. Its name
     * must differ from the teacher's other groups' only.
     */
    async create(teacherId: string, name: string, tradingAllowed = false, language: PageLanguage = 'en'): Promise<TGroup> {
      const attempt = () =>
        db.transaction(async (tx) => {
          // Locking the teacher row makes two racing creations count one after the other.
          const teacher = await repo.lockTeacher(tx, teacherId);
          if (!teacher) throw new AppError('AUTH.NO_AUTH');
          const used = await repo.countGroupsOfTeacher(tx, teacherId);
          if (used >= GROUPS_INCLUDED + teacher.extraGroupSlots) throw new AppError('LIMITATIONS.GROUP_LIMIT_EXCEEDED');
          if (await repo.isGroupNameTaken(tx, teacherId, name)) throw new AppError('GROUP.GROUP_TAKEN', { field: 'group_name' });
          const created = await repo.insertGroup(tx, teacherId, name, tradingAllowed);
          await repo.setActiveGroup(tx, teacherId, created.id);
          await seedDefaultReasons(tx, created.id, language);
          return { ...created, reasonsSeeded: true };
        });
      try {
        const group = await retryOnCodeClash(attempt);
        events.created(teacherId, group.id);
        return presentGroup(group, 0, group.id);
      } catch (err) {
        if (isUniqueViolation(err, 'groups_teacher_name_lower_idx')) throw new AppError('GROUP.GROUP_TAKEN', { field: 'group_name' });
        throw err;
      }
    },

    /** A new join code; the old one stops at once, and the group's members stay. */
    async renewJoinCode(teacherId: string, groupId: string): Promise<TGroup> {
      await ownedGroup(db, teacherId, groupId);
      await retryOnCodeClash(() => repo.renewJoinCode(db, groupId));
      return present(teacherId, groupId);
    },

    async toggleLock(teacherId: string, groupId: string): Promise<TGroup> {
      await ownedGroup(db, teacherId, groupId);
      await repo.toggleGroupLock(db, groupId);
      return present(teacherId, groupId);
    },

    /** Trading between members (the members are told), badge sign-in and "needs work" reasons, each only when given. */
    async updateSettings(teacherId: string, groupId: string, settings: TGroupSettingsRequest): Promise<TGroup> {
      await ownedGroup(db, teacherId, groupId);
      await repo.updateGroup(db, groupId, {
        ...(settings.trading_allowed === undefined ? {} : { tradingAllowed: settings.trading_allowed }),
        ...(settings.badges_enabled === undefined ? {} : { badgesEnabled: settings.badges_enabled }),
        ...(settings.needs_work_enabled === undefined ? {} : { needsWorkEnabled: settings.needs_work_enabled }),
        ...(settings.board_shows === undefined ? {} : { boardShows: settings.board_shows }),
      });
      if (settings.trading_allowed !== undefined) events.settingsChanged(groupId, settings.trading_allowed);
      return present(teacherId, groupId);
    },

    /**
     * Deletes a group with its members (their sessions go with them). Their coins go back to the
     * teacher through the ledger first, so no coin leaves the books unrecorded. The members are
     * told and disconnected.
     */
    async remove(teacherId: string, groupId: string): Promise<void> {
      await ownedGroup(db, teacherId, groupId);
      const memberIds = await db.transaction(async (tx) => {
        await repo.lockTeacher(tx, teacherId);
        const balances = await repo.lockMemberBalances(tx, groupId);
        for (const m of balances) {
          if (m.coins > 0) {
            await moveCoins(tx, {
              from: memberAccount(m.id),
              to: teacherAccount(teacherId),
              amount: m.coins,
              reason: 'group_deleted_refund',
              actor: teacherAccount(teacherId),
              groupId,
              reference: m.id,
            });
          }
        }
        await repo.deleteGroup(tx, groupId);
        return balances.map((m) => m.id);
      });
      sessions.revoked({ groupIds: [groupId] });
      events.deleted(groupId, memberIds);
      // The refunds may pay what the purse owes to students of its other groups.
      await owedRewards.settle(teacherId);
    },

    async members(teacherId: string, groupId: string) {
      await taughtGroup(db, teacherId, groupId);
      return sortByUsername(await repo.listMembersOfGroup(db, groupId)).map(presentMemberForTeacher);
    },

    limits,

    /** Buys extra group slots at EXTRA_GROUP_PRICE each from the teacher's purse. */
    async purchaseSlots(teacherId: string, amount: number): Promise<TGroupLimits & { coins: number }> {
      try {
        await db.transaction(async (tx) => {
          await moveCoins(tx, {
            from: teacherAccount(teacherId),
            to: 'sink',
            amount: amount * EXTRA_GROUP_PRICE,
            reason: 'group_slots',
            actor: teacherAccount(teacherId),
            reference: String(amount),
          });
          await repo.addGroupSlots(tx, teacherId, amount);
        });
      } catch (err) {
        if (err instanceof InsufficientCoins) throw new AppError('PAYMENT.INSUFFICIENT_FUNDS');
        throw err;
      }
      const state = await repo.findTeacherGroupState(db, teacherId);
      return { ...(await limits(teacherId)), coins: state?.coins ?? 0 };
    },
  };
}
