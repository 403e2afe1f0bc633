import { z } from 'zod';
import { STORED_TODOLIST_CATEGORIES, TODOLIST_CATEGORIES, TODOLIST_LANGUAGES, TODOLIST_TARGETS } from '../enumerations.ts';
import { COMMUNITY_DEFAULT_LANGUAGE, COMMUNITY_DEFAULT_PRICE, COMMUNITY_PRICE_MAX, COMMUNITY_TITLE_MAX_LENGTH } from '../limits.ts';
import { ZContentDelta, ZContentHtml, ZTodo, ZTodolistCategoryInput } from './todos.ts';

/** Spec section 5: every field of the community form filled, else FORM_FIELD_EMPTY (banner type validation). */
const empty = { error: 'COMMUNITY.FORM_FIELD_EMPTY' } as const;
const invalid = { error: 'VALIDATION.INVALID_INPUT' } as const;

export const ZCommunityId = z.uuid(invalid);

export const ZCommunityTitle = z
  .string(empty)
  .trim()
  .min(1, empty)
  .max(COMMUNITY_TITLE_MAX_LENGTH, { error: 'COMMUNITY.TITLE_TOO_LONG' });

/** The Quill editor's description; the server sanitizes the HTML, and one with no text is empty. */
export const ZCommunityDescription = z.object({ content_html: ZContentHtml, content_delta: ZContentDelta }, empty);

/** Coins, a whole number from 0 (free). */
export const ZCommunityPrice = z.number(invalid).int(invalid).min(0, invalid).max(COMMUNITY_PRICE_MAX, invalid);

/** One or more of spec section 3's categories (any case in, lowercased out, as on todo lists). */
export const ZCommunityCategories = z.array(ZTodolistCategoryInput, empty).min(1, empty).max(TODOLIST_CATEGORIES.length, invalid);
export const ZCommunityTargets = z.array(z.enum(TODOLIST_TARGETS, invalid), empty).min(1, empty).max(TODOLIST_TARGETS.length, invalid);
export const ZCommunityLanguage = z.enum(TODOLIST_LANGUAGES, invalid);

export const ZPublishCommunityRequest = z.object({
  title: ZCommunityTitle,
  description: ZCommunityDescription,
  price: ZCommunityPrice.default(COMMUNITY_DEFAULT_PRICE),
  categories: ZCommunityCategories,
  targets: ZCommunityTargets,
  language: ZCommunityLanguage.default(COMMUNITY_DEFAULT_LANGUAGE),
});
export type TPublishCommunityRequest = z.infer<typeof ZPublishCommunityRequest>;

export const ZUpdateCommunityRequest = z.object({
  updates: z
    .object({
      title: ZCommunityTitle,
      description: ZCommunityDescription,
      price: ZCommunityPrice,
      categories: ZCommunityCategories,
      targets: ZCommunityTargets,
      language: ZCommunityLanguage,
    })
    .partial(),
});
export type TUpdateCommunityRequest = z.infer<typeof ZUpdateCommunityRequest>;

/** GET public/community: search, filters (one value each), newest first, paged. */
/**
 * POST community/purchase/todolist/{id} (issue 35): the price the buyer saw and agreed to. A
 * different current price is refused (COMMUNITY.PRICE_CHANGED, with the price now), never charged.
 */
export const ZCommunityPurchaseRequest = z.object({ price: ZCommunityPrice });
export type TCommunityPurchaseRequest = z.infer<typeof ZCommunityPurchaseRequest>;

export const ZCommunityQuery = z.object({
  q: z.string(invalid).trim().max(COMMUNITY_TITLE_MAX_LENGTH, invalid).optional(),
  category: ZTodolistCategoryInput.optional(),
  target: z.enum(TODOLIST_TARGETS, invalid).optional(),
  language: ZCommunityLanguage.optional(),
  page: z.coerce.number(invalid).int(invalid).min(1, invalid).max(10_000, invalid).default(1),
  page_size: z.coerce.number(invalid).int(invalid).min(1, invalid).max(50, invalid).default(12),
});
export type TCommunityQuery = z.infer<typeof ZCommunityQuery>;

/** A community item (spec section 3's Community list) with its preview. */
export const ZCommunityItem = z.object({
  id: z.string(),
  todolist_id: z.string(),
  title: z.string(),
  description: z.string(),
  description_delta: z.unknown(),
  shared_by_username: z.string(),
  shared_at: z.string(),
  category: z.array(z.enum(STORED_TODOLIST_CATEGORIES)),
  target: z.array(z.enum(TODOLIST_TARGETS)),
  language: z.enum(TODOLIST_LANGUAGES),
  price: z.number().int(),
  /** How many todos the list has. */
  todo_count: z.number().int(),
  /**
   * The preview: every todo of a free list, else the first 3 (every todo for its owner and its
   * buyers); `more_count` is how many are not shown.
   */
  todos: z.array(ZTodo),
  more_count: z.number().int(),
  /** Whether the caller is the publisher (it edits instead of buying). */
  own: z.boolean(),
  /** Whether the caller bought it already (a second purchase pays nothing). */
  bought: z.boolean(),
});
export type TCommunityItem = z.infer<typeof ZCommunityItem>;

export const ZCommunityPage = z.object({
  items: z.array(ZCommunityItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TCommunityPage = z.infer<typeof ZCommunityPage>;
