import { z } from 'zod';
import { COIN_AWARD_MAX, COIN_AWARD_MIN, GROUP_NAME_MAX_LENGTH } from '../limits.ts';
import { ZPassword, ZUsername } from './fields.ts';
import { ZMemberUser, ZSmallGroup } from './auth.ts';

export const ZGroupName = z
  .string({ error: 'GROUP.GROUP_NAME_MISSING' })
  .trim()
  .min(1, { error: 'GROUP.GROUP_NAME_MISSING' })
  .max(GROUP_NAME_MAX_LENGTH, { error: 'GROUP.GROUP_NAME_TOO_LONG' });

export const ZGroupId = z.uuid({ error: 'GROUP.INVALID_GROUP_ID' });
export const ZUserId = z.uuid({ error: 'USER.INVALID_USER_ID' });
/** A member id that is not even well formed is answered like one that is not found. */
export const ZMemberId = z.uuid({ error: 'MEMBER.MEMBER_NOT_FOUND' });

/** A group as spec section 3 lists the fields, plus its trading setting and size. */
export const ZGroup = z.object({
  id: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  locked: z.boolean(),
  trading_allowed: z.boolean(),
  date_created: z.string(),
  blue_shared_id: z.string().nullable(),
  orange_shared_id: z.string().nullable(),
  shared_reward_list: z.string().nullable(),
  teacher: z.string(),
  member_count: z.number().int(),
});
export type TGroup = z.infer<typeof ZGroup>;

export const ZCreateGroupRequest = z.object({
  /** The teacher's own id. */
  id: ZUserId,
  group_name: ZGroupName,
  /** Ours (issue 14): allow the members to send coins to each other from the start; off when left out. */
  trading_allowed: z.boolean({ error: 'VALIDATION.INVALID_INPUT' }).optional(),
});
export type TCreateGroupRequest = z.infer<typeof ZCreateGroupRequest>;

export const ZGroupSettingsRequest = z.object({
  /** Allow members of this group to send coins to each other. */
  trading_allowed: z.boolean({ error: 'VALIDATION.INVALID_INPUT' }),
});

export const ZGroupLimits = z.object({ current_usage: z.number().int(), total_limit: z.number().int() });
export type TGroupLimits = z.infer<typeof ZGroupLimits>;

export const ZPurchaseGroupRequest = z.object({
  userId: ZUserId,
  /** Extra group slots to buy, at least 1. */
  amount: z.number({ error: 'PAYMENT.INVALID_PACKAGE' }).int({ error: 'PAYMENT.INVALID_PACKAGE' }).min(1, { error: 'PAYMENT.INVALID_PACKAGE' }).max(100, { error: 'PAYMENT.INVALID_PACKAGE' }),
});
export type TPurchaseGroupRequest = z.infer<typeof ZPurchaseGroupRequest>;

/** A member as its teacher sees it, and as member calls answer (the group's setting is the session's). */
export const ZMember = ZMemberUser.omit({ admin: true, trading_allowed: true });
export type TMember = z.infer<typeof ZMember>;

export const ZMemberUsernameRequest = z.object({ member_id: ZMemberId, username: ZUsername });
export const ZMemberPasswordRequest = z.object({ member_id: ZMemberId, password: ZPassword });
export const ZSmallGroupResponse = z.object({ color: ZSmallGroup });
export type TSmallGroupResponse = z.infer<typeof ZSmallGroupResponse>;

/** An award: a whole number of coins from -999 to 999; 0 changes nothing. */
export const ZCoinAward = z
  .number({ error: 'VALIDATION.INVALID_INPUT' })
  .int({ error: 'VALIDATION.INVALID_INPUT' })
  .min(COIN_AWARD_MIN, { error: 'VALIDATION.INVALID_INPUT' })
  .max(COIN_AWARD_MAX, { error: 'VALIDATION.INVALID_INPUT' });

export const ZMemberCoinsRequest = z.object({ member_id: ZMemberId, coins: ZCoinAward });
/** The member's new total and the teacher's purse after the award. */
export const ZMemberCoinsResponse = z.object({ total: z.number().int(), teacher_coins: z.number().int() });
export type TMemberCoinsResponse = z.infer<typeof ZMemberCoinsResponse>;
export const ZMemberCoinsBatchRequest = z.object({
  members: z.array(ZMemberId).min(1, { error: 'MEMBER.MEMBER_NOT_FOUND' }).max(500, { error: 'VALIDATION.INVALID_INPUT' }),
  coins: ZCoinAward,
});
export const ZMemberCoinsBatchResponse = z.object({
  members: z.array(z.object({ id: z.string(), coins: z.number().int() })),
  teacher_coins: z.number().int(),
});
export type TMemberCoinsBatchResponse = z.infer<typeof ZMemberCoinsBatchResponse>;

export const ZTeacherUsernameRequest = z.object({ id: ZUserId, username: ZUsername });
export const ZTeacherEmailRequest = z.object({ id: ZUserId, email: z.string() });
export const ZTeacherPasswordRequest = z.object({
  id: ZUserId,
  oldPassword: z.string({ error: 'AUTH.WRONG_PASSWORD' }).min(1, { error: 'AUTH.WRONG_PASSWORD' }).max(256, { error: 'AUTH.WRONG_PASSWORD' }),
  newPassword: ZPassword,
});
