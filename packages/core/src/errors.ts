/**
 * The error catalogue of spec section 8, with the HTTP status each code answers with.
 * The map is exhaustive: a code that is not here cannot be thrown, and the web app
 * translates each one (a locale test checks that every code has a text in both languages).
 *
 * Codes of our own, not the spec's (docs/decisions.md): VALIDATION.INVALID_INPUT for a
 * malformed field that no spec code names, USER.INVALID_PASSWORD for spec section 5's password
 * rule, which the catalogue has no code for, and issue 31's identity codes: USER.AMBIGUOUS_NAME
 * (a student name several classes share, signed in without a class code), GROUP.AMBIGUOUS_NAME
 * (a group name several open groups share, joined without a code) and GROUP.FULL; issue 32's
 * AWARD codes: REASON_NOT_FOUND, AWARD_NOT_FOUND, UNDO_EXPIRED and ALREADY_UNDONE; issue 33's
 * REWARD.ALREADY_SETTLED (a reward purchase already marked given or given back) and
 * USER.CANNOT_RECEIVE_SHARES (a share to a teacher who takes none from the sender) and
 * PAYMENT.PURCHASE_NOT_FOUND (the receipt of a coin purchase not the teacher's, or not paid); issue 34's
 * AUTH.SSO_FAILED (a sign-in through an OpenID provider that did not complete) and
 * AUTH.LAST_SIGN_IN_METHOD (unlinking the only way an account has to sign in), and its co-teaching
 * codes: COTEACHING.ALREADY_INVITED (the teacher is already invited to, or co-teaches, the group),
 * COTEACHING.INVITATION_NOT_FOUND (no invitation of the caller's by that id, or already answered)
 * COTEACHING.NOT_A_COTEACHER (removing a teacher who is not the group's co-teacher) and
 * COTEACHING.OWNER_ONLY (a co-teacher asking for what only the group's owner may do); issue 35's
 * COMMUNITY.PRICE_CHANGED (a community list bought at a price it no longer has).
 */
