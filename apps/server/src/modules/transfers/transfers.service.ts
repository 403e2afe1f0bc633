import { AppError } from '@kolikko/core/errors';
import { decideTransfer } from '@kolikko/core/rules/transfers';
import { sortByUsername } from '@kolikko/core/rules/names';
import type { TClassmate, TTransferResponse } from '@kolikko/core/schemas/coins';
import type { Db } from '../../db/client.ts';
import { skinToneOf } from '../avatars/skin-tones.ts';
import { InsufficientCoins, memberAccount, moveCoins } from '../coins/ledger.repo.ts';
import { lockMembers } from '../members/members.repo.ts';
import type { MemberEvents } from '../members/members.events.ts';
import { accessibleMember, type Actor } from '../members/members.service.ts';
import * as repo from './transfers.repo.ts';

export type TransfersService = ReturnType<typeof createTransfersService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createTransfersService({ db, events }: { db: Db; events: MemberEvents }) {
  return {
    /**
     * A student sends coins to a classmate (spec section 5), in one transaction that locks both
     * member rows in id order (the one lock order: two students sending to each other at once
     * wait, never deadlock) and decides with core's rules on what it read under the locks.
     */
    async transfer(senderId: string, recipientKey: string, amount: number): Promise<TTransferResponse> {
      const senderRow = await repo.findRecipient(db, { id: senderId });
      if (!senderRow) throw new AppError('USER.NOT_YOU');
      const found = await repo.findRecipient(db, UUID.test(recipientKey) ? { id: recipientKey } : { username: recipientKey.normalize('NFC'), groupId: senderRow.groupId });
      let result: { senderCoins: number; recipient: { id: string; username: string; coins: number }; groupId: string };
      try {
        result = await db.transaction(async (tx) => {
          const locked = await lockMembers(tx, found ? [senderId, found.id] : [senderId]);
          const sender = locked.find((m) => m.id === senderId);
          if (!sender) throw new AppError('USER.NOT_YOU');
          const held = found && locked.find((m) => m.id === found.id);
          const decision = decideTransfer({
            senderId,
            senderGroupId: sender.groupId,
            tradingAllowed: await repo.findTradingAllowed(tx, sender.groupId),
            recipient: found && held ? { id: held.id, username: found.username, groupId: held.groupId, coins: held.coins } : undefined,
            amount,
            senderCoins: sender.coins,
          });
          if (!decision.ok) throw new AppError(decision.error, { field: decision.field });
          const { recipient } = decision;
          await moveCoins(tx, {
            from: memberAccount(senderId),
            to: memberAccount(recipient.id),
            amount,
            reason: 'transfer',
            actor: memberAccount(senderId),
            groupId: sender.groupId,
          });
          return { senderCoins: sender.coins - amount, recipient: { id: recipient.id, username: recipient.username, coins: recipient.coins + amount }, groupId: sender.groupId };
        });
      } catch (err) {
        if (err instanceof InsufficientCoins) throw new AppError('MISC.OUT_OF_COINS', { field: 'amount' });
        throw err;
      }
      const { recipient } = result;
      events.coinsTransferred(
        result.groupId,
        { sender_id: senderId, sender_username: senderRow.username, recipient: recipient.id, amount, recipient_coins: recipient.coins },
        result.senderCoins,
      );
      return { member_coins: result.senderCoins, recipient: { id: recipient.id, username: recipient.username }, amount };
    },

    /** The other students of a member's group, for the member itself or its teacher (no coins shown). */
    async classmates(actor: Actor, memberId: string): Promise<TClassmate[]> {
      const { member } = await accessibleMember(db, actor, memberId);
      const rows = await repo.listClassmates(db, member.groupId, memberId);
      return sortByUsername(rows.map(({ skinTone, ...c }) => ({ ...c, skin_tone: skinToneOf({ skinTone, face: c.face }) })));
    },
  };
}
