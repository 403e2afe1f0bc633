import { AppError } from '@kolikko/core/errors';
import { decideUnlock, ownsCharacterPart } from '@kolikko/core/rules/characters';
import type { TCharacterRequest } from '@kolikko/core/schemas/characters';
import type { SkinTone } from '@kolikko/core/enumerations';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import type { TMember } from '@kolikko/core/schemas/groups';
import type { Db } from '../../db/client.ts';
import { presentTeacher } from '../auth/auth.presenters.ts';
import { InsufficientCoins, memberAccount, moveCoins } from '../coins/ledger.repo.ts';
import { presentMemberForTeacher } from '../groups/groups.presenters.ts';
import { findMemberWithTeacher } from '../members/members.repo.ts';
import type { MemberEvents } from '../members/members.events.ts';
import { accessibleMember, type Actor } from '../members/members.service.ts';
import type { CharacterCatalog } from './catalog.ts';
import * as repo from './avatars.repo.ts';
import { toneToKeep } from './skin-tones.ts';

export type AvatarsService = ReturnType<typeof createAvatarsService>;

/**
 * Faces and hairs (spec sections 3 and 5): a student unlocks a part once (face 3 coins, hair 1,
 * to the sink) and wears its unlocked parts or the free defaults; its teacher may dress it in the
 * same. Teachers wear any part for free: spec section 7 gives them no unlock call, and their
 * coins are the class's purse. The skin tone (issue 33) is a choice of its own, free for all: a
 * face draws its skin in it, so changing face keeps the skin.
 */
export function createAvatarsService({ db, events, catalog }: { db: Db; events: MemberEvents; catalog: CharacterCatalog }) {
  function assertPart({ type, path }: TCharacterRequest): void {
    if (!catalog.has(type, path)) throw new AppError('IMAGE.IMAGE_NOT_FOUND', { field: 'path' });
  }

  async function presentMember(memberId: string): Promise<TMember> {
    const row = await findMemberWithTeacher(db, memberId);
    if (!row) throw new AppError('MEMBER.MEMBER_NOT_FOUND');
    return presentMemberForTeacher(row.member);
  }

  /** A change to a student's character: its teacher's screens refresh, or the student's when the teacher made it. */
  function announce(actor: Actor, member: TMember): TMember {
    if (actor.kind === 'member') events.settingsUpdated(member, 'character');
    else events.teacherUpdatedSetting(member, 'character');
    return member;
  }

  return {
    catalog,

    /**
     * Unlocks a part for the student itself and puts it on (issue 14: buying is wearing), in one
     * transaction on its locked row: charged once however many requests race (one already owned
     * charges nothing and is only put on), refused when short of coins.
     */
    async unlock(memberId: string, part: TCharacterRequest): Promise<TMember> {
      assertPart(part);
      try {
        await db.transaction(async (tx) => {
          const member = await repo.lockMemberCharacter(tx, memberId);
          if (!member) throw new AppError('USER.NOT_YOU');
          const unlocked = part.type === 'face' ? member.unlockedFaces : member.unlockedHairs;
          const decision = decideUnlock({ ...part, unlocked, coins: member.coins });
          if (!decision.ok) throw new AppError(decision.error);
          if (decision.charge > 0) {
            await moveCoins(tx, {
              from: memberAccount(memberId),
              to: 'sink',
              amount: decision.charge,
              reason: 'character_purchase',
              actor: memberAccount(memberId),
              groupId: member.groupId,
              reference: part.path,
            });
            await repo.addUnlockedPart(tx, memberId, part.type, part.path);
          }
          await repo.setMemberPart(tx, memberId, part.type, part.path, toneToKeep(member));
        });
      } catch (err) {
        if (err instanceof InsufficientCoins) throw new AppError('MISC.OUT_OF_COINS');
        throw err;
      }
      const member = await presentMember(memberId);
      events.settingsUpdated(member, 'character');
      return member;
    },

    /** The student itself or its teacher puts on a part the student owns (unlocked, or a default). */
    async setMemberCharacter(actor: Actor, memberId: string, part: TCharacterRequest): Promise<TMember> {
      const { member } = await accessibleMember(db, actor, memberId);
      assertPart(part);
      const unlocked = part.type === 'face' ? member.unlockedFaces : member.unlockedHairs;
      if (!ownsCharacterPart(part.type, part.path, unlocked)) {
        throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS', { field: 'path', message: 'Unlock this part first' });
      }
      const updated = await repo.setMemberPart(db, memberId, part.type, part.path, toneToKeep(member));
      if (!updated) throw new AppError('MEMBER.MEMBER_NOT_FOUND');
      return announce(actor, presentMemberForTeacher(updated));
    },

    async setTeacherCharacter(teacherId: string, part: TCharacterRequest): Promise<TTeacherUser> {
      assertPart(part);
      const look = await repo.findTeacherLook(db, teacherId);
      if (!look) throw new AppError('AUTH.NO_AUTH');
      const updated = await repo.setTeacherPart(db, teacherId, part.type, part.path, toneToKeep(look));
      if (!updated) throw new AppError('AUTH.NO_AUTH');
      return presentTeacher(updated);
    },

    /** The student itself or its teacher picks the student's skin tone: free, any tone. */
    async setMemberSkinTone(actor: Actor, memberId: string, tone: SkinTone): Promise<TMember> {
      await accessibleMember(db, actor, memberId);
      const updated = await repo.setMemberSkinTone(db, memberId, tone);
      if (!updated) throw new AppError('MEMBER.MEMBER_NOT_FOUND');
      return announce(actor, presentMemberForTeacher(updated));
    },

    async setTeacherSkinTone(teacherId: string, tone: SkinTone): Promise<TTeacherUser> {
      const updated = await repo.setTeacherSkinTone(db, teacherId, tone);
      if (!updated) throw new AppError('AUTH.NO_AUTH');
      return presentTeacher(updated);
    },
  };
}
