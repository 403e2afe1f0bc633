import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES, ERROR_STATUS, isErrorCode } from './errors.ts';

/** Spec section 8, copied by hand: the catalogue must hold every one of these. */
const SPEC_CODES = {
  AUTH: ['INVALID_TOKEN', 'NO_AUTH', 'PLEASE_LOGIN', 'WRONG_PASSWORD', 'LOGIN_FAILED', 'LOGIN_ERROR', 'TOKEN_EXPIRED', 'CAPTCHA_FAILED', 'NO_CAPTCHA_TOKEN', 'VERIFICATION_FAILED', 'SSO_FAILED', 'LAST_SIGN_IN_METHOD'],
  USER: ['INVALID_USERNAME', 'INVALID_EMAIL', 'USERNAME_TAKEN', 'EMAIL_TAKEN', 'USER_NOT_FOUND', 'NOT_YOU', 'INVALID_USER_ID', 'NOT_PREMIUM_USER', 'OWN_LIST'],
  MEMBER: ['MEMBER_NOT_FOUND', 'MEMBER_NOT_IN_GROUP'],
  CHAT: ['MESSAGE_EMPTY', 'FAILED_TO_SEND', 'UNAUTHORIZED_USER', 'CHAT_NOT_FOUND', 'MESSAGE_NOT_FOUND'],
  GROUP: ['INVALID_GROUP', 'GROUP_TAKEN', 'GROUP_NOT_FOUND', 'INVALID_GROUP_ID', 'NOT_YOUR_GROUP', 'NOT_IN_GROUP', 'LOCKED', 'GROUP_NAME_MISSING', 'GROUP_NAME_TOO_LONG', 'TEACHER_MISSING'],
  TODO: ['NOT_YOUR_TODO', 'INVALID_TODO_ID', 'TODO_NOT_FOUND', 'UPDATE_FAILED'],
  IMAGE: ['TOO_BIG_FILE', 'IMAGE_NOT_FOUND'],
  TODOLIST: ['INVALID_TODOLIST_ID', 'TODOLIST_NOT_FOUND', 'NOT_YOUR_TODOLIST', 'TODOLIST_ALREADY_SHARED', 'TODOLIST_NOT_SHARED_WITH_USER', 'COPY_TODOLIST_FAILED', 'RENAME_TODOLIST_FAILED', 'TODOLIST_NAME_TOO_LONG', 'TODOLIST_NAME_MISSING'],
  REWARD: ['REWARD_NOT_FOUND', 'REWARDLIST_NOT_FOUND', 'INVALID_REWARD_ID', 'INVALID_REWARDLIST_ID', 'NOT_YOUR_REWARD', 'NOT_YOUR_REWARDLIST', 'REWARD_NAME_REQUIRED', 'REWARD_NAME_TOO_LONG', 'REWARD_DESCRIPTION_REQUIRED', 'REWARD_PRICE_MUST_BE_GREATER_THAN_ZERO', 'REWARDLIST_NOT_SHARED_WITH_USER', 'COPY_REWARDLIST_FAILED', 'REWARDLIST_ALREADY_SHARED'],
  COMMUNITY: ['FORM_FIELD_EMPTY', 'TITLE_TOO_LONG'],
  PERMISSION: ['INVALID_PERMISSIONS', 'INSUFFICIENT_PERMISSIONS'],
  LIMITATIONS: ['GROUP_LIMIT_EXCEEDED'],
  EMAIL: ['NOT_VERIFIED', 'FAILED_TO_SEND'],
  SERVER: ['ERROR', 'TRY_AGAIN'],
  MISC: ['UPLOAD_FAIL', 'PURCHASE_HISTORY_ERROR', 'OUT_OF_COINS', 'TEACHER_OUT_OF_COINS'],
  PAYMENT: ['INVALID_PACKAGE', 'INSUFFICIENT_FUNDS'],
};
const specCodes = Object.entries(SPEC_CODES).flatMap(([group, names]) => names.map((n) => `${group}.${n}`));

describe('the error catalogue', () => {
  it('holds every code of spec section 8', () => {
    expect(specCodes.filter((c) => !isErrorCode(c))).toEqual([]);
  });

  it('adds only the documented codes of our own', () => {
    expect(ERROR_CODES.filter((c) => !specCodes.includes(c))).toEqual([
      'USER.INVALID_PASSWORD',
      'USER.AMBIGUOUS_NAME',
      'USER.CANNOT_RECEIVE_SHARES',
      'GROUP.AMBIGUOUS_NAME',
      'GROUP.FULL',
      'REWARD.ALREADY_SETTLED',
      'PAYMENT.PURCHASE_NOT_FOUND',
      'AWARD.REASON_NOT_FOUND',
      'AWARD.AWARD_NOT_FOUND',
      'AWARD.UNDO_EXPIRED',
      'AWARD.ALREADY_UNDONE',
      'VALIDATION.INVALID_INPUT',
    ]);
  });

  it('gives the statuses of DESIGN.md section 3', () => {
    expect(ERROR_STATUS['AUTH.NO_AUTH']).toBe(401);
    expect(ERROR_STATUS['GROUP.NOT_YOUR_GROUP']).toBe(403);
    expect(ERROR_STATUS['GROUP.GROUP_NOT_FOUND']).toBe(404);
    expect(ERROR_STATUS['USER.USERNAME_TAKEN']).toBe(409);
    expect(ERROR_STATUS['IMAGE.TOO_BIG_FILE']).toBe(413);
    expect(ERROR_STATUS['SERVER.TRY_AGAIN']).toBe(429);
    expect(ERROR_STATUS['SERVER.ERROR']).toBe(500);
    // A wrong old password must not sign the user out, as any 401 does in the web app.
    expect(ERROR_STATUS['AUTH.WRONG_PASSWORD']).toBe(400);
  });

  it('AppError carries its code and status', () => {
    const e = new AppError('GROUP.LOCKED', { field: 'group_name' });
    expect([e.code, e.status, e.field]).toEqual(['GROUP.LOCKED', 403, 'group_name']);
    expect(isErrorCode('NOPE.NOPE')).toBe(false);
  });
});
