import { z } from 'zod';
import {
  ANSWER_TYPES,
  LIST_PERMISSIONS,
  PREDEFINED_TODO_IMAGES,
  SHARE_PERMISSIONS,
  STORED_TODOLIST_CATEGORIES,
  TODOLIST_CATEGORIES,
  TODOLIST_LANGUAGES,
  TODOLIST_TARGETS,
} from '../enumerations.ts';
import {
  MEMBER_ANSWER_MAX_LENGTH,
  SEND_BACK_COMMENT_MAX_LENGTH,
  TODO_ANSWER_MAX_LENGTH,
  TODO_DELTA_MAX_LENGTH,
  TODO_HTML_MAX_LENGTH,
  TODOLIST_NAME_MAX_LENGTH,
} from '../limits.ts';
import { MEMBER_TODO_STATUSES } from '../rules/completion.ts';
import { ZSmallGroup } from './auth.ts';
import { ZGroupId, ZMemberId, ZUserId } from './groups.ts';

const invalid = { error: 'VALIDATION.INVALID_INPUT' } as const;

export const ZTodolistId = z.uuid({ error: 'TODOLIST.INVALID_TODOLIST_ID' });
export const ZTodoId = z.uuid({ error: 'TODO.INVALID_TODO_ID' });
/** A member todo's id; a malformed one is a todo id that is not valid either. */
export const ZMemberTodoId = z.uuid({ error: 'TODO.INVALID_TODO_ID' });

export const ZTodolistName = z
  .string({ error: 'TODOLIST.TODOLIST_NAME_MISSING' })
  .trim()
  .min(1, { error: 'TODOLIST.TODOLIST_NAME_MISSING' })
  .max(TODOLIST_NAME_MAX_LENGTH, { error: 'TODOLIST.TODOLIST_NAME_TOO_LONG' });

/** A category of spec section 3 in any case; it is stored and answered lowercased. */
export const ZTodolistCategoryInput = z
  .string(invalid)
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.enum(TODOLIST_CATEGORIES, invalid))
  .transform((s) => s.toLowerCase() as (typeof STORED_TODOLIST_CATEGORIES)[number]);
export const ZTodolistCategory = z.enum(STORED_TODOLIST_CATEGORIES);
export const ZTodolistTarget = z.enum(TODOLIST_TARGETS, invalid);
export const ZTodolistLanguage = z.enum(TODOLIST_LANGUAGES, invalid);
export const ZAnswerType = z.enum(ANSWER_TYPES, invalid);
export const ZSharePermission = z.enum(SHARE_PERMISSIONS, { error: 'PERMISSION.INVALID_PERMISSIONS' });

/** A todo list as spec section 3 lists the fields. */
export const ZTodolist = z.object({
  id: z.string(),
  name: z.string(),
  /** Lowercased (spec section 3), or null when not chosen. */
  category: ZTodolistCategory.nullable(),
  date_created: z.string(),
  target: z.enum(TODOLIST_TARGETS).nullable(),
  language: z.enum(TODOLIST_LANGUAGES),
  /** What the caller may do: its own list, or one shared to it with edit or read permission. */
  permissions: z.enum(LIST_PERMISSIONS),
  /** Who the owner shared it with (empty for a recipient). */
  shared_with: z.array(z.object({ username: z.string(), permissions: z.enum(SHARE_PERMISSIONS) })),
  /** Only on a list shared to the caller: the owner's username. */
  shared_by_username: z.string().optional(),
  communityStatus: z.boolean(),
});
export type TTodolist = z.infer<typeof ZTodolist>;

export const ZCreateTodolistRequest = z.object({
  name: ZTodolistName,
  /** The teacher's own id. */
  id: ZUserId,
  /** The list's language; the web sends its interface language. Without it the list is Finnish (the stored default). */
  language: ZTodolistLanguage.optional(),
});
export type TCreateTodolistRequest = z.infer<typeof ZCreateTodolistRequest>;

/** The list's settings; only what is sent changes, and only when it differs. */
export const ZUpdateTodolistRequest = z.object({
  name: ZTodolistName.optional(),
  /** One of spec section 3's categories in any case, or null to clear it. */
  category: ZTodolistCategoryInput.nullable().optional(),
  target: ZTodolistTarget.nullable().optional(),
  language: ZTodolistLanguage.optional(),
});
export type TUpdateTodolistRequest = z.infer<typeof ZUpdateTodolistRequest>;

