import { AppError } from '@kolikko/core/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createAccountService, type AccountService } from '../account/account.service.ts';
import type { SessionEvents } from '../auth/auth.events.ts';
import { createOwedRewardsService } from '../coins/owed-rewards.service.ts';
import { announceMemberRemoved, type MemberEvents } from '../members/members.events.ts';
import { disconnectTeacherAndStudents, type LiveRooms } from '../realtime/io.ts';
import { createMembersService, type MembersService } from '../members/members.service.ts';
import { writeExportFile, type ExportFile, type ExportOwner } from '../export/export.service.ts';
import * as repo from './operator.repo.ts';

/** What `export` wrote: the file (export.service.ts) and whose data it holds. */
export type ExportedUser = ExportFile & { kind: repo.OperatorUserKind };

/** What `delete-user` deleted: a teacher with its groups and students, or a student and the coins it gave back. */
export type DeletedUser =
  | { kind: 'teacher'; username: string; groups: number; students: number }
  | { kind: 'member'; username: string; teacherUsername: string; coinsReturned: number };

export interface OperatorDeps {
  db: Db;
  /** The account's own deletion (its button: DELETE /admin/:id). */
  account: Pick<AccountService, 'remove'>;
  /** The student's own deletion (DELETE /member/:id by the member itself). */
  members: Pick<MembersService, 'remove'>;
  /**
   * Ends the sockets of a deleted teacher and its students, as DELETE /admin/:id does (a student's
   * own deletion ends its sockets through the members service's events).
   */
  disconnect: (teacherId: string, memberIds: string[]) => void;
}

export type OperatorService = ReturnType<typeof createOperatorService>;

/**
 * The operator commands that act on one user (`npm run admin -- delete-user | export`): the same
 * code whether the server runs them (operator.routes.ts, while it holds the embedded database) or
 * the command itself (admin.ts, on PostgreSQL or with no server running).
 */
export function createOperatorService({ db, account, members, disconnect }: OperatorDeps) {
  /**
   * The user a command names; refused when there is none, when the name is both a teacher's and
   * a student's and the command did not say which, and for a demo classroom's users, whom the
   * demo sweep removes (modules/demo). The messages are the command's answer to the operator.
   */
  async function findUser(username: string, kind?: repo.OperatorUserKind): Promise<repo.OperatorUser> {
    const lookup = await repo.findUserByUsername(db, username, kind);
    if (lookup.found === null) {
      if (lookup.reason === 'ambiguous') {
        throw new AppError('VALIDATION.INVALID_INPUT', {
          field: 'kind',
          message: `"${username}" is the username of both a teacher and a student: say which with --teacher or --student`,
        });
      }
      if (lookup.reason === 'ambiguous-student') {
        throw new AppError('VALIDATION.INVALID_INPUT', {
          field: 'username',
          message: `students of several classes are named "${username}": name the class by its join code, as CODE/${username}`,
        });
      }
      const who = kind === 'teacher' ? 'teacher' : kind === 'member' ? 'student' : 'teacher or student';
      throw new AppError('USER.USER_NOT_FOUND', { message: `no ${who} with the username "${username}"` });
    }
    if (lookup.found.isDemo) {
      const who = lookup.found.kind === 'teacher' ? 'teacher' : 'student';
      throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS', {
        message: `${lookup.found.username} is a ${who} of a demo classroom (/proto): the demo sweep removes it within an hour of its last action`,
      });
    }
    return lookup.found;
  }

  return {
    findUser,

    /**
     * Deletes a user as its own delete button does: a teacher through the account service (its
     * coins and its students' to the sink through the ledger, its groups, students, lists...), a
     * student through the members service as itself (its coins back to its teacher through the
     * ledger). The counts are read under the deletion's own locks (its guard), so they are what
     * was deleted.
     */
    async deleteUser(username: string, kind?: repo.OperatorUserKind): Promise<DeletedUser> {
      const user = await findUser(username, kind);
      try {
        if (user.kind === 'teacher') {
          let groups = 0;
          const memberIds = await account.remove(user.id, async (tx) => {
            groups = await repo.countTeacherGroups(tx, user.id);
          });
          disconnect(user.id, memberIds);
          return { kind: 'teacher', username: user.username, groups, students: memberIds.length };
        }
        let coinsReturned = 0;
        await members.remove({ kind: 'member', memberId: user.id }, user.id, async (tx) => {
          coinsReturned = await repo.memberCoins(tx, user.id);
        });
        return { kind: 'member', username: user.username, teacherUsername: user.teacherUsername, coinsReturned };
      } catch (err) {
        // Deleted between the look-up and the deletion (by itself, its teacher or a job).
        if (err instanceof AppError && (err.code === 'AUTH.NO_AUTH' || err.code === 'USER.NOT_YOU' || err.code === 'MEMBER.MEMBER_NOT_FOUND')) {
          throw new AppError('USER.USER_NOT_FOUND', { message: `${user.username} was deleted meanwhile` });
        }
        throw err;
      }
    },

    /**
     * Writes a user's data export (the one its profile page downloads) as a new ZIP file at
     * `path`, for an operator answering a request of access. On an error the file may be half
     * written: the caller removes it.
     */
    async exportUser(username: string, kind: repo.OperatorUserKind | undefined, path: string): Promise<ExportedUser> {
      const user = await findUser(username, kind);
      const owner: ExportOwner = user.kind === 'teacher' ? { kind: 'teacher', teacherId: user.id } : { kind: 'member', memberId: user.id };
      return { kind: user.kind, ...(await writeExportFile(db, owner, path)) };
    },
  };
}

const nobody = () => undefined;

/**
 * Live events for a command that opened the database itself. With no server holding the
 * database (the embedded one) no socket is connected and no session is cached anywhere: they go
 * nowhere. On PostgreSQL servers may run beside the command: with `live` (a Redis emitter, when
 * REDIS_URL is set, as it is wherever several servers run) a deletion reaches them as the account's
 * own button's does: the teacher hears of its student's deletion, and the deleted users' sockets
 * end on every server. Their cached sessions expire within a minute (plugins/auth.ts).
 */
const noSessionEvents: SessionEvents = { ended: nobody, revoked: nobody };
function memberEvents(live: LiveRooms | undefined): MemberEvents {
  return {
    created: nobody,
    settingsUpdated: nobody,
    teacherUpdatedSetting: nobody,
    coinsGiven: nobody,
    removed: live ? (member, by, teacherCoins) => announceMemberRemoved(live, member, by, teacherCoins) : nobody,
    purchasedReward: nobody,
    coinsTransferred: nobody,
  };
}

/**
 * The operator service of a command that opened the database itself (admin.ts), with the account
 * and members services made as app.ts makes them, telling the servers through `live` (see
 * memberEvents), or no one.
 */
export function createStandaloneOperatorService(db: Db, log: Pick<FastifyBaseLogger, 'error'>, live?: LiveRooms): OperatorService {
  const owedRewards = createOwedRewardsService({ db, events: { paid: nobody, purseUpdated: nobody }, log });
  return createOperatorService({
    db,
    account: createAccountService({ db, sessions: noSessionEvents }),
    members: createMembersService({ db, events: memberEvents(live), sessions: noSessionEvents, owedRewards }),
    disconnect: live ? (teacherId, memberIds) => disconnectTeacherAndStudents(live, teacherId, memberIds) : nobody,
  });
}
