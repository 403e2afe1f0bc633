import { z } from 'zod';
import { CLASS_LIST_MAX_LINES, COIN_AWARD_MAX, COIN_AWARD_MIN, GROUP_MEMBER_LIMIT, GROUP_NAME_MAX_LENGTH } from '../limits.ts';
import { ERROR_CODES, type ErrorCode } from '../errors.ts';
import { BOARD_SHOWS } from '../enumerations.ts';
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
  /** Ours (issue 31): what students type or scan to join; unique system-wide, renewable. */
  join_code: z.string(),
  /** Ours (issue 31): the most members the group may hold (GROUP_MEMBER_LIMIT). */
  member_limit: z.number().int(),
  /** Ours (issue 31): whether the group's printed badges sign its students in. */
  badges_enabled: z.boolean(),
  /** Ours (issue 32): whether the group may have "needs work" award reasons, which take coins back. */
  needs_work_enabled: z.boolean(),
  /** Ours (issue 32): what the class board shows of each student. */
  board_shows: z.enum(BOARD_SHOWS),
  /** Ours (issue 34): the caller's part in the group: its owner, or a co-teacher (docs/decisions.md). */
  role: z.enum(['owner', 'coteacher']),
  /** Ours (issue 34): the owner's username, for a co-teacher; null for the owner. */
  owner_username: z.string().nullable(),
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

export const ZGroupSettingsRequest = z
  .object({
    /** Allow members of this group to send coins to each other. */
    trading_allowed: z.boolean({ error: 'VALIDATION.INVALID_INPUT' }).optional(),
    /** Ours (issue 31): let the group's badges sign its students in. */
    badges_enabled: z.boolean({ error: 'VALIDATION.INVALID_INPUT' }).optional(),
    /** Ours (issue 32): allow "needs work" award reasons (off by default). */
    needs_work_enabled: z.boolean({ error: 'VALIDATION.INVALID_INPUT' }).optional(),
    /** Ours (issue 32): what the class board shows of each student: coins earned today, all its coins, or nothing. */
    board_shows: z.enum(BOARD_SHOWS, { error: 'VALIDATION.INVALID_INPUT' }).optional(),
  })
  .refine((s) => Object.values(s).some((v) => v !== undefined), { error: 'VALIDATION.INVALID_INPUT' });
export type TGroupSettingsRequest = z.infer<typeof ZGroupSettingsRequest>;

export const ZGroupLimits = z.object({ current_usage: z.number().int(), total_limit: z.number().int() });
export type TGroupLimits = z.infer<typeof ZGroupLimits>;

export const ZPurchaseGroupRequest = z.object({
  userId: ZUserId,
  /** Extra group slots to buy, at least 1. */
  amount: z.number({ error: 'PAYMENT.INVALID_PACKAGE' }).int({ error: 'PAYMENT.INVALID_PACKAGE' }).min(1, { error: 'PAYMENT.INVALID_PACKAGE' }).max(100, { error: 'PAYMENT.INVALID_PACKAGE' }),
});
export type TPurchaseGroupRequest = z.infer<typeof ZPurchaseGroupRequest>;

/** A member as its teacher sees it, and as member calls answer (the group's setting is the session's). */
export const ZMember = ZMemberUser.omit({ admin: true, trading_allowed: true }).extend({
  /** Ours (issue 31), for the teacher: whether a badge was issued (its secret is never shown again). */
  has_badge: z.boolean().optional(),
});
export type TMember = z.infer<typeof ZMember>;

/** A badge just issued: the link its QR code holds, secret after the `#` (shown this once). */
export const ZIssuedBadge = z.object({ member_id: z.string(), username: z.string(), url: z.string() });
export type TIssuedBadge = z.infer<typeof ZIssuedBadge>;

export const ZIssueBadgesRequest = z.object({
  /** Only these members' badges; all of the group's when left out. Old badges of theirs stop at once. */
  member_ids: z.array(ZMemberId).min(1, { error: 'MEMBER.MEMBER_NOT_FOUND' }).max(GROUP_MEMBER_LIMIT, { error: 'VALIDATION.INVALID_INPUT' }).optional(),
});
export type TIssueBadgesRequest = z.infer<typeof ZIssueBadgesRequest>;