export const ZCopyTodolistRequest = z.object({
  /** The teacher's own id: the copy is theirs. */
  userId: ZUserId,
  /** The copy's name; the original's name when not given (the web may send a translated "Copy of ..."). */
  name: ZTodolistName.optional(),
});
export type TCopyTodolistRequest = z.infer<typeof ZCopyTodolistRequest>;

/** Quill's delta: the JSON object the editor produced, bounded in size. */
export const ZContentDelta = z
  .record(z.string(), z.unknown(), invalid)
  .refine((v) => JSON.stringify(v).length <= TODO_DELTA_MAX_LENGTH, invalid);
/** Quill's HTML; the server sanitizes it before storing. */
export const ZContentHtml = z.string(invalid).max(TODO_HTML_MAX_LENGTH, invalid);

/** A todo as spec section 3 lists the fields. */
export const ZTodo = z.object({
  id: z.string(),
  todolist_id: z.string(),
  /** 1-based and contiguous within the list. */
  position: z.number().int(),
  /** Sanitized on the server: safe to render. */
  content_html: z.string(),
  content_delta: z.unknown(),
  reward: z.number().int(),
  answertype: z.enum(ANSWER_TYPES),
  answer: z.string(),
  allow_member_image: z.boolean(),
  /** The image's name, fetched from GET /api/public/todo/{id}/{imagepath}/image; null without one. */
  imagepath: z.string().nullable(),
});
export type TTodo = z.infer<typeof ZTodo>;

/** The editable fields of a todo; reward is clamped to 0..999 and anything not a number is 0. */
const todoFields = {
  content_html: ZContentHtml,
  content_delta: ZContentDelta,
  reward: z.union([z.number(), z.string().max(20), z.null()], invalid),
  answertype: ZAnswerType,
  answer: z.string(invalid).max(TODO_ANSWER_MAX_LENGTH, invalid),
  allow_member_image: z.boolean(invalid),
};

export const ZCreateTodoRequest = z.object({
  todolist_id: ZTodolistId,
  content_delta: todoFields.content_delta,
  content_html: todoFields.content_html,
  reward: todoFields.reward.optional(),
  answertype: todoFields.answertype.optional(),
  answer: todoFields.answer.optional(),
  allow_member_image: todoFields.allow_member_image.optional(),
});
export type TCreateTodoRequest = z.infer<typeof ZCreateTodoRequest>;

export const ZTodoUpdates = z.object({
  content_html: todoFields.content_html.optional(),
  content_delta: todoFields.content_delta.optional(),
  reward: todoFields.reward.optional(),
  answertype: todoFields.answertype.optional(),
  answer: todoFields.answer.optional(),
  allow_member_image: todoFields.allow_member_image.optional(),
});
export type TTodoUpdates = z.infer<typeof ZTodoUpdates>;

export const ZUpdateTodoRequest = z.object({ todo_id: ZTodoId, updates: ZTodoUpdates });
export type TUpdateTodoRequest = z.infer<typeof ZUpdateTodoRequest>;

export const ZSwapTodosRequest = z.object({ todo1: ZTodoId, todo2: ZTodoId });
export type TSwapTodosRequest = z.infer<typeof ZSwapTodosRequest>;

export const ZPredefinedImageRequest = z.object({
  /** One of PREDEFINED_TODO_IMAGES. */
  path: z.enum(PREDEFINED_TODO_IMAGES, { error: 'IMAGE.IMAGE_NOT_FOUND' }),
});

/** An image name as the server makes them: 32 hex characters and an extension. */
export const ZImagePath = z.string().regex(/^[0-9a-f]{32}\.(jpg|png|webp|svg)$/, { error: 'IMAGE.IMAGE_NOT_FOUND' });

export const ZShareColor = z.enum(['blue', 'orange', 'reset'], invalid);

/** A member todo as spec section 3 lists the fields. */
export const ZMemberTodo = z.object({
  id: z.string(),
  todo_id: z.string(),
  member_id: z.string(),
  todolist_id: z.string(),
  position: z.number().int(),
  completed: z.boolean(),
  /** The todo's reward now. */
  reward: z.number().int(),
  /** Coins the member holds from this todo: paid and not taken back. */
  reward_collected: z.number().int(),
  /**
   * Coins of this completion that the teacher's purse could not pay yet: they are on their way
   * and are paid, oldest first, when the purse has coins again. 0 when nothing is owed.
   */
  reward_owed: z.number().int(),
  answertype: z.enum(ANSWER_TYPES),
  /** The stored answer: only for the teacher; always null for the student. */
  answer: z.string().nullable(),
  member_answer: z.string(),
  /** The member's answer image: GET /api/membertodo/{id}/{member_image_path}/image. */
  member_image_path: z.string().nullable(),
  allow_member_image: z.boolean(),
  /** The todo's sanitized HTML. */
  content: z.string(),
  /** The todo's image: GET /api/public/todo/{todo_id}/{imagepath}/image. */
  imagepath: z.string().nullable(),
  /** Ours: the teacher sent the free answer back; not done until the member answers again. */
  sent_back: z.boolean(),
  /** The teacher's comment on the answer sent back ('' when none or not sent back). */
  sent_back_comment: z.string(),
});
export type TMemberTodo = z.infer<typeof ZMemberTodo>;

