import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '../limits.ts';
import type { ErrorCode } from '../errors.ts';

/**
 * The rules of spec section 5 for the fields every form shares. Each failure's message is an
 * error code of the catalogue, so the server answers with it and the web translates it.
 */
const code = (c: ErrorCode) => ({ error: c });

/** Stored NFC-normalized, so that one name typed two ways is one name (rules/identity.ts). */
export const ZUsername = z
  .string(code('USER.INVALID_USERNAME'))
  .trim()
  .normalize('NFC')
  .min(USERNAME_MIN_LENGTH, code('USER.INVALID_USERNAME'))
  .max(USERNAME_MAX_LENGTH, code('USER.INVALID_USERNAME'))
  .regex(USERNAME_PATTERN, code('USER.INVALID_USERNAME'));

export const ZEmail = z
  .string(code('USER.INVALID_EMAIL'))
  .trim()
  .max(EMAIL_MAX_LENGTH, code('USER.INVALID_EMAIL'))
  .pipe(z.email(code('USER.INVALID_EMAIL')));

export const ZPassword = z
  .string(code('USER.INVALID_PASSWORD'))
  .min(PASSWORD_MIN_LENGTH, code('USER.INVALID_PASSWORD'))
  .max(PASSWORD_MAX_LENGTH, code('USER.INVALID_PASSWORD'));

/** A login name is a username or, for teachers, an e-mail address; only its presence is checked. */
export const ZLoginName = z
  .string(code('AUTH.LOGIN_FAILED'))
  .trim()
  .min(1, code('AUTH.LOGIN_FAILED'))
  .max(EMAIL_MAX_LENGTH, code('AUTH.LOGIN_FAILED'));

/** A password given at login: checked against the hash whatever its length, within a bound. */
export const ZLoginPassword = z
  .string(code('AUTH.LOGIN_FAILED'))
  .min(1, code('AUTH.LOGIN_FAILED'))
  .max(PASSWORD_MAX_LENGTH, code('AUTH.LOGIN_FAILED'));

export const ZId = z.uuid(code('USER.INVALID_USER_ID'));
