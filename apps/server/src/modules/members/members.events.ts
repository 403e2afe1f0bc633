import type { Server } from 'socket.io';
import type { TMember } from '@kolikko/core/schemas/groups';
import { rooms } from '../../plugins/realtime.ts';

export interface PurchasedRewardPayload {
  member_id: string;
  purchase_id: string;
  reward_id: string;
  name: string;
  price: number;
  active_until: string;
  member_coins: number;
}

export interface CoinsTransferPayload {
  sender_id: string;
  sender_username: string;
  recipient: string;
  amount: number;
  /** The recipient's coins afterwards. */
  recipient_coins: number;
}

/**
 * The live events of what a student does with its coins and looks (spec section 7 names), sent
 * after the change is committed. Services depend on this interface; the socket adapter below is
 * the only sender.
 */
export interface MemberEvents {
  /** A student changed its character or unlocked a part: its group's teachers refresh the card. */
  settingsUpdated(member: TMember): void;
  /** The teacher changed a student's character: the student's own screens refresh. */
  teacherUpdatedSetting(member: TMember): void;
  /** A student bought a reward: its group's teachers see it (and the student's coins). */
  purchasedReward(groupId: string, payload: PurchasedRewardPayload): void;
  /** Coins went from one student to another: the recipient and the group's teachers (who also get the sender's coins). */
  coinsTransferred(groupId: string, payload: CoinsTransferPayload, senderCoins: number): void;
}

export function socketMemberEvents(io: Server): MemberEvents {
  return {
    settingsUpdated(member) {
      io.to(rooms.groupTeachers(member.group_id)).emit('member-settings-update', member);
    },
    teacherUpdatedSetting(member) {
      io.to(rooms.member(member.id)).emit('teacher-updated-member-setting', member);
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