export const ERROR_STATUS = {
  'AUTH.INVALID_TOKEN': 400,
  'AUTH.NO_AUTH': 401,
  'AUTH.PLEASE_LOGIN': 401,
  'AUTH.WRONG_PASSWORD': 400,
  'AUTH.LOGIN_FAILED': 401,
  'AUTH.LOGIN_ERROR': 500,
  'AUTH.TOKEN_EXPIRED': 400,
  'AUTH.CAPTCHA_FAILED': 400,
  'AUTH.NO_CAPTCHA_TOKEN': 400,
  'AUTH.VERIFICATION_FAILED': 400,
  'AUTH.SSO_FAILED': 400,
  'AUTH.LAST_SIGN_IN_METHOD': 409,

  'USER.INVALID_USERNAME': 400,
  'USER.INVALID_EMAIL': 400,
  'USER.INVALID_PASSWORD': 400,
  'USER.USERNAME_TAKEN': 409,
  'USER.EMAIL_TAKEN': 409,
  'USER.USER_NOT_FOUND': 404,
  'USER.NOT_YOU': 403,
  'USER.INVALID_USER_ID': 400,
  'USER.NOT_PREMIUM_USER': 403,
  'USER.OWN_LIST': 400,
  'USER.AMBIGUOUS_NAME': 409,
  'USER.CANNOT_RECEIVE_SHARES': 403,

  'MEMBER.MEMBER_NOT_FOUND': 404,
  'MEMBER.MEMBER_NOT_IN_GROUP': 403,

  'CHAT.MESSAGE_EMPTY': 400,
  'CHAT.FAILED_TO_SEND': 500,
  'CHAT.UNAUTHORIZED_USER': 403,
  'CHAT.CHAT_NOT_FOUND': 404,
  'CHAT.MESSAGE_NOT_FOUND': 404,

  'GROUP.INVALID_GROUP': 400,
  'GROUP.GROUP_TAKEN': 409,
  'GROUP.GROUP_NOT_FOUND': 404,
  'GROUP.INVALID_GROUP_ID': 400,
  'GROUP.NOT_YOUR_GROUP': 403,
  'GROUP.NOT_IN_GROUP': 403,
  'GROUP.LOCKED': 403,
  'GROUP.GROUP_NAME_MISSING': 400,
  'GROUP.GROUP_NAME_TOO_LONG': 400,
  'GROUP.TEACHER_MISSING': 404,
  'GROUP.AMBIGUOUS_NAME': 409,
  'GROUP.FULL': 409,

  'TODO.NOT_YOUR_TODO': 403,
  'TODO.INVALID_TODO_ID': 400,
  'TODO.TODO_NOT_FOUND': 404,
  'TODO.UPDATE_FAILED': 400,

  'IMAGE.TOO_BIG_FILE': 413,
  'IMAGE.IMAGE_NOT_FOUND': 404,

  'TODOLIST.INVALID_TODOLIST_ID': 400,
  'TODOLIST.TODOLIST_NOT_FOUND': 404,
  'TODOLIST.NOT_YOUR_TODOLIST': 403,
  'TODOLIST.TODOLIST_ALREADY_SHARED': 409,
  'TODOLIST.TODOLIST_NOT_SHARED_WITH_USER': 404,
  'TODOLIST.COPY_TODOLIST_FAILED': 500,
  'TODOLIST.RENAME_TODOLIST_FAILED': 400,
  'TODOLIST.TODOLIST_NAME_TOO_LONG': 400,
  'TODOLIST.TODOLIST_NAME_MISSING': 400,

  'REWARD.REWARD_NOT_FOUND': 404,
  'REWARD.REWARDLIST_NOT_FOUND': 404,
  'REWARD.INVALID_REWARD_ID': 400,
  'REWARD.INVALID_REWARDLIST_ID': 400,
  'REWARD.NOT_YOUR_REWARD': 403,
  'REWARD.NOT_YOUR_REWARDLIST': 403,
  'REWARD.REWARD_NAME_REQUIRED': 400,
  'REWARD.REWARD_NAME_TOO_LONG': 400,
  'REWARD.REWARD_DESCRIPTION_REQUIRED': 400,
  'REWARD.REWARD_PRICE_MUST_BE_GREATER_THAN_ZERO': 400,
  'REWARD.REWARDLIST_NOT_SHARED_WITH_USER': 404,
  'REWARD.COPY_REWARDLIST_FAILED': 500,
  'REWARD.REWARDLIST_ALREADY_SHARED': 409,
  'REWARD.ALREADY_SETTLED': 409,

  'COMMUNITY.FORM_FIELD_EMPTY': 400,
  'COMMUNITY.TITLE_TOO_LONG': 400,
  'COMMUNITY.PRICE_CHANGED': 409,

  'PERMISSION.INVALID_PERMISSIONS': 400,
  'PERMISSION.INSUFFICIENT_PERMISSIONS': 403,

  'LIMITATIONS.GROUP_LIMIT_EXCEEDED': 403,

  'EMAIL.NOT_VERIFIED': 403,
  'EMAIL.FAILED_TO_SEND': 502,

  'SERVER.ERROR': 500,
  'SERVER.TRY_AGAIN': 429,
  'SERVER.UNAVAILABLE': 503,

  'MISC.UPLOAD_FAIL': 400,
  'MISC.PURCHASE_HISTORY_ERROR': 500,
  'MISC.OUT_OF_COINS': 400,
  'MISC.TEACHER_OUT_OF_COINS': 400,

  'PAYMENT.INVALID_PACKAGE': 400,
  'PAYMENT.INSUFFICIENT_FUNDS': 400,
  'PAYMENT.PURCHASE_NOT_FOUND': 404,

  'AWARD.REASON_NOT_FOUND': 404,
  'AWARD.AWARD_NOT_FOUND': 404,
  'AWARD.UNDO_EXPIRED': 409,
  'AWARD.ALREADY_UNDONE': 409,
  'COTEACHING.ALREADY_INVITED': 409,
  'COTEACHING.INVITATION_NOT_FOUND': 404,
  'COTEACHING.NOT_A_COTEACHER': 404,
  'COTEACHING.OWNER_ONLY': 403,

  'VALIDATION.INVALID_INPUT': 400,
} as const satisfies Record<string, 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502 | 503>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** The JSON body of every failed API response. */
export interface ApiErrorBody {
  errorCode: ErrorCode;
  message: string;
  /** The request field that failed validation, when one did. */
  field?: string;
  /** Numbers the message is about, for the client's own text (MISC.TEACHER_OUT_OF_COINS: needed, available). */
  details?: Record<string, number>;
  /** USER.USERNAME_TAKEN in a group: a free name the student may take instead. */
  suggestion?: string;
  /** A class list with no acceptable line: each line and why it was refused. */
  refused?: RefusedLine[];
}

/** A line of a class list that was not made into a member, and why. */
export interface RefusedLine {
  /** 1-based, in the order the names were sent. */
  line: number;
  username: string;
  errorCode: ErrorCode;
}

/** A domain error: thrown by services, answered by the server's error handler. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly details: Record<string, number> | undefined;
  readonly suggestion: string | undefined;
  readonly refused: RefusedLine[] | undefined;

  /**
   * `cause`: what went wrong underneath (a database error), for the server's log only; a 5xx
   * answers a fixed text per code, never this or `message` (apps/server/src/plugins/errors.ts).
   */
  constructor(
    code: ErrorCode,
    options: { message?: string; field?: string; details?: Record<string, number>; suggestion?: string; refused?: RefusedLine[]; cause?: unknown } = {},
  ) {
    super(options.message ?? code, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.field = options.field;
    this.details = options.details;
    this.suggestion = options.suggestion;
    this.refused = options.refused;
  }
}
