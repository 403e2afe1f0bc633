import { sql } from 'drizzle-orm';
import type { LedgerReason } from '@kolikko/core/enumerations';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const teachers = pgTable(
  'teachers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The purse; changed only together with a coin_ledger row. */
    coins: integer('coins').notNull().default(0),
    face: text('face'),
    /** The skin tone faces and hairs draw on (issue 33): one of core's SKIN_TONES, free; null is the first. */
    skinTone: text('skin_tone'),
    hair: text('hair'),
    unlockedFaces: text('unlocked_faces').array().notNull().default(sql`'{}'::text[]`),
    unlockedHairs: text('unlocked_hairs').array().notNull().default(sql`'{}'::text[]`),
    isPremium: boolean('is_premium').notNull().default(false),
    activeGroupId: uuid('active_group_id').references((): AnyPgColumn => groups.id, { onDelete: 'set null' }),
    extraGroupSlots: integer('extra_group_slots').notNull().default(0),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * When the inactivity warning was mailed (modules/retention): the account is deleted 30 days later
     * unless the teacher logs in after it (a login later than this starts the count afresh).
     */
    inactivityWarnedAt: timestamp('inactivity_warned_at', { withTimezone: true }),
    /** Set on the teacher of a demo classroom (modules/demo): deleting the demo deletes it and all it has. */
    demoId: uuid('demo_id').references((): AnyPgColumn => demos.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('teachers_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('teachers_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('teachers_demo_idx').on(t.demoId).where(sql`${t.demoId} is not null`),
    check('teachers_coins_non_negative', sql`${t.coins} >= 0`),
  ],
);

/**
 * A visitor's demo classroom at /proto (modules/demo): its teacher row points here. Removed, with
 * everything of it, within an hour of its last action; `member_ids` names the seeded students,
 * whose ledger rows go with it.
 */
export const demos = pgTable(
  'demos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    language: text('language', { enum: ['en', 'fi', 'sv'] }).notNull(),
    memberIds: uuid('member_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    lastActionAt: timestamp('last_action_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('demos_last_action_idx').on(t.lastActionAt), check('demos_language_valid', sql`${t.language} in ('en', 'fi', 'sv')`)],
);

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    locked: boolean('locked').notNull().default(false),
    tradingAllowed: boolean('trading_allowed').notNull().default(false),
    /** The todo list each small group sees; deleting the list clears it. */
    blueSharedId: uuid('blue_shared_id').references((): AnyPgColumn => todolists.id, { onDelete: 'set null' }),
    orangeSharedId: uuid('orange_shared_id').references((): AnyPgColumn => todolists.id, { onDelete: 'set null' }),
    /** The one reward list published to the group's members; deleting the list clears it. */
    sharedRewardListId: uuid('shared_reward_list_id').references((): AnyPgColumn => rewardLists.id, { onDelete: 'set null' }),
    /**
     * What students type or scan to join (issue 31): 6 characters of JOIN_CODE_ALPHABET, unique
     * system-wide. The default, `kolikko_new_join_code()` (made by migration 0012), draws one no
     * group has; renewing draws again (the old code stops at once).
     */
    joinCode: text('join_code').notNull().default(sql`kolikko_new_join_code()`),
    /** Whether the group's printed badges sign its students in (members.badge_hash). */
    badgesEnabled: boolean('badges_enabled').notNull().default(true),
    /** What the class board shows of each student (core's BOARD_SHOWS): coins earned today unless the teacher chose otherwise. */
    boardShows: text('board_shows', { enum: ['today', 'total', 'nothing'] }).notNull().default('today'),
    /** Whether the group may have "needs work" award reasons (negative coins); off until the teacher allows them. */
    needsWorkEnabled: boolean('needs_work_enabled').notNull().default(false),
    /**
     * Whether the group has been given its default award reasons (at creation; a group made before
     * reasons existed gets them, in the teacher's language, when its reasons are first read).
     */
    reasonsSeeded: boolean('reasons_seeded').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // A name is the teacher's own: unique per teacher, and many teachers may have a "3A".
    uniqueIndex('groups_teacher_name_lower_idx').on(t.teacherId, sql`lower(${t.name})`),
    // A join by name looks for the open groups of a name (findGroupsByName): a name like "3A" has hundreds.
    index('groups_name_lower_idx').on(sql`lower(${t.name})`, t.locked),
    uniqueIndex('groups_join_code_idx').on(t.joinCode),
    index('groups_teacher_idx').on(t.teacherId),
  ],
);

