import { GROUP_MEMBER_LIMIT } from '@kolikko/core/limits';
import type { TGroup, TMember } from '@kolikko/core/schemas/groups';
import type { MemberRow } from '../auth/auth.repo.ts';
import { skinToneOf } from '../avatars/skin-tones.ts';
import type { GroupRow } from './groups.repo.ts';

/** A group as its owner sees it, or as a co-teacher does (`ownerUsername` given). */
export function presentGroup(group: GroupRow, memberCount: number, activeGroupId: string | null, ownerUsername: string | null = null): TGroup {
  return {
    id: group.id,
    name: group.name,
    is_active: group.id === activeGroupId,
    locked: group.locked,
    trading_allowed: group.tradingAllowed,
    date_created: group.createdAt.toISOString(),
    blue_shared_id: group.blueSharedId,
    orange_shared_id: group.orangeSharedId,
    shared_reward_list: group.sharedRewardListId,
    teacher: group.teacherId,
    member_count: memberCount,
    join_code: group.joinCode,
    member_limit: GROUP_MEMBER_LIMIT,
    badges_enabled: group.badgesEnabled,
    needs_work_enabled: group.needsWorkEnabled,
    board_shows: group.boardShows,
    role: ownerUsername === null ? 'owner' : 'coteacher',
    owner_username: ownerUsername,
  };
}

export function presentMemberForTeacher(m: MemberRow): TMember {
  return {
    id: m.id,
    username: m.username,
    group_id: m.groupId,
    coins: m.coins,
    face: m.face,
    hair: m.hair,
    skin_tone: skinToneOf(m),
    unlocked_faces: m.unlockedFaces,
    unlocked_hairs: m.unlockedHairs,
    small_group: m.smallGroup,
    has_badge: m.badgeHash !== null,
  };
}
