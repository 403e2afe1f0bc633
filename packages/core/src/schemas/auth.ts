import { z } from 'zod';
import { GROUP_NAME_MAX_LENGTH } from '../limits.ts';
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

export const ZMemberSignupRequest = z.object({
  username: ZUsername,
  /** The exact name of an existing, unlocked group. */
  group_name: z
    .string({ error: 'GROUP.GROUP_NAME_MISSING' })
    .trim()
    .min(1, { error: 'GROUP.GROUP_NAME_MISSING' })
    .max(GROUP_NAME_MAX_LENGTH, { error: 'GROUP.GROUP_NOT_FOUND' }),
  password: ZPassword,
});
export type TMemberSignupRequest = z.infer<typeof ZMemberSignupRequest>;

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
