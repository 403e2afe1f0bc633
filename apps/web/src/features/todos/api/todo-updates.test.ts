import { describe, expect, it } from 'vitest';
import type { TTodo } from '@kolikko/core/schemas/todos';
import { normalizedSettings, todoUpdates, type TodoSettings } from './todo-updates.ts';

const todo: TTodo = {
  id: '00000000-0000-4000-8000-000000000001',
  todolist_id: '00000000-0000-4000-8000-000000000002',
  position: 1,
  content_html: '<p>Read page 12</p>',
  content_delta: { ops: [{ insert: 'Read page 12\n' }] },
  reward: 5,
  answertype: 'strict',
  answer: 'twelve',
  allow_member_image: false,
  imagepath: null,
};

const same: TodoSettings = { reward: 5, answertype: 'strict', answer: 'twelve', allow_member_image: false };

describe('normalizedSettings', () => {
  it('saves a strict todo without an answer as none (spec section 4)', () => {
    expect(normalizedSettings({ ...same, answer: '   ' })).toMatchObject({ answertype: 'none', answer: '' });
  });

  it('clamps the reward to 0..999 and keeps the image permission only for free answers', () => {
    expect(normalizedSettings({ ...same, reward: 5000 }).reward).toBe(999);
    expect(normalizedSettings({ ...same, reward: -3 }).reward).toBe(0);
    expect(normalizedSettings({ ...same, answertype: 'none', allow_member_image: true }).allow_member_image).toBe(false);
    expect(normalizedSettings({ ...same, answertype: 'free', allow_member_image: true }).allow_member_image).toBe(true);
  });
});

describe('todoUpdates', () => {
  it('sends nothing when nothing changed, the text included', () => {
    expect(todoUpdates(todo, null, same)).toEqual({});
    expect(todoUpdates(todo, { html: todo.content_html, delta: { ops: [{ insert: 'Read page 12\n' }] } }, { ...same, answer: ' twelve ' })).toEqual({});
  });

  it('sends only the changed fields', () => {
    expect(todoUpdates(todo, null, { ...same, reward: 7 })).toEqual({ reward: 7 });
    const text = { html: '<p>Read page 13</p>', delta: { ops: [{ insert: 'Read page 13\n' }] } };
    expect(todoUpdates(todo, text, same)).toEqual({ content_html: text.html, content_delta: text.delta });
  });

  it('turns a strict todo whose answer was emptied into none', () => {
    expect(todoUpdates(todo, null, { ...same, answer: '' })).toEqual({ answertype: 'none', answer: '' });
  });
});
