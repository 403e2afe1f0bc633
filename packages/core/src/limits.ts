/** Every business constant of spec section 9, named once and used by schemas, forms and tests. */

import { perWindow, type AttemptPolicy } from './rules/attempts.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

export const TEACHER_STARTER_COINS = 300;
export const TEACHER_MINIMUM_AGE = 13;

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 16;
/**
 * Spec section 5's "letters, digits, dot, underscore, hyphen", where a letter is one of the Latin
 * script with its diacritics (ä, ö, å, é, š, ž, õ, ü ...), checked after NFC normalization. Other
 * scripts are refused for now: a look-alike letter of another script could pass for a classmate's
 * name. Fullwidth Latin forms (U+FF21...) are look-alikes of ASCII and refused too.
 */
export const USERNAME_PATTERN = /^(?:(?![\uFF00-\uFFEF])(?=\p{L})\p{Script=Latin}|[0-9._-])+$/u;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_RECOMMENDED_LENGTH = 8;
/** argon2 hashes any length, but an unbounded input is a denial-of-service lever. */
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;

export const GROUP_NAME_MAX_LENGTH = 40;
/** A group holds at most this many members (issue 31): joins and class-list lines past it are GROUP.FULL. */
export const GROUP_MEMBER_LIMIT = 200;
/**
 * A group's join code: 6 characters of an alphabet without look-alikes (no 0/O, 1/I/L) and
 * without vowels, so that no code spells a word. 28^6 is about 480 million codes.
 */
export const JOIN_CODE_LENGTH = 6;
export const JOIN_CODE_ALPHABET = '23456789BCDFGHJKMNPQRSTVWXYZ';
/** A badge's secret: 18 random bytes (144 bits), 24 characters of base64url; stored as its SHA-256 only. */
export const BADGE_TOKEN_BYTES = 18;
/** Award reasons (issue 32): a name, an icon and a coin amount, 1 to 100 (a "needs work" reason takes -1 to -100). */
export const REASON_NAME_MAX_LENGTH = 40;
export const REASON_COINS_MAX = 100;
/** The lesson timer runs at most an hour (issue 32). */
export const TIMER_SECONDS_MAX = 3600;
/** An award may be undone by its teacher for this long after it was made (issue 32). */
export const AWARD_UNDO_WINDOW_MS = 60_000;
/** A group has at most this many co-teachers and open invitations together (issue 34): a class's adults, not a school's. */
export const COTEACHERS_PER_GROUP_MAX = 10;
/** A group holds at most this many reasons: more than a lesson's screen can show. */
export const REASONS_PER_GROUP_MAX = 40;
/** A class list pasted at once holds at most as many names as a group may have members. */
export const CLASS_LIST_MAX_LINES = GROUP_MEMBER_LIMIT;
export const TODOLIST_NAME_MAX_LENGTH = 60;
export const REWARD_NAME_MAX_LENGTH = 40;
export const COMMUNITY_TITLE_MAX_LENGTH = 100;

export const REWARD_PRICE_MIN = 0;
export const REWARD_PRICE_MAX = 999;
export const TODO_REWARD_MIN = 0;
export const TODO_REWARD_MAX = 999;
export const COIN_AWARD_MIN = -999;
export const COIN_AWARD_MAX = 999;

/** Todo content and answers (our bounds; spec section 5 is silent). */
export const TODO_HTML_MAX_LENGTH = 100_000;
export const TODO_DELTA_MAX_LENGTH = 200_000;
export const TODO_ANSWER_MAX_LENGTH = 2000;
export const MEMBER_ANSWER_MAX_LENGTH = 2000;
/** The teacher's comment on an answer sent back (ours: a short note, not a chat). */
export const SEND_BACK_COMMENT_MAX_LENGTH = 300;
/** A list this long is already more than a lesson; the bound keeps member todos per group in check. */
export const TODOS_PER_LIST_MAX = 200;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Uploaded images are scaled down to fit this box (longest side), never up. */
export const IMAGE_MAX_DIMENSION_PX = 2560;
/** Refuse to decode anything larger (a decompression bomb fits easily in 5 MB). */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;
export const REWARD_ACTIVE_MS = 60 * 60 * 1000;
/** Our bounds (spec section 5 says only "required"). */
export const REWARD_DESCRIPTION_MAX_LENGTH = 500;
/** A reward list's name answers with the reward name codes, so it shares their bound. */
export const REWARDLIST_NAME_MAX_LENGTH = REWARD_NAME_MAX_LENGTH;
/** A list holds at most this many rewards, and a teacher at most this many rewards in all. */
export const REWARDS_PER_LIST_MAX = 100;
export const REWARDS_PER_TEACHER_MAX = 500;

export const CHARACTER_PRICES = { face: 3, hair: 1 } as const;
/** The face and hair every user has without buying (and shows while face or hair is null). */
export const CHARACTER_DEFAULTS = { face: 'face-01.svg', hair: 'hair-01.svg' } as const;

/** The largest number of coins one movement or balance can hold (a PostgreSQL integer). */
export const COINS_MAX = 2_147_483_647;
/** History screens show at most this many entries of each kind, newest first. */
export const HISTORY_MAX_ITEMS = 1000;
/** At most this many purchases in one answer of a group's hand-out queue (issue 33), newest first. */
export const REWARD_QUEUE_MAX_ITEMS = 500;
export const EXTRA_GROUP_PRICE = 100;
/** DESIGN.md section 7: a new account holds two groups. */
export const GROUPS_INCLUDED = 2;

