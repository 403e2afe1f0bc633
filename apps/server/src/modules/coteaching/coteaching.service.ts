import { AppError } from '@kolikko/core/errors';
import { COTEACHERS_PER_GROUP_MAX } from '@kolikko/core/limits';
import type { TCoteacher, TCoteachingInvitation, TInviteCoteacherRequest } from '@kolikko/core/schemas/coteaching';
import type { Db } from '../../db/client.ts';
import type { TeacherSession } from '../../plugins/auth.ts';
import { findTeacherByLoginName } from '../auth/auth.repo.ts';
import { ownedGroup } from '../groups/group-access.ts';
import { isBlocked } from '../sharing/sharing.repo.ts';
import * as repo from './coteaching.repo.ts';
import type { CoteachingEvents } from './coteaching.events.ts';

export type CoteachingService = ReturnType<typeof createCoteachingService>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `until` (a day, its last included) as the moment access ends: the next UTC midnight. */
function endOfDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentCoteacher(r: Awaited<ReturnType<typeof repo.listCoteachers>>[number]): TCoteacher {
  return { id: r.id, teacher_id: r.teacherId, username: r.username, until: iso(r.until), accepted: r.acceptedAt !== null, invited_at: r.createdAt.toISOString() };
}

/**
 * Issue 34's co-teachers, their invitations: a group's owner invites, lists and removes; the
 * invitee lists, accepts and declines. A demo's teacher does none of it (a demo classroom is a
 * visitor's, and its teacher cannot be found by name), and a teacher who blocked the owner cannot
 * be invited (as it takes no shares from it).
 */
export function createCoteachingService({ db, events }: { db: Db; events: CoteachingEvents }) {
  function refuseDemo(session: TeacherSession): void {
    if (session.demoId) throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS');
  }

  return {
    async list(session: TeacherSession, groupId: string): Promise<TCoteacher[]> {
      await ownedGroup(db, session.teacherId, groupId);
      return (await repo.listCoteachers(db, groupId)).map(presentCoteacher);
    },

    async invite(session: TeacherSession, groupId: string, request: TInviteCoteacherRequest): Promise<TCoteacher> {
      refuseDemo(session);
      await ownedGroup(db, session.teacherId, groupId);
      const until = request.until === undefined ? null : endOfDay(request.until);
      if (until && until.getTime() <= Date.now()) throw new AppError('VALIDATION.INVALID_INPUT', { field: 'until', message: 'The last day may not be in the past' });
      const target = await findTeacherByLoginName(db, request.recipient);
      if (!target) throw new AppError('USER.USER_NOT_FOUND');
      if (target.id === session.teacherId) throw new AppError('USER.NOT_YOU');
      if (await isBlocked(db, target.id, session.teacherId)) throw new AppError('USER.CANNOT_RECEIVE_SHARES');
      const row = await db.transaction(async (tx) => {
        if ((await repo.countCoteachers(tx, groupId)) >= COTEACHERS_PER_GROUP_MAX) {
          throw new AppError('VALIDATION.INVALID_INPUT', { field: 'recipient', message: `A group has at most ${COTEACHERS_PER_GROUP_MAX} co-teachers and invitations` });
        }
        return repo.insertInvitation(tx, groupId, target.id, until);
      });
      if (!row) throw new AppError('COTEACHING.ALREADY_INVITED');
      return presentCoteacher({ ...row, username: target.username });
    },

    /** Removes a co-teacher (or withdraws an invitation) at once: its open screens lose the group, its sockets leave the group's room. */
    async remove(session: TeacherSession, groupId: string, teacherId: string): Promise<void> {
      await ownedGroup(db, session.teacherId, groupId);
      if (!(await repo.removeCoteacher(db, groupId, teacherId))) throw new AppError('COTEACHING.NOT_A_COTEACHER');
      events.ended(groupId, session.teacherId, teacherId);
    },

    async invitations(session: TeacherSession): Promise<TCoteachingInvitation[]> {
      return (await repo.listInvitations(db, session.teacherId)).map((r) => ({
        id: r.id,
        group_id: r.groupId,
        group_name: r.groupName,
        owner_username: r.ownerUsername,
        until: iso(r.until),
        invited_at: r.createdAt.toISOString(),
      }));
    },

    async accept(session: TeacherSession, invitationId: string): Promise<{ group_id: string }> {
      refuseDemo(session);
      const accepted = await repo.acceptInvitation(db, session.teacherId, invitationId);
      if (!accepted) throw new AppError('COTEACHING.INVITATION_NOT_FOUND');
      events.started(accepted.groupId, accepted.ownerId, session.teacherId);
      return { group_id: accepted.groupId };
    },

    async decline(session: TeacherSession, invitationId: string): Promise<void> {
      if (!(await repo.declineInvitation(db, session.teacherId, invitationId))) throw new AppError('COTEACHING.INVITATION_NOT_FOUND');
    },
  };
}