/**
 * Issue 34's co-teachers: a teacher the group's owner invited into the group (`accepted_at` null:
 * an invitation, which shares nothing yet), optionally until a moment (`until`: a substitute for a
 * week). Declining or removing deletes the row; a group or teacher that goes takes its rows along.
 */
export const groupCoteachers = pgTable(
  'group_coteachers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    /** Until when the co-teacher may act (the end of the chosen day, UTC); null: until removed. */
    until: timestamp('until', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('group_coteachers_group_teacher_idx').on(t.groupId, t.teacherId), index('group_coteachers_teacher_idx').on(t.teacherId)],
);

export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    coins: integer('coins').notNull().default(0),
    face: text('face'),
    /** The skin tone faces and hairs draw on (issue 33): one of core's SKIN_TONES, free; null is the first. */
    skinTone: text('skin_tone'),
    hair: text('hair'),
    unlockedFaces: text('unlocked_faces').array().notNull().default(sql`'{}'::text[]`),
    unlockedHairs: text('unlocked_hairs').array().notNull().default(sql`'{}'::text[]`),
    smallGroup: text('small_group', { enum: ['blue', 'orange'] }).notNull().default('blue'),
    /** The SHA-256 of the member's badge secret (issue 31); null until a badge is issued. */
    badgeHash: text('badge_hash'),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    // A nickname is unique within its group only; login by name alone looks it up everywhere.
    uniqueIndex('members_group_username_lower_idx').on(t.groupId, sql`lower(${t.username})`),
    index('members_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('members_badge_hash_idx').on(t.badgeHash).where(sql`${t.badgeHash} is not null`),
    index('members_group_idx').on(t.groupId),
    check('members_coins_non_negative', sql`${t.coins} >= 0`),
    check('members_small_group_valid', sql`${t.smallGroup} in ('blue', 'orange')`),
  ],
);

/**
 * A group's award reasons ("skills", issue 32): one tap awards `coins` to a student with the
 * reason named. Positions are 1-based and contiguous per group. An award keeps the reason's name
 * and icon of its own, so a removed reason stays named in history.
 */
export const awardReasons = pgTable(
  'award_reasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    icon: text('icon').notNull(),
    coins: integer('coins').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('award_reasons_group_idx').on(t.groupId, t.position),
    check('award_reasons_coins_valid', sql`${t.coins} between -100 and 100 and ${t.coins} <> 0`),
  ],
);

/**
 * A teacher's award (issue 32): to one student or a batch, with or without a reason. Its ledger
 * rows (teacher_award or teacher_deduction, one a student) name it in `reference`; the reason's
 * name and icon are kept here, so history names a removed reason. Undone at most once, within
 * AWARD_UNDO_WINDOW_MS (the undo's own ledger rows, award_undo, name it too).
 */
export const awards = pgTable(
  'awards',
  {
    /** Made by the server before the award's transaction: its ledger rows carry it. */
    id: uuid('id').primaryKey(),
    /**
     * The teacher who gave it, no foreign key: the key's check ran in every award (a trigger, about
     * 2 % of the award's statement in the database). Deleting a teacher deletes its awards
     * (account.repo.ts, deleteTeacher).
     */
    teacherId: uuid('teacher_id').notNull(),
    /**
     * The reason's id, no foreign key: a key would lock the reason's row (FOR KEY SHARE) in every
     * award, a multixact when a class's awards overlap (bench/README.md, "A reason award against
     * the batch award before it"). Removing a reason clears it here; a removed group's reasons
     * leave it naming a reason that is gone. The award keeps the name and icon either way.
     */
    reasonId: uuid('reason_id'),
    reasonName: text('reason_name'),
    reasonIcon: text('reason_icon'),
    /** Coins each student was given, negative when taken back. */
    coins: integer('coins').notNull(),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    /**
     * The first and last coin_ledger ids of the award's own rows (null when it moved no coins):
     * its undo reads them by primary key, so the ledger needs no index on `reference` for awards.
     */
    ledgerFirst: bigint('ledger_first', { mode: 'number' }),
    ledgerLast: bigint('ledger_last', { mode: 'number' }),
  },
  (t) => [index('awards_teacher_idx').on(t.teacherId, t.createdAt)],
);

