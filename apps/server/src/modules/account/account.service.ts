import { AppError } from '@kolikko/core/errors';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { endPasswordResetTokens, findTeacherById, findTeacherByLoginName, setTeacherPassword } from '../auth/auth.repo.ts';
import { presentTeacher } from '../auth/auth.presenters.ts';
import { memberAccount, moveCoins, teacherAccount } from '../coins/ledger.repo.ts';
import { lockTeacherPurse } from '../members/members.repo.ts';
import type { SessionEvents } from '../auth/auth.events.ts';
import * as repo from './account.repo.ts';

export type AccountService = ReturnType<typeof createAccountService>;

/** The teacher's own account: username, password, deletion. The e-mail is read-only. */
export function createAccountService({ db, sessions }: { db: Db; sessions: SessionEvents }) {
  return {
    async rename(teacherId: string, username: string): Promise<TTeacherUser> {
      const holder = await findTeacherByLoginName(db, username);
      if (holder && holder.id !== teacherId) throw new AppError('USER.USERNAME_TAKEN', { field: 'username' });
      try {
        const row = await repo.setTeacherUsername(db, teacherId, username);
        if (!row) throw new AppError('AUTH.NO_AUTH');
        return presentTeacher(row);
      } catch (err) {
        if (isUniqueViolation(err, 'teachers_username_lower_idx')) throw new AppError('USER.USERNAME_TAKEN', { field: 'username' });
        throw err;
      }
    },

    /**
     * Checks the old password, sets the new one and ends the teacher's other sessions (and their
     * sockets) and every reset link mailed before: none may undo the change.
     */
    async changePassword(teacherId: string, oldPassword: string, newPassword: string, keepTokenHash: string): Promise<void> {
      const teacher = await findTeacherById(db, teacherId);
      if (!teacher) throw new AppError('AUTH.NO_AUTH');
      if (!(await verifyPassword(teacher.passwordHash, oldPassword))) throw new AppError('AUTH.WRONG_PASSWORD', { field: 'oldPassword' });
      const passwordHash = await hashPassword(newPassword);
      const ended = await db.transaction(async (tx) => {
        await setTeacherPassword(tx, teacherId, passwordHash);
        await endPasswordResetTokens(tx, teacherId);
        return repo.deleteOtherTeacherSessions(tx, teacherId, keepTokenHash);
      });
      sessions.ended(ended);
    },

    /**
     * Deletes the teacher with their groups, members and sessions. Coins still held are booked
     * to the sink first, so the ledger's totals stay whole. Returns the members' ids. `guard` runs
     * with the teacher's row locked and may throw to keep the account (the inactivity deletion of
     * modules/retention checks there that no login came in between).
     */
    async remove(teacherId: string, guard?: (tx: Tx) => Promise<void>): Promise<string[]> {
      const memberIds = await repo.listTeacherMemberIds(db, teacherId);
      await db.transaction(async (tx) => {
        const purse = await lockTeacherPurse(tx, teacherId);
        if (purse === undefined) throw new AppError('AUTH.NO_AUTH');
        await guard?.(tx);
        const actor = teacherAccount(teacherId);
        for (const m of await repo.lockTeacherMembersWithCoins(tx, teacherId)) {
          await moveCoins(tx, { from: memberAccount(m.id), to: 'sink', amount: m.coins, reason: 'account_deleted', actor, groupId: m.groupId });
        }
        if (purse > 0) await moveCoins(tx, { from: teacherAccount(teacherId), to: 'sink', amount: purse, reason: 'account_deleted', actor });
        await repo.deleteTeacher(tx, teacherId);
      });
      sessions.revoked({ teacherIds: [teacherId] });
      return memberIds;
    },
  };
}
