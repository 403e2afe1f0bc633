import {
  rooms,
  type CoinsTransferPayload,
  type MemberSettingChange,
  type PurchasedRewardPayload,
} from '@kolikko/core/events';
import type { TMember } from '@kolikko/core/schemas/groups';
import { emitMany } from '../realtime/emit-many.ts';
import type { LiveRooms, RealtimeServer } from '../realtime/io.ts';

/**
 * The live events about students (spec section 7 names), sent after the change is committed.
 * Services depend on this interface; the socket adapter below is the only sender.
 */
export interface MemberEvents {
  /** A student signed up: its group's teachers see the new card. */
  created(member: TMember): void;
  /** A student changed its username or character, or unlocked a part: its group's teachers refresh the card. */
  settingsUpdated(member: TMember, change: MemberSettingChange): void;
  /** The teacher changed a student's username, small group, password or character: the student's screens refresh. */
  teacherUpdatedSetting(member: TMember, change: MemberSettingChange): void;
  /** A teacher's award (one or many members): each member and its group's teachers get the new total and the coins moved. */
  coinsGiven(awards: { memberId: string; groupId: string; coins: number; amount: number; awardId?: string; reason?: { name: string; icon: string }; undone?: boolean }[]): void;
  /**
   * A member was deleted, by its teacher or itself: the member (when its teacher did it) and the
   * group's teachers are told, then the member's sockets are disconnected.
   */
  removed(member: { id: string; groupId: string; teacherId: string }, by: 'teacher' | 'member', teacherCoins: number): void;
  /** A student bought a reward: its group's teachers see it (and the student's coins). */
  purchasedReward(groupId: string, payload: PurchasedRewardPayload): void;
  /** Coins went from one student to another: the recipient and the group's teachers (who also get the sender's coins). */
  coinsTransferred(groupId: string, payload: CoinsTransferPayload, senderCoins: number): void;
}

export function socketMemberEvents(io: RealtimeServer): MemberEvents {
  return {
    created(member) {
      io.to(rooms.groupTeachers(member.group_id)).emit('member-created', member);
    },
    settingsUpdated(member, change) {
      io.to(rooms.groupTeachers(member.group_id)).emit('member-settings-update', { ...member, change });
    },
    teacherUpdatedSetting(member, change) {
      io.to(rooms.member(member.id)).emit('teacher-updated-member-setting', { ...member, change });
    },
    coinsGiven(awards) {
      // A class's award crosses to the other processes as one message (realtime/emit-many.ts).
      emitMany(
        io,
        'teacher-gave-coins',
        awards.map((a) => ({
          to: [rooms.member(a.memberId), rooms.groupTeachers(a.groupId)],
          payload: {
            member_id: a.memberId,
            coins: a.coins,
            amount: a.amount,
            ...(a.awardId === undefined ? {} : { award_id: a.awardId }),
            ...(a.reason === undefined ? {} : { reason: a.reason }),
            ...(a.undone ? { undone: true } : {}),
          },
        })),
      );
    },
    removed(member, by, teacherCoins) {
      announceMemberRemoved(io, member, by, teacherCoins);
    },
    purchasedReward(groupId, payload) {
      io.to(rooms.groupTeachers(groupId)).emit('member-purchased-reward', payload);
    },
    coinsTransferred(groupId, payload, senderCoins) {
      io.to(rooms.member(payload.recipient)).emit('member-coins-transfer', payload);
      io.to(rooms.groupTeachers(groupId)).emit('member-coins-transfer', { ...payload, sender_coins: senderCoins });
    },
  };
}

/**
 * MemberEvents.removed, to whatever reaches the rooms (the server, or an operator command's Redis
 * emitter). The refund went to the owner's purse: the owner's screens get the purse with the news,
 * a co-teacher's the news alone (issue 34: a co-teacher does not see the owner's purse).
 */
export function announceMemberRemoved(live: LiveRooms, member: { id: string; groupId: string; teacherId: string }, by: 'teacher' | 'member', teacherCoins: number): void {
  const payload = { member_id: member.id, group_id: member.groupId };
  const event = by === 'teacher' ? 'teacher-delete-member' : 'member-delete-self';
  if (by === 'teacher') live.to(rooms.member(member.id)).emit('teacher-delete-member', payload);
  const owner = rooms.teacher(member.teacherId);
  live.to(owner).emit(event, { ...payload, teacher_coins: teacherCoins });
  live.to(rooms.groupTeachers(member.groupId)).except(owner).emit(event, payload);
  live.in(rooms.member(member.id)).disconnectSockets(true);
}