/**
 * The random picker's round (issue 32): who has been picked in a group on a day, so no one is
 * picked twice before everyone has been (the server's, so the board and the teacher's phone
 * agree). A full round, or a reset, starts over.
 */
export const groupPicks = pgTable(
  'group_picks',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The day (UTC) of the round. */
    pickedOn: text('picked_on').notNull(),
    pickedAt: timestamp('picked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.pickedOn, t.memberId] })],
);

/** What a group's board shows besides its students (issue 32): the last teams made and the lesson timer. */
export const groupToolkit = pgTable('group_toolkit', {
  groupId: uuid('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  /** Member ids, a list a team; null until teams are made. */
  teams: jsonb('teams').$type<string[][]>(),
  timerStatus: text('timer_status', { enum: ['idle', 'running', 'paused'] }).notNull().default('idle'),
  timerDurationMs: integer('timer_duration_ms').notNull().default(0),
  /** Paused or idle: what is left. */
  timerRemainingMs: integer('timer_remaining_ms').notNull().default(0),
  /** Running: when it reaches zero. */
  timerEndsAt: timestamp('timer_ends_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-side sessions: the cookie holds a random token, this table its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    teacherId: uuid('teacher_id').references(() => teachers.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_teacher_idx').on(t.teacherId),
    index('sessions_member_idx').on(t.memberId),
    check('sessions_one_owner', sql`(${t.teacherId} is null) <> (${t.memberId} is null)`),
  ],
);

/**
 * A teacher's sign-in through an OpenID Connect provider (issue 34): the provider's name (of
 * SSO_PROVIDERS) and the ID token's `sub`. One account a provider's subject; a teacher may link
 * several providers.
 */
export const teacherIdentities = pgTable(
  'teacher_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    /** The e-mail the provider vouched for (email_verified) when linked; null when it did not. */
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('teacher_identities_provider_subject_idx').on(t.provider, t.subject), uniqueIndex('teacher_identities_teacher_provider_idx').on(t.teacherId, t.provider)],
);

/**
 * An OpenID Connect sign-in under way (issue 34), keyed by the SHA-256 of the browser's flow
 * cookie: the state, nonce and PKCE verifier its callback must match, single use. After the
 * provider answers for a subject no account has, the same row holds who the provider said it was
 * (`subject`, `email` when verified, and an existing account of that e-mail) until the teacher
 * picks a username or confirms with its password.
 */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    tokenHash: text('token_hash').primaryKey(),
    provider: text('provider').notNull(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** Set when a signed-in teacher links a provider from the profile. */
    linkTeacherId: uuid('link_teacher_id').references(() => teachers.id, { onDelete: 'cascade' }),
    subject: text('subject'),
    email: text('email'),
    /** The account whose e-mail the provider vouched for: linked only after its password is given. */
    existingTeacherId: uuid('existing_teacher_id').references(() => teachers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_flows_expires_idx').on(t.expiresAt)],
);

/** E-mail verification and password reset links: stored hashed, single use. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: ['verify_email', 'password_reset'] }).notNull(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('one_time_tokens_teacher_idx').on(t.teacherId)],
);

/**
 * Mail that was not sent through SMTP (no SMTP_URL): kept for the log and GET /api/dev/outbox.
 * Also mail queued in the transaction that wrote what it is about (a contact message), which the
 * relay (platform/mail-relay.ts) sends and then deletes, retrying with backoff while SMTP fails.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    replyTo: text('reply_to'),
    /** Set: waiting to be sent, at or after this time. Null: kept here (no SMTP_URL, or given up after the last attempt). */
    sendAfter: timestamp('send_after', { withTimezone: true }),
    /** Sending attempts so far (each one claims the row for a while: see platform/mail-relay.ts). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_send_after_idx').on(t.sendAfter).where(sql`${t.sendAfter} is not null`)],
);

/** A message sent through the contact form (spec section 3), kept whether or not it could be mailed. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

/**
 * Every coin movement, append-only (DESIGN.md section 4). Accounts: teacher:<id>, member:<id>,
 * mint, sink. For every account the stored balance equals the sum of its rows.
 */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    fromAccount: text('from_account').notNull(),
    toAccount: text('to_account').notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').$type<LedgerReason>().notNull(),
    /** Who caused it: teacher:<id>, member:<id> or system. */
    actor: text('actor').notNull(),
    groupId: uuid('group_id'),
    /** The row this movement is about (todo, reward purchase, character path, ...). */
    reference: text('reference'),
  },
  (t) => [
    index('coin_ledger_from_idx').on(t.fromAccount, t.at),
    index('coin_ledger_to_idx').on(t.toAccount, t.at),
    check('coin_ledger_amount_positive', sql`${t.amount} > 0`),
    check('coin_ledger_distinct_accounts', sql`${t.fromAccount} <> ${t.toAccount}`),
    // A payment intent is credited once, however often its webhook is delivered.
    uniqueIndex('coin_ledger_coin_purchase_idx').on(t.reference).where(sql`${t.reason} = 'coin_purchase'`),
  ],
);

