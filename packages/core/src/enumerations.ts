/** The enumerations of spec section 3 that the server validates and the web offers as choices. */

/** Todo list categories (spec section 3): subjects, then the cross-curricular competences. Stored lowercased. */
export const TODOLIST_CATEGORIES = [
  'MATHEMATICS',
  'PHYSICS',
  'CHEMISTRY',
  'BIOLOGY',
  'ENVIRONMENTAL_STUDIES',
  'SOCIAL_STUDIES',
  'HISTORY',
  'GEOGRAPHY',
  'RELIGION',
  'ETHICS',
  'PHILOSOPHY',
  'PSYCHOLOGY',
  'VISUAL_ARTS',
  'MUSIC',
  'DRAMA',
  'CRAFTS',
  'HOME_ECONOMICS',
  'PHYSICAL_EDUCATION',
  'HEALTH_EDUCATION',
  'STUDENT_COUNSELING',
  'FINNISH_LANGUAGE_AND_LITERATURE',
  'FINNISH_AS_SECOND_LANGUAGE',
  'SWEDISH',
  'ENGLISH',
  'FRENCH',
  'GERMAN',
  'OTHER_LANGUAGES',
  'OTHER',
  'L1_THINKING_AND_LEARNING_TO_LEARN',
  'L2_CULTURAL_COMPETENCE_INTERACTION_EXPRESSION',
  'L3_SELF_CARE_AND_LIFE_SKILLS',
  'L4_MULTILITERACY',
  'L5_ICT_COMPETENCE',
  'L6_WORKING_LIFE_AND_ENTREPRENEURSHIP',
  'L7_PARTICIPATION_INFLUENCE_AND_SUSTAINABILITY',
] as const;
export type TodolistCategory = (typeof TODOLIST_CATEGORIES)[number];
/** A category as it is stored and answered: lowercased (spec section 3). */
export type StoredTodolistCategory = Lowercase<TodolistCategory>;
export const STORED_TODOLIST_CATEGORIES = TODOLIST_CATEGORIES.map((c) => c.toLowerCase() as StoredTodolistCategory);

/** Target audiences (spec section 3). */
export const TODOLIST_TARGETS = [
  'PRIMARY_EDUCATION',
  'THIRD_GRADE',
  'FOURTH_GRADE',
  'FIFTH_GRADE',
  'SIXTH_GRADE',
  'SEVENTH_GRADE',
  'EIGHTH_GRADE',
  'NINTH_GRADE',
  'SPECIAL_EDUCATION',
  'PREPARATORY_EDUCATION',
  'CLUBS',
  'HIGH_SCHOOL',
  'VOCATIONAL_EDUCATION',
  'UNIVERSITY',
  'OTHER',
] as const;
export type TodolistTarget = (typeof TODOLIST_TARGETS)[number];

/** The language a todo list is written in (spec section 3); a new list is Finnish, as community lists are. */
export const TODOLIST_LANGUAGES = ['FI', 'EN', 'SV'] as const;
export type TodolistLanguage = (typeof TODOLIST_LANGUAGES)[number];
export const TODOLIST_DEFAULT_LANGUAGE: TodolistLanguage = 'FI';

/** none: a plain task; free: an open answer the teacher approves; strict: an exact answer checked by the server. */
export const ANSWER_TYPES = ['none', 'free', 'strict'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

/** What a teacher may do with a todo list: its own, or shared to it with read or edit permission. */
export const SHARE_PERMISSIONS = ['read', 'edit'] as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[number];
export const LIST_PERMISSIONS = ['owner', 'edit', 'read'] as const;
export type ListPermission = (typeof LIST_PERMISSIONS)[number];

/** The predefined todo images a teacher can pick instead of uploading (served by the server). */
export const PREDEFINED_TODO_IMAGES = ['star.svg', 'book.svg', 'pencil.svg', 'lightbulb.svg', 'trophy.svg', 'globe.svg'] as const;
export type PredefinedTodoImage = (typeof PREDEFINED_TODO_IMAGES)[number];

/**
 * Why coins moved: the reason of every coin_ledger row (DESIGN.md section 4). History screens are
 * read from these; coin_purchase is kept for card payments.
 */
export const LEDGER_REASONS = [
  'starter_coins',
  'coin_purchase',
  'teacher_award',
  'teacher_deduction',
  'todo_reward',
  'todo_reward_revoked',
  'transfer',
  'reward_purchase',
  'character_purchase',
  'group_slots',
  'member_deleted_refund',
  'group_deleted_refund',
  'account_deleted',
  'community_purchase',
  /** Coins minted into a demo classroom's purse (modules/demo), removed with the demo. */
  'demo_topup',
  /** An award undone within its minute (issue 32): what of it the student still had goes back to the purse (a "needs work" one: back to the student). */
  'award_undo',
  /** A reward purchase the teacher gave back (issue 33): its price from `sink` to the student, once, referencing the purchase. */
  'reward_return',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/**
 * The icons an award reason may have (issue 32): each is one of the web's own SVGs
 * (components/reason-icon.tsx). The first six are the default reasons'.
 */
export const AWARD_REASON_ICONS = [
  'helping',
  'teamwork',
  'hard-work',
  'participating',
  'kindness',
  'persistence',
  'star',
  'heart',
  'lightbulb',
  'book',
  'pencil',
  'music',
  'sports',
  'art',
  'science',
  'numbers',
  'tidy',
  'listening',
  'on-time',
  'creativity',
  'leadership',
  'sharing',
  'focus',
  'thumbs-up',
  'trophy',
  'rocket',
  'needs-work',
  'noise',
] as const;
export type AwardReasonIcon = (typeof AWARD_REASON_ICONS)[number];

/**
 * What the class board shows of each student (issue 32): the coins earned today (the default),
 * the coins it holds, or nothing. Never a "needs work" award, never a ranking.
 */
export const BOARD_SHOWS = ['today', 'total', 'nothing'] as const;
export type BoardShows = (typeof BOARD_SHOWS)[number];

/** The two layers of a character (spec section 3: faces and hairs). */
export const CHARACTER_TYPES = ['face', 'hair'] as const;
export type CharacterType = (typeof CHARACTER_TYPES)[number];

/**
 * The skin tones (issue 33), light to deep; their colours are in skin-tones.ts. Here, with the
 * schemas' other enumerations, so a page that validates a form does not load the palette.
 */
export const SKIN_TONE_IDS = ['tone-1', 'tone-2', 'tone-3', 'tone-4', 'tone-5', 'tone-6', 'tone-7', 'tone-8'] as const;
export type SkinTone = (typeof SKIN_TONE_IDS)[number];