export const ZClassListRequest = z.object({
  /** Nicknames, one per student to make, in the order of the list (a line's number is its place here, from 1). */
  usernames: z
    .array(z.string({ error: 'VALIDATION.INVALID_INPUT' }).max(100, { error: 'VALIDATION.INVALID_INPUT' }))
    .min(1, { error: 'VALIDATION.INVALID_INPUT' })
    .max(CLASS_LIST_MAX_LINES, { error: 'GROUP.FULL' }),
});
export type TClassListRequest = z.infer<typeof ZClassListRequest>;

export const ZRefusedLine = z.object({
  line: z.number().int(),
  username: z.string(),
  /** USER.INVALID_USERNAME, USER.USERNAME_TAKEN (a classmate, or an earlier line, has it) or GROUP.FULL. */
  errorCode: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
});
export type TRefusedLine = z.infer<typeof ZRefusedLine>;

export const ZClassListResponse = z.object({
  /** Each student made, with its generated password (shown this once) and its badge's link. */
  created: z.array(z.object({ member_id: z.string(), username: z.string(), password: z.string(), badge_url: z.string() })),
  refused: z.array(ZRefusedLine),
});
export type TClassListResponse = z.infer<typeof ZClassListResponse>;

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

/** Ours (issue 32): an award reason of the members' group; the award gives its coins (`coins`, if sent, must be the same). */
const ZReasonId = z.uuid({ error: 'AWARD.REASON_NOT_FOUND' });
const coinsOrReason = (r: { coins?: number | undefined; reason_id?: string | undefined }) => r.coins !== undefined || r.reason_id !== undefined;

export const ZMemberCoinsRequest = z
  .object({ member_id: ZMemberId, coins: ZCoinAward.optional(), reason_id: ZReasonId.optional() })
  .refine(coinsOrReason, { error: 'VALIDATION.INVALID_INPUT', path: ['coins'] });
export type TMemberCoinsRequest = z.infer<typeof ZMemberCoinsRequest>;
/**
 * The member's new total and the teacher's purse after the award; `award_id` (ours, issue 32)
 * names the award for POST award/{id}/undo (null when nothing moved: 0 coins).
 */
export const ZMemberCoinsResponse = z.object({ total: z.number().int(), teacher_coins: z.number().int(), award_id: z.string().nullable() });
export type TMemberCoinsResponse = z.infer<typeof ZMemberCoinsResponse>;
export const ZMemberCoinsBatchRequest = z
  .object({
    members: z.array(ZMemberId).min(1, { error: 'MEMBER.MEMBER_NOT_FOUND' }).max(500, { error: 'VALIDATION.INVALID_INPUT' }),
    coins: ZCoinAward.optional(),
    reason_id: ZReasonId.optional(),
  })
  .refine(coinsOrReason, { error: 'VALIDATION.INVALID_INPUT', path: ['coins'] });
export type TMemberCoinsBatchRequest = z.infer<typeof ZMemberCoinsBatchRequest>;
export const ZMemberCoinsBatchResponse = z.object({
  members: z.array(z.object({ id: z.string(), coins: z.number().int() })),
  teacher_coins: z.number().int(),
  award_id: z.string().nullable(),
});

/** POST award/{id}/undo: each student's new total, what came back and what could not (already spent). */
export const ZUndoAwardResponse = z.object({
  award_id: z.string(),
  members: z.array(
    z.object({
      id: z.string(),
      coins: z.number().int(),
      /** Coins the undo moved back (to the purse; for a "needs work" award, to the student). */
      returned: z.number().int(),
      /** Coins of the award the undo could not take back: the student had spent them (or the purse was empty). */
      missing: z.number().int(),
    }),
  ),
  teacher_coins: z.number().int(),
});
export type TUndoAwardResponse = z.infer<typeof ZUndoAwardResponse>;
export type TMemberCoinsBatchResponse = z.infer<typeof ZMemberCoinsBatchResponse>;

export const ZTeacherUsernameRequest = z.object({ id: ZUserId, username: ZUsername });
export const ZTeacherEmailRequest = z.object({ id: ZUserId, email: z.string() });
export const ZTeacherPasswordRequest = z.object({
  id: ZUserId,
  oldPassword: z.string({ error: 'AUTH.WRONG_PASSWORD' }).min(1, { error: 'AUTH.WRONG_PASSWORD' }).max(256, { error: 'AUTH.WRONG_PASSWORD' }),
  newPassword: ZPassword,
});