/**
 * The class report's sums of the ledger, per member and day (UTC) of a day that has closed: no
 * movement can still be counted on it (reports.repo.ts, `closedUntil`). Made from coin_ledger when
 * a report first needs the day and read instead of it from then on: a year of a class is summed
 * from these rows, not from its ledger rows joined to their awards (bench/README.md, "The class
 * report"). Only a copy: emptying it and report_coverage makes the next report sum them again. A row per
 * kind of movement; awards by the reason the award kept.
 */
export const reportDays = pgTable(
  'report_days',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** reports.repo.ts's KIND_AWARD, KIND_TASK or KIND_TRANSFER. */
    kind: integer('kind').notNull(),
    reasonName: text('reason_name'),
    reasonIcon: text('reason_icon'),
    negative: boolean('negative').notNull(),
    net: integer('net').notNull(),
    gained: integer('gained').notNull(),
    lost: integer('lost').notNull(),
    earned: integer('earned').notNull(),
  },
  (t) => [index('report_days_member_day_idx').on(t.memberId, t.day)],
);

/** Which days report_days holds for a member: every closed day from `first_day` to before `until_day`. */
export const reportCoverage = pgTable('report_coverage', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  firstDay: date('first_day', { mode: 'string' }),
  untilDay: date('until_day', { mode: 'string' }),
});

/**
 * Attempts at logins, signups and reset requests, one row per counted key (core's rules/attempts.ts
 * says how they limit). In the database so every node sees the same counts; each attempt is counted
 * under the row's lock before it is checked.
 */
export const authAttempts = pgTable('auth_attempts', {
  /** SHA-256 of what is counted (e.g. an account and an address), so no address or typed name is kept in clear. */
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  lastAt: timestamp('last_at', { withTimezone: true }),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  /** For an account and address: the last sign-in from there, which makes the address known to the account. */
  succeededAt: timestamp('succeeded_at', { withTimezone: true }),
});

/**
 * The last run of each scheduled job (platform/jobs.ts), whichever node ran it: /metrics on every
 * node shows it, and the operator's `jobs` command.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  /** The job's clock at its last run (finished or failed). */
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastDurationMs: integer('last_duration_ms').notNull(),
  /** Rows the last successful run touched (deleted, warned, ...). */
  lastRows: integer('last_rows').notNull().default(0),
  runs: integer('runs').notNull().default(0),
  failures: integer('failures').notNull().default(0),
  /** The last run's error; null when it succeeded. */
  lastError: text('last_error'),
});

/** Secrets the nodes share (the captcha HMAC key), made once on first start. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Captcha solutions already spent, so one solved challenge signs up one teacher. */
export const captchaUsed = pgTable(
  'captcha_used',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
);

