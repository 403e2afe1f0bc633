import { z } from 'zod';
import { BADGE_TOKEN_BYTES, GROUP_NAME_MAX_LENGTH } from '../limits.ts';
import { normalizeJoinCode } from '../rules/identity.ts';
import { ZSkinTone } from './characters.ts';
import { ZEmail, ZLoginName, ZLoginPassword, ZPassword, ZUsername } from './fields.ts';

export const ZTeacherSignupRequest = z.object({
  /** 3 to 16 letters, digits, dots, underscores or hyphens; unique among teachers. */
  username: ZUsername,
  /** Where the verification link goes; unique among teachers. */
  email: ZEmail,
  /** At least 6 characters. */
  password: ZPassword,
  /** The ALTCHA payload (base64 JSON) the browser solved; required unless CAPTCHA=off. */
  captcha: z.string().max(4096).optional(),
});
export type TTeacherSignupRequest = z.infer<typeof ZTeacherSignupRequest>;

export const ZLoginRequest = z.object({
  /** A teacher's username or e-mail; a member's username. */
  loginName: ZLoginName,
  password: ZLoginPassword,
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/**
 * A group's join code as typed: case, spaces and hyphens do not matter. A code that no group has
 * answers like a wrong password at login and GROUP.GROUP_NOT_FOUND at signup.
 */
export const ZJoinCode = z
  .string({ error: 'GROUP.GROUP_NOT_FOUND' })
  .max(20, { error: 'GROUP.GROUP_NOT_FOUND' })
  .transform(normalizeJoinCode)
  .pipe(z.string().min(1, { error: 'GROUP.GROUP_NOT_FOUND' }));

export const ZMemberLoginRequest = ZLoginRequest.extend({
  /**
   * Ours (issue 31): the class's join code. Needed only where several students share the name
   * (else 409 USER.AMBIGUOUS_NAME); with it, the member of that group signs in.
   */
  group_code: ZJoinCode.optional(),
});
export type TMemberLoginRequest = z.infer<typeof ZMemberLoginRequest>;

export const ZMemberSignupRequest = z.object({
  /** 3 to 16 letters (Latin script, with diacritics), digits, dots, underscores or hyphens; unique within the group. */
  username: ZUsername,
  /**
   * The group's join code (what the QR link fills in), or its name where exactly one open group
   * has that name (several: 409 GROUP.AMBIGUOUS_NAME, and the form asks for the code).
   */
  group_name: z
    .string({ error: 'GROUP.GROUP_NAME_MISSING' })
    .trim()
    .min(1, { error: 'GROUP.GROUP_NAME_MISSING' })
    .max(GROUP_NAME_MAX_LENGTH, { error: 'GROUP.GROUP_NOT_FOUND' }),
  /** Ours (issue 31): the join code in a field of its own; when given, `group_name` is not looked at. */
  group_code: ZJoinCode.optional(),
  password: ZPassword,
});
export type TMemberSignupRequest = z.infer<typeof ZMemberSignupRequest>;

/** A badge's secret, as the badge's link carries it after the `#`. */
export const ZBadgeLoginRequest = z.object({
  token: z
    .string({ error: 'AUTH.LOGIN_FAILED' })
    .min(Math.ceil((BADGE_TOKEN_BYTES * 4) / 3), { error: 'AUTH.LOGIN_FAILED' })
    .max(100, { error: 'AUTH.LOGIN_FAILED' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'AUTH.LOGIN_FAILED' }),
});
export type TBadgeLoginRequest = z.infer<typeof ZBadgeLoginRequest>;

export const ZPasswordResetRequest = z.object({ email: ZEmail });
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

export const ZPasswordResetConfirmRequest = z.object({
  password: ZPassword,
  /** The token from the e-mailed link. */
  token: z.string({ error: 'AUTH.INVALID_TOKEN' }).min(1, { error: 'AUTH.INVALID_TOKEN' }).max(200, { error: 'AUTH.INVALID_TOKEN' }),
});
export type TPasswordResetConfirmRequest = z.infer<typeof ZPasswordResetConfirmRequest>;

export const ZSmallGroup = z.enum(['blue', 'orange']);
export type TSmallGroup = z.infer<typeof ZSmallGroup>;

/** A teacher as spec section 3 lists the fields. */
export const ZTeacherUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  admin: z.literal(true),
  coins: z.number().int(),
  face: z.string().nullable(),
  hair: z.string().nullable(),
  /** Ours (issue 33): the tone the faces draw their skin with. */
  skin_tone: ZSkinTone,
  isPremiumUser: z.boolean(),
  /** Ours: the demo classroom's teacher at /proto (the app hides what a demo may not do). */
  demo: z.boolean().optional(),
});
export type TTeacherUser = z.infer<typeof ZTeacherUser>;

/** A member (student) as spec section 3 lists the fields. */
export const ZMemberUser = z.object({
  id: z.string(),
  username: z.string(),
  admin: z.literal(false),
  group_id: z.string(),
  coins: z.number().int(),
  face: z.string().nullable(),
  hair: z.string().nullable(),
  /** Ours (issue 33): the tone the faces draw their skin with, chosen for free. */
  skin_tone: ZSkinTone,
  unlocked_faces: z.array(z.string()),
  unlocked_hairs: z.array(z.string()),
  small_group: ZSmallGroup,
  /** Ours: whether the group's teacher lets its students send coins to each other (the session only). */
  trading_allowed: z.boolean(),
  /** Ours: a sample student of the demo classroom at /proto. */
  demo: z.boolean().optional(),
});
export type TMemberUser = z.infer<typeof ZMemberUser>;

export const ZSessionUser = z.discriminatedUnion('admin', [ZTeacherUser, ZMemberUser]);
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** A student who joined is signed in at once (issue 31): the answer carries the session's user. */
export const ZMemberSignupResponse = z.object({
  ok: z.literal(true),
  successCode: z.literal('REGISTRATION_SUCCESS'),
  user: ZMemberUser,
});
export type TMemberSignupResponse = z.infer<typeof ZMemberSignupResponse>;

/** The answer to a successful call that has nothing else to say: a success code the web translates. */
export const ZOkResponse = z.object({ ok: z.literal(true), successCode: z.string().optional() });
export type TOkResponse = z.infer<typeof ZOkResponse>;

export const ZCaptchaChallenge = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type TCaptchaChallenge = z.infer<typeof ZCaptchaChallenge>;

export const ZOutboxMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export type TOutboxMail = z.infer<typeof ZOutboxMail>;
