import type { AnswerType } from '../enumerations.ts';
import { TODO_REWARD_MAX, TODO_REWARD_MIN } from '../limits.ts';

/** Spec section 5: a todo reward is an integer clamped to 0..999; anything not a number is 0. */
export function clampReward(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) return TODO_REWARD_MIN;
  return Math.min(TODO_REWARD_MAX, Math.max(TODO_REWARD_MIN, Math.trunc(n)));
}

export interface EditableTodo {
  content_html: string;
  content_delta: unknown;
  reward: number;
  answertype: AnswerType;
  answer: string;
  allow_member_image: boolean;
}

export interface TodoUpdates {
  content_html?: string | undefined;
  content_delta?: unknown;
  reward?: unknown;
  answertype?: AnswerType | undefined;
  answer?: string | undefined;
  allow_member_image?: boolean | undefined;
}

export interface TodoUpdatePlan {
  /** Only the fields whose value changes. */
  changes: Partial<EditableTodo>;
  /** The answer type, or the answer of a strict todo, changed: member todos start over. */
  resetsCompletion: boolean;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Spec sections 4 and 5 for saving a todo: the reward is clamped, the answer trimmed, a strict
 * todo left without an answer becomes none, and only what differs from the stored todo changes.
 */
export function planTodoUpdate(current: EditableTodo, updates: TodoUpdates): TodoUpdatePlan {
  const next: EditableTodo = {
    content_html: updates.content_html ?? current.content_html,
    content_delta: updates.content_delta === undefined ? current.content_delta : updates.content_delta,
    reward: updates.reward === undefined ? current.reward : clampReward(updates.reward),
    answertype: updates.answertype ?? current.answertype,
    answer: updates.answer === undefined ? current.answer : updates.answer.trim(),
    allow_member_image: updates.allow_member_image ?? current.allow_member_image,
  };
  if (next.answertype === 'strict' && next.answer === '') next.answertype = 'none';

  const changes: Partial<EditableTodo> = {};
  if (next.content_html !== current.content_html) changes.content_html = next.content_html;
  if (!sameJson(next.content_delta, current.content_delta)) changes.content_delta = next.content_delta;
  if (next.reward !== current.reward) changes.reward = next.reward;
  if (next.answertype !== current.answertype) changes.answertype = next.answertype;
  if (next.answer !== current.answer) changes.answer = next.answer;
  if (next.allow_member_image !== current.allow_member_image) changes.allow_member_image = next.allow_member_image;

  const resetsCompletion = changes.answertype !== undefined || (next.answertype === 'strict' && changes.answer !== undefined);
  return { changes, resetsCompletion };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * A todo's text without markup, white space collapsed and cut to `max` characters (an ellipsis
 * marks the cut): a short name for a todo where its whole content does not fit (the class view's
 * column headers). Only for showing as text, never as HTML.
 */
export function todoTitle(html: string, max = 60): string {
  const text = html
    .replace(/<(br|\/p|\/li|\/h[1-6])\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#')) {
        const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[lower] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}