/** Raw bytes; node-postgres answers a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A teacher's todo list (spec section 3). */
export const todolists = pgTable(
  'todolists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** One of spec section 3's categories, lowercased; null when not chosen. */
    category: text('category'),
    target: text('target'),
    language: text('language', { enum: ['FI', 'EN', 'SV'] }).notNull().default('FI'),
    communityStatus: boolean('community_status').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('todolists_teacher_idx').on(t.teacherId, t.createdAt),
    check('todolists_language_valid', sql`${t.language} in ('FI', 'EN', 'SV')`),
  ],
);

/**
 * A todo list a premium teacher published to the community (spec sections 3 and 4): one item per
 * list while it is published (todolists.community_status says so too). Stopping deletes the item;
 * buyers keep their copies. Categories and targets are lists of spec section 3's values.
 */
export const communityLists = pgTable(
  'community_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    todolistId: uuid('todolist_id')
      .notNull()
      .unique()
      .references(() => todolists.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    descriptionHtml: text('description_html').notNull(),
    descriptionDelta: jsonb('description_delta').notNull(),
    price: integer('price').notNull().default(0),
    categories: text('categories').array().notNull(),
    targets: text('targets').array().notNull(),
    language: text('language', { enum: ['FI', 'EN', 'SV'] }).notNull().default('FI'),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('community_lists_shared_at_idx').on(t.sharedAt),
    check('community_lists_price_valid', sql`${t.price} >= 0`),
    check('community_lists_language_valid', sql`${t.language} in ('FI', 'EN', 'SV')`),
  ],
);

/**
 * A teacher's purchase of a community item: one per buyer and item (a second purchase pays
 * nothing), with the copy it made (null once the buyer deleted it).
 */
export const communityPurchases = pgTable(
  'community_purchases',
  {
    communityListId: uuid('community_list_id')
      .notNull()
      .references(() => communityLists.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    copyId: uuid('copy_id').references(() => todolists.id, { onDelete: 'set null' }),
    price: integer('price').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.communityListId, t.buyerId] }), index('community_purchases_buyer_idx').on(t.buyerId)],
);

/** A list shared with another teacher, who may read it or edit its todos. */
export const todolistShares = pgTable(
  'todolist_shares',
  {
    todolistId: uuid('todolist_id')
      .notNull()
      .references(() => todolists.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    permissions: text('permissions', { enum: ['read', 'edit'] }).notNull().default('read'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.todolistId, t.teacherId] }),
    index('todolist_shares_teacher_idx').on(t.teacherId),
    check('todolist_shares_permissions_valid', sql`${t.permissions} in ('read', 'edit')`),
  ],
);

/**
 * A teacher that blocked another from sharing with it (spec section 6, "a sender can be
 * blocked"): a blocked sender's shares answer as if the recipient did not exist.
 */
export const teacherBlocks = pgTable(
  'teacher_blocks',
  {
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.blockedId] }), index('teacher_blocks_blocked_idx').on(t.blockedId)],
);

/** A task of a list. Positions are 1-based and contiguous within the list. */
export const todos = pgTable(
  'todos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    todolistId: uuid('todolist_id')
      .notNull()
      .references(() => todolists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Sanitized on the way in (platform/html.ts). */
    contentHtml: text('content_html').notNull().default(''),
    contentDelta: jsonb('content_delta').$type<unknown>().notNull().default(sql`'{}'::jsonb`),
    reward: integer('reward').notNull().default(0),
    answertype: text('answertype', { enum: ['none', 'free', 'strict'] }).notNull().default('none'),
    answer: text('answer').notNull().default(''),
    allowMemberImage: boolean('allow_member_image').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('todos_list_position_idx').on(t.todolistId, t.position),
    check('todos_position_positive', sql`${t.position} >= 1`),
    check('todos_reward_range', sql`${t.reward} between 0 and 999`),
    check('todos_answertype_valid', sql`${t.answertype} in ('none', 'free', 'strict')`),
  ],
);

