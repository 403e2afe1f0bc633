import type { TMemberUser, TTeacherUser } from '@kolikko/core/schemas/auth';
import { skinToneOf } from '../avatars/skin-tones.ts';
import type { MemberRow, TeacherRow } from './auth.repo.ts';

/** What a teacher's own browser may see of the teacher row (never the hash). */
export function presentTeacher(t: TeacherRow): TTeacherUser {
  return {
    id: t.id,
    username: t.username,
    email: t.email,
    admin: true,
    coins: t.coins,
    face: t.face,
    hair: t.hair,
    skin_tone: skinToneOf(t),
    isPremiumUser: t.isPremium,
  };
}

/** The student's own session: the member row and its group's trading setting. */
export function presentMember(m: MemberRow, tradingAllowed: boolean): TMemberUser {
  return {
    id: m.id,
    username: m.username,
    admin: false,
    group_id: m.groupId,
    coins: m.coins,
    face: m.face,
    hair: m.hair,
    skin_tone: skinToneOf(m),
    unlocked_faces: m.unlockedFaces,
    unlocked_hairs: m.unlockedHairs,
    small_group: m.smallGroup,
    trading_allowed: tradingAllowed,
  };
}
