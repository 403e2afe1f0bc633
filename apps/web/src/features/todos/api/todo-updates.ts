import type { AnswerType } from '@kolikko/core/enumerations';
import { clampReward, planTodoUpdate } from '@kolikko/core/rules/todos';
import type { TTodo, TTodoUpdates } from '@kolikko/core/schemas/todos';

/** What the editor holds besides the text. */
export interface TodoSettings {
  reward: number;
  answertype: AnswerType;
  answer: string;
  allow_member_image: boolean;
}

/** The text as Quill has it: its HTML (sanitized by the server) and its delta (what the editor reloads). */
export interface TodoText {
  html: string;
  delta: Record<string, unknown>;
}

/** Spec sections 4 and 5 as the server applies them: reward clamped, answer trimmed, strict without an answer is none. */
export function normalizedSettings(settings: TodoSettings): TodoSettings {
  const answer = settings.answer.trim();
  const answertype = settings.answertype === 'strict' && answer === '' ? 'none' : settings.answertype;
  return { reward: clampReward(settings.reward), answertype, answer, allow_member_image: answertype === 'free' && settings.allow_member_image };
}

/** Only the changed fields of an edit (spec section 4). */
export function todoUpdates(todo: TTodo, text: TodoText | null, settings: TodoSettings): TTodoUpdates {
  // The text fields are compared here, not by planTodoUpdate: its HTML is the server's sanitized copy.
  const { changes } = planTodoUpdate(todo, normalizedSettings(settings));
  const updates: TTodoUpdates = {};
  if (changes.reward !== undefined) updates.reward = changes.reward;
  if (changes.answertype !== undefined) updates.answertype = changes.answertype;
  if (changes.answer !== undefined) updates.answer = changes.answer;
  if (changes.allow_member_image !== undefined) updates.allow_member_image = changes.allow_member_image;
  if (text) {
    if (text.html !== todo.content_html) updates.content_html = text.html;
    if (JSON.stringify(text.delta) !== JSON.stringify(todo.content_delta)) updates.content_delta = text.delta;
  }
  return updates;
}