/**
 * One member's state on one todo, made when the member's small group first reads a list shared
 * to it. reward_collected is what the member holds from it: paid and not taken back.
 */
export const memberTodos = pgTable(
  'member_todos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    todoId: uuid('todo_id')
      .notNull()
      .references(() => todos.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The todo's list, copied for reading (no foreign key: the row goes with its todo). */
    todolistId: uuid('todolist_id').notNull(),
    completed: boolean('completed').notNull().default(false),
    rewardCollected: integer('reward_collected').notNull().default(0),
    memberAnswer: text('member_answer').notNull().default(''),
    /** The teacher sent the free answer back with this comment (maybe empty); null when not sent back. */
    sentBackComment: text('sent_back_comment'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_todos_todo_member_idx').on(t.todoId, t.memberId),
    index('member_todos_member_list_idx').on(t.memberId, t.todolistId),
    check('member_todos_reward_collected_non_negative', sql`${t.rewardCollected} >= 0`),
  ],
);

/**
 * Uploaded and predefined images, kept in the database so every server process sees them.
 * Each belongs to exactly one todo or one member todo and is deleted with it. The name
 * (`<random hex>.<ext>`) is the "path" of the API.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    ext: text('ext').notNull(),
    bytes: bytea('bytes').notNull(),
    todoId: uuid('todo_id').references(() => todos.id, { onDelete: 'cascade' }),
    memberTodoId: uuid('member_todo_id').references(() => memberTodos.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('images_name_idx').on(t.name),
    uniqueIndex('images_todo_idx').on(t.todoId),
    uniqueIndex('images_member_todo_idx').on(t.memberTodoId),
    check('images_one_owner', sql`(${t.todoId} is null) <> (${t.memberTodoId} is null)`),
  ],
);

/** A teacher's reward (spec section 3): what students spend coins on. */
export const rewards = pgTable(
  'rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    price: integer('price').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('rewards_teacher_idx').on(t.teacherId, t.createdAt),
    check('rewards_price_range', sql`${t.price} between 0 and 999`),
  ],
);

/** A teacher's reward list; one list at a time is published to a group (groups.shared_reward_list_id). */
export const rewardLists = pgTable(
  'reward_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('reward_lists_teacher_idx').on(t.teacherId, t.createdAt)],
);

/** The rewards of a list, in the order they were added. A list holds only its owner's rewards. */
export const rewardListItems = pgTable(
  'reward_list_items',
  {
    rewardListId: uuid('reward_list_id')
      .notNull()
      .references(() => rewardLists.id, { onDelete: 'cascade' }),
    rewardId: uuid('reward_id')
      .notNull()
      .references(() => rewards.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The order of insertion, where added_at ties: PGlite's clock counts milliseconds, and a copy
     * inserts a list's items in one statement with the original's times.
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.rewardListId, t.rewardId] }), index('reward_list_items_reward_idx').on(t.rewardId)],
);

/** A reward list shared with another teacher, who may copy it (spec section 6); the API comes later. */
export const rewardListShares = pgTable(
  'reward_list_shares',
  {
    rewardListId: uuid('reward_list_id')
      .notNull()
      .references(() => rewardLists.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.rewardListId, t.teacherId] }), index('reward_list_shares_teacher_idx').on(t.teacherId)],
);

/**
 * A student's purchase of a reward. Name, description and price are copied, so history still
 * reads right after the teacher edits or deletes the reward. Active until active_until (1 hour).
 */