export const ZMemberTodosQuery = z.object({
  group_id: ZGroupId,
  /** One member's todos; a student may only ask for itself (and gets itself without it). */
  member_id: ZMemberId.optional(),
  /** Without member_id (teachers): the small group whose members' todos to list. */
  color: ZSmallGroup.optional(),
});
export type TMemberTodosQuery = z.infer<typeof ZMemberTodosQuery>;

export const ZMemberTodoUpdates = z.object({
  /** none-type: the member or the teacher; free: the teacher approves (true) or reverts (false); strict: the teacher reverts. */
  completed: z.boolean(invalid).optional(),
  /** The member's own answer; a strict answer is checked at once. */
  member_answer: z.string(invalid).max(MEMBER_ANSWER_MAX_LENGTH, invalid).optional(),
});
export const ZUpdateMemberTodoRequest = z.object({ mtodo_id: ZMemberTodoId, updates: ZMemberTodoUpdates });
export type TUpdateMemberTodoRequest = z.infer<typeof ZUpdateMemberTodoRequest>;

/** The member todo after the change, with the balances it moved. */
export const ZMemberTodoUpdateResponse = z.object({
  member_todo: ZMemberTodo,
  /** The member's coins afterwards. */
  member_coins: z.number().int(),
  /** The teacher's purse afterwards (only when a teacher made the change). */
  teacher_coins: z.number().int().optional(),
});
export type TMemberTodoUpdateResponse = z.infer<typeof ZMemberTodoUpdateResponse>;

/** Ours: the teacher sends a free answer awaiting approval back to the student, with a short comment (may be empty). */
export const ZSendBackRequest = z.object({
  comment: z.string(invalid).trim().max(SEND_BACK_COMMENT_MAX_LENGTH, invalid),
});
export type TSendBackRequest = z.infer<typeof ZSendBackRequest>;

/** Ours: the class view of one small group's list: GET membertodos/grid. */
export const ZClassGridQuery = z.object({ group_id: ZGroupId, color: ZSmallGroup });
export type TClassGridQuery = z.infer<typeof ZClassGridQuery>;

export const ZClassGridTodo = z.object({
  id: z.string(),
  position: z.number().int(),
  reward: z.number().int(),
  answertype: z.enum(ANSWER_TYPES),
  /** The todo's text without markup, cut short: the column's name. */
  title: z.string(),
});
export type TClassGridTodo = z.infer<typeof ZClassGridTodo>;

export const ZClassGridMember = z.object({
  id: z.string(),
  username: z.string(),
  /** One status per todo, in the order of `todos` (core's memberTodoStatus). */
  statuses: z.array(z.enum(MEMBER_TODO_STATUSES)),
});
export type TClassGridMember = z.infer<typeof ZClassGridMember>;

/** Students (rows, by name) by todos (columns, by position); no list shown: todolist_id null and nothing else. */
export const ZClassGrid = z.object({
  todolist_id: z.string().nullable(),
  todos: z.array(ZClassGridTodo),
  members: z.array(ZClassGridMember),
});
export type TClassGrid = z.infer<typeof ZClassGrid>;

/** Ours: approve every answer of one todo awaiting the teacher, for one small group of a group. */
export const ZApproveAllRequest = z.object({ group_id: ZGroupId, color: ZSmallGroup, todo_id: ZTodoId });
export type TApproveAllRequest = z.infer<typeof ZApproveAllRequest>;

export const ZApproveAllResponse = z.object({
  /** How many answers were approved (those no longer awaiting were left as they were). */
  approved: z.number().int(),
  /** Coins paid from the purse now, and coins owed because the purse could not pay them yet. */
  paid: z.number().int(),
  owed: z.number().int(),
  /** The teacher's purse afterwards. */
  teacher_coins: z.number().int(),
});
export type TApproveAllResponse = z.infer<typeof ZApproveAllResponse>;
