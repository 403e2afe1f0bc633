import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TODO_REWARD_MAX } from '../limits.ts';
import { clampReward, planTodoUpdate, todoTitle, type EditableTodo } from './todos.ts';

const current: EditableTodo = {
  content_html: '<p>Read page 4</p>',
  content_delta: { ops: [{ insert: 'Read page 4\n' }] },
  reward: 5,
  answertype: 'none',
  answer: '',
  allow_member_image: false,
};

describe('clampReward (spec section 5)', () => {
  it.each([
    [12, 12],
    [-3, 0],
    [1000, 999],
    [7.9, 7],
    ['15', 15],
    ['abc', 0],
    ['', 0],
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('%j becomes %j', (input, expected) => {
    expect(clampReward(input)).toBe(expected);
  });

  it('always gives an integer from 0 to 999', () => {
    fc.assert(fc.property(fc.anything(), (v) => {
      const r = clampReward(v);
      expect(Number.isInteger(r) && r >= 0 && r <= TODO_REWARD_MAX).toBe(true);
    }));
  });
});

describe('planTodoUpdate', () => {
  it('keeps only the fields that change', () => {
    expect(planTodoUpdate(current, { reward: 5, content_html: current.content_html, content_delta: { ops: [{ insert: 'Read page 4\n' }] } })).toEqual({ changes: {}, resetsCompletion: false });
    expect(planTodoUpdate(current, { reward: '7' }).changes).toEqual({ reward: 7 });
  });

  it('turns a strict todo without an answer into none', () => {
    expect(planTodoUpdate(current, { answertype: 'strict', answer: '   ' })).toEqual({ changes: {}, resetsCompletion: false });
    const strict = { ...current, answertype: 'strict' as const, answer: '42' };
    expect(planTodoUpdate(strict, { answer: '' })).toEqual({ changes: { answertype: 'none', answer: '' }, resetsCompletion: true });
  });

  it('resets completion when the answer type changes or a strict answer changes', () => {
    expect(planTodoUpdate(current, { answertype: 'free' })).toEqual({ changes: { answertype: 'free' }, resetsCompletion: true });
    const strict = { ...current, answertype: 'strict' as const, answer: '42' };
    expect(planTodoUpdate(strict, { answer: ' 43 ' })).toEqual({ changes: { answer: '43' }, resetsCompletion: true });
    expect(planTodoUpdate(strict, { answer: ' 42 ' })).toEqual({ changes: {}, resetsCompletion: false });
    expect(planTodoUpdate({ ...current, answertype: 'free' }, { answer: 'model answer' }).resetsCompletion).toBe(false);
  });
});

describe('todoTitle (the class view\'s column names)', () => {
  it('drops markup, decodes entities, collapses white space and cuts long text with an ellipsis', () => {
    expect(todoTitle('<p>Read <b>chapter</b> 3 &amp; 4</p><p>then&nbsp;write</p>')).toBe('Read chapter 3 & 4 then write');
    expect(todoTitle('<h2>Title</h2><ul><li>one</li><li>two</li></ul>')).toBe('Title one two');
    expect(todoTitle('&lt;script&gt; &#228;&#x00e4; &bogus;')).toBe('<script> ää &bogus;');
    expect(todoTitle(`<p>${'a'.repeat(100)}</p>`, 10)).toBe(`${'a'.repeat(9)}…`);
    expect(todoTitle('<p><br></p>')).toBe('');
  });
});