export const rewardPurchases = pgTable(
  'reward_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    rewardId: uuid('reward_id').references(() => rewards.id, { onDelete: 'set null' }),
    rewardName: text('reward_name').notNull(),
    rewardDescription: text('reward_description').notNull(),
    price: integer('price').notNull(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
    activeUntil: timestamp('active_until', { withTimezone: true }).notNull(),
    /** The teacher's hand-out queue (issue 33): pending until given, or returned (the price paid back once). */
    state: text('state', { enum: ['pending', 'given', 'returned'] }).notNull().default('pending'),
    /** When the teacher marked it given or returned; null while pending (and for purchases settled before the queue existed). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('reward_purchases_member_idx').on(t.memberId, t.purchasedAt),
    index('reward_purchases_reward_idx').on(t.rewardId),
    index('reward_purchases_group_state_idx').on(t.groupId, t.state, t.purchasedAt),
    check('reward_purchases_price_non_negative', sql`${t.price} >= 0`),
    check('reward_purchases_state_valid', sql`${t.state} in ('pending', 'given', 'returned')`),
  ],
);

/**
 * Chat (spec section 3): the group's chat (member_id null: the teacher and every member) and the
 * private chat between the teacher and one member (member_id set). Plain text, stored as given.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** The private chat's member; null for the group's chat. */
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    /** The group's teacher (the other side of every conversation of the group). */
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    sendBy: text('send_by', { enum: ['teacher', 'member'] }).notNull(),
    /** The member who wrote it; a deleted member's messages go with it. */
    senderMemberId: uuid('sender_member_id').references(() => members.id, { onDelete: 'cascade' }),
    /**
     * The teacher who wrote it (issue 34): the owner, or a co-teacher of the group; null for a
     * member's. A deleted teacher's messages go with it, as a member's do.
     */
    senderTeacherId: uuid('sender_teacher_id').references(() => teachers.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull().defaultNow(),
    seenByTheOther: boolean('seen_by_the_other').notNull().default(false),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.groupId, t.memberId, t.sendAt),
    index('chat_messages_private_idx').on(t.memberId, t.sendAt),
    index('chat_messages_sender_member_idx').on(t.senderMemberId, t.sendAt),
    index('chat_messages_teacher_idx').on(t.teacherId, t.sendAt),
    index('chat_messages_sender_teacher_idx').on(t.senderTeacherId, t.sendAt),
    /** The teacher's unread counters read only what is still unseen. */
    index('chat_messages_teacher_unread_idx')
      .on(t.teacherId)
      .where(sql`${t.sendBy} = 'member' and not ${t.seenByTheOther}`),
    check('chat_messages_send_by_valid', sql`${t.sendBy} in ('teacher', 'member')`),
    check('chat_messages_sender', sql`(${t.sendBy} = 'member') = (${t.senderMemberId} is not null)`),
  ],
);

/** Up to when each member has read its group's chat (a group message has many readers). */
export const chatGroupReads = pgTable('chat_group_reads', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

/**
 * A reward the purse could not pay when its todo was completed (DESIGN.md section 4): a record,
 * not a balance. Paid, oldest first (by id), when the teacher's purse has coins again; a partial
 * payment lowers `amount`, a full one deletes the row. Un-completing the todo cancels it. It
 * outlives its member todo (the student earned it), not its member. Written only by transactions
 * that hold the teacher's purse locked.
 */
export const owedRewards = pgTable(
  'owed_rewards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Whose purse owes it: the teacher of the member's group. */
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').notNull(),
    /** The completion it is owed for; null once the todo is deleted (the debt stays). */
    memberTodoId: uuid('member_todo_id').references(() => memberTodos.id, { onDelete: 'set null' }),
    /** Coins still owed. */
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('owed_rewards_teacher_idx').on(t.teacherId, t.id),
    index('owed_rewards_member_idx').on(t.memberId),
    uniqueIndex('owed_rewards_member_todo_idx').on(t.memberTodoId),
    check('owed_rewards_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Coins bought by card: one row per payment intent, written when the intent is created with the
 * server's own package and prices, credited once (status `succeeded`) when the provider says it
 * was paid.
 */
export const coinPurchases = pgTable(
  'coin_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'dev'] }).notNull(),
    paymentIntentId: text('payment_intent_id').notNull(),
    coins: integer('coins').notNull(),
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    status: text('status', { enum: ['created', 'succeeded'] }).notNull().default('created'),
    createdAt: createdAt(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coin_purchases_intent_idx').on(t.paymentIntentId),
    index('coin_purchases_teacher_idx').on(t.teacherId, t.createdAt),
    check('coin_purchases_coins_positive', sql`${t.coins} > 0`),
    check('coin_purchases_total', sql`${t.totalCents} = ${t.netCents} + ${t.vatCents}`),
  ],
);