export const VAT_RATE = 0.255;
/** VAT_RATE in thousandths, for integer arithmetic on cents (rules/payments.ts). */
export const VAT_RATE_PERMILLE = 255;
export const BEST_VALUE_PACKAGE_COINS = 500;
export const PRICING_CACHE_MS = 5 * 60 * 1000;
export const COMMUNITY_PREVIEW_TODOS = 3;
export const COMMUNITY_DEFAULT_LANGUAGE = 'FI';
export const COMMUNITY_DEFAULT_PRICE = 0;
/** Ours (the spec sets only the minimum): a community price above this is refused. */
export const COMMUNITY_PRICE_MAX = 99_999;

export const SMALL_GROUPS = ['blue', 'orange'] as const;
export const GROUP_SEARCH_THRESHOLD = 4;
export const BANNER_AUTO_HIDE_MS = 5000;

export const BREAKPOINT_MOBILE_PX = 900;
export const BREAKPOINT_DEMO_NOTICE_PX = 800;
export const BREAKPOINT_ROTATE_PX = 600;
export const MODAL_WIDTH_DEFAULT_PX = 500;
export const MODAL_WIDTH_COMMUNITY_PX = 600;
export const MODAL_WIDTH_TODO_EDITOR_PX = 800;

export const DEMO_SAMPLE_STUDENTS = 5;
/**
 * A demo classroom unused this long is removed (within the sweep's few minutes after): the server
 * removes by it and the demo page says it (issue 33: one figure in both places).
 */
export const DEMO_IDLE_MINUTES = 45;

export const LANGUAGES = ['en', 'fi', 'sv'] as const;
export const LANGUAGE_STORAGE_KEY = 'language';

export const CHAT_MESSAGE_MAX_LENGTH = 1000;
/** Sending is rate limited per user (our bound): at most this many messages in the window. */
export const CHAT_RATE_LIMIT_MESSAGES = 20;
export const CHAT_RATE_LIMIT_WINDOW_MS = 10_000;
/** GET /chat answers this many messages unless asked for fewer (at most CHAT_PAGE_MAX). */
export const CHAT_PAGE_DEFAULT = 50;
export const CHAT_PAGE_MAX = 100;

/** Auth hardening (our choices; spec section 9 is silent). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Login limits (docs/decisions.md, "Rate limits on authentication"): every attempt is counted
 * before its password is checked. Per account and address (a pair): 10, then a wait from 1 minute
 * doubling to 15. Per account, over addresses it has not signed in from: 20, then 30 s doubling to
 * 5 minutes. Per address, over accounts that have not signed in from it: 50, then 10 s doubling to
 * 5 minutes. Each key starts afresh after an hour without attempts.
 */
export const LOGIN_LIMIT_PER_PAIR = { free: 10, firstDelayMs: MINUTE_MS, maxDelayMs: 15 * MINUTE_MS, forgetAfterMs: HOUR_MS } as const satisfies AttemptPolicy;
export const LOGIN_LIMIT_PER_ACCOUNT = { free: 20, firstDelayMs: 30_000, maxDelayMs: 5 * MINUTE_MS, forgetAfterMs: HOUR_MS } as const satisfies AttemptPolicy;
export const LOGIN_LIMIT_PER_ADDRESS = { free: 50, firstDelayMs: 10_000, maxDelayMs: 5 * MINUTE_MS, forgetAfterMs: HOUR_MS } as const satisfies AttemptPolicy;
/** An account that signed in from an address this recently is known there: only the pair limits it. */
export const LOGIN_KNOWN_ADDRESS_MS = 30 * 24 * HOUR_MS;
/** Successful teacher signups per address: 5, then an hour's wait (each brings starter coins and a mail). */
export const TEACHER_SIGNUPS_PER_ADDRESS = perWindow(5, HOUR_MS);
/** Refused signups (teacher or student) per address: 30, then 15 minutes. */
export const SIGNUP_REFUSALS_PER_ADDRESS = perWindow(30, 15 * MINUTE_MS);
/** Reset requests, known address or not (so the limit reveals nothing): 10 per e-mail, 30 per network address. */
export const RESET_REQUESTS_PER_EMAIL = perWindow(10, 15 * MINUTE_MS);
export const RESET_REQUESTS_PER_ADDRESS = perWindow(30, 15 * MINUTE_MS);
/** Refused reset links per network address. */
export const RESET_REFUSALS_PER_ADDRESS = perWindow(30, 15 * MINUTE_MS);
/** Contact form messages per network address: 5, then an hour's wait (each one is mailed to the operator). */
export const CONTACT_MESSAGES_PER_ADDRESS = perWindow(5, HOUR_MS);
/** The contact form's fields (spec section 3); the e-mail address is bounded by EMAIL_MAX_LENGTH. */
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_SUBJECT_MAX_LENGTH = 200;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** Retention of spec section 1. */
export const INACTIVE_ACCOUNT_DELETION_MS = 2 * 365 * 24 * 60 * 60 * 1000;

/** The class report (issue 33): a range of at most this many days (from and to included). */
export const REPORT_RANGE_DAYS_MAX = 400;
