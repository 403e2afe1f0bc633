import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
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
    hair: text('hair'),
    unlockedFaces: text('unlocked_faces').array().notNull().default(sql`'{}'::text[]`),
    unlockedHairs: text('unlocked_hairs').array().notNull().default(sql`'{}'::text[]`),
    isPremium: boolean('is_premium').notNull().default(false),
    activeGroupId: uuid('active_group_id').references((): AnyPgColumn => groups.id, { onDelete: 'set null' }),
    extraGroupSlots: integer('extra_group_slots').notNull().default(0),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('teachers_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('teachers_email_lower_idx').on(sql`lower(${t.email})`),
    check('teachers_coins_non_negative', sql`${t.coins} >= 0`),
  ],
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
    blueSharedId: uuid('blue_shared_id'),
    orangeSharedId: uuid('orange_shared_id'),
    sharedRewardListId: uuid('shared_reward_list_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('groups_name_lower_idx').on(sql`lower(${t.name})`),
    index('groups_teacher_idx').on(t.teacherId),
  ],
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
    hair: text('hair'),
    unlockedFaces: text('unlocked_faces').array().notNull().default(sql`'{}'::text[]`),
    unlockedHairs: text('unlocked_hairs').array().notNull().default(sql`'{}'::text[]`),
    smallGroup: text('small_group', { enum: ['blue', 'orange'] }).notNull().default('blue'),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('members_username_lower_idx').on(sql`lower(${t.username})`),
    index('members_group_idx').on(t.groupId),
    check('members_coins_non_negative', sql`${t.coins} >= 0`),
    check('members_small_group_valid', sql`${t.smallGroup} in ('blue', 'orange')`),
  ],
);

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

/** Mail that was not sent through SMTP (no SMTP_URL): kept for the log and GET /api/dev/outbox. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: createdAt(),
});

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
    reason: text('reason').notNull(),
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
  ],
);

/** Failed logins, signups and reset requests, counted per key over a window (multi-node safe). */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_failures_key_at_idx').on(t.key, t.at)],
);

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
