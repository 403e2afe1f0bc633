import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ANSWER_TYPES, type AnswerType } from '../enumerations.ts';
import { TODO_REWARD_MAX } from '../limits.ts';
import {
  decideCompletion,
  isStrictMatch,
  memberTodoStatus,
  resetCompletion,
  type CompletionActor,
  type CompletionRequest,
  type CompletionState,
  type CompletionTodo,
} from './completion.ts';

const fresh: CompletionState = { completed: false, rewardCollected: 0, rewardOwed: 0, memberAnswer: '' };
const rich = { member: 1000, teacher: 1000 };
const todo = (answertype: AnswerType, reward = 10, answer = 'Helsinki'): CompletionTodo => ({ answertype, answer, reward });

function decide(t: CompletionTodo, s: CompletionState, actor: CompletionActor, r: CompletionRequest, balances = rich) {
  const d = decideCompletion(t, s, actor, r, balances);
  if (!d.ok) throw new Error(`refused: ${d.error}`);
  return d;
}

describe('completion rules (spec section 4)', () => {
  it('none: the member or the teacher toggles it; completing pays, un-completing takes back', () => {
    const done = decide(todo('none'), fresh, 'member', { completed: true });
    expect(done.state).toEqual({ completed: true, rewardCollected: 10, rewardOwed: 0, memberAnswer: '' });
    expect(done.coins).toEqual({ kind: 'pay', amount: 10 });
    const undone = decide(todo('none'), done.state, 'teacher', { completed: false });
    expect(undone.state.completed).toBe(false);
    expect(undone.coins).toEqual({ kind: 'takeBack', amount: 10 });
    expect(decide(todo('none'), fresh, 'teacher', { completed: true }).coins).toEqual({ kind: 'pay', amount: 10 });
  });

  it('asking for the state it already has changes nothing and pays nothing', () => {
    const done = decide(todo('none'), fresh, 'member', { completed: true }).state;
    expect(decide(todo('none'), done, 'member', { completed: true })).toEqual({ ok: true, state: done, coins: { kind: 'none' } });
    expect(decide(todo('free'), done, 'teacher', { completed: true }).coins).toEqual({ kind: 'none' });
  });

  it('a member cannot toggle a free or strict todo', () => {
    for (const type of ['free', 'strict'] as const) {
      expect(decideCompletion(todo(type), fresh, 'member', { completed: true }, rich)).toEqual({ ok: false, error: 'PERMISSION.INSUFFICIENT_PERMISSIONS' });
      const done = { ...fresh, completed: true, rewardCollected: 10 };
      expect(decideCompletion(todo(type), done, 'member', { completed: false }, rich)).toEqual({ ok: false, error: 'PERMISSION.INSUFFICIENT_PERMISSIONS' });
    }
  });

  it('free: an answer waits for the teacher, who approves it; editing it un-completes and takes back', () => {
    const answered = decide(todo('free'), fresh, 'member', { memberAnswer: 'my essay' });
    expect(answered.state).toEqual({ completed: false, rewardCollected: 0, rewardOwed: 0, memberAnswer: 'my essay' });
    const approved = decide(todo('free'), answered.state, 'teacher', { completed: true });
    expect(approved.coins).toEqual({ kind: 'pay', amount: 10 });
    const same = decide(todo('free'), approved.state, 'member', { memberAnswer: 'my essay' });
    expect(same.state.completed).toBe(true);
    const edited = decide(todo('free'), approved.state, 'member', { memberAnswer: 'my better essay' });
    expect(edited.state).toEqual({ completed: false, rewardCollected: 0, rewardOwed: 0, memberAnswer: 'my better essay' });
    expect(edited.coins).toEqual({ kind: 'takeBack', amount: 10 });
    const imageChanged = decide(todo('free'), approved.state, 'member', { memberImageChanged: true });
    expect(imageChanged.state.completed).toBe(false);
  });

  it('strict: a matching trimmed answer completes it, a different one un-completes it; nobody marks it by hand', () => {
    const right = decide(todo('strict'), fresh, 'member', { memberAnswer: '  Helsinki ' });
    expect(right.state.completed).toBe(true);
    expect(right.coins).toEqual({ kind: 'pay', amount: 10 });
    const again = decide(todo('strict'), right.state, 'member', { memberAnswer: 'Helsinki' });
    expect(again.coins).toEqual({ kind: 'none' });
    const wrong = decide(todo('strict'), right.state, 'member', { memberAnswer: 'helsinki' });
    expect(wrong.state.completed).toBe(false);
    expect(wrong.coins).toEqual({ kind: 'takeBack', amount: 10 });
    expect(decideCompletion(todo('strict'), fresh, 'teacher', { completed: true }, rich)).toEqual({ ok: false, error: 'PERMISSION.INSUFFICIENT_PERMISSIONS' });
    expect(decide(todo('strict'), right.state, 'teacher', { completed: false }).state.completed).toBe(false);
  });

  it('a teacher never writes a student\'s answer', () => {
    expect(decideCompletion(todo('free'), fresh, 'teacher', { memberAnswer: 'forged' }, rich)).toEqual({ ok: false, error: 'PERMISSION.INSUFFICIENT_PERMISSIONS' });
  });

  it('a purse that cannot pay never refuses the completion: it pays what it has and owes the rest', () => {
    const empty = decide(todo('none', 10), fresh, 'member', { completed: true }, { member: 0, teacher: 0 });
    expect(empty).toEqual({ ok: true, state: { completed: true, rewardCollected: 0, rewardOwed: 10, memberAnswer: '' }, coins: { kind: 'none' } });
    const short = decide(todo('strict', 10), fresh, 'member', { memberAnswer: 'Helsinki' }, { member: 0, teacher: 9 });
    expect(short.state).toMatchObject({ completed: true, rewardCollected: 9, rewardOwed: 1 });
    expect(short.coins).toEqual({ kind: 'pay', amount: 9 });
    const approved = decide(todo('free', 10), { ...fresh, memberAnswer: 'essay' }, 'teacher', { completed: true }, { member: 0, teacher: 0 });
    expect(approved.state).toMatchObject({ completed: true, rewardCollected: 0, rewardOwed: 10 });
    // A reward of 0 needs no purse and owes nothing.
    expect(decide(todo('none', 0), fresh, 'member', { completed: true }, { member: 0, teacher: 0 }).state.rewardOwed).toBe(0);
  });

  it('un-completing cancels what is still owed; a wrong strict answer too', () => {
    const owed = decide(todo('none', 10), fresh, 'member', { completed: true }, { member: 0, teacher: 3 }).state;
    const undone = decide(todo('none', 10), owed, 'teacher', { completed: false }, { member: 3, teacher: 0 });
    expect(undone.state).toMatchObject({ completed: false, rewardCollected: 0, rewardOwed: 0 });
    expect(undone.coins).toEqual({ kind: 'takeBack', amount: 3 });
    const strict = decide(todo('strict', 10), fresh, 'member', { memberAnswer: 'Helsinki' }, { member: 0, teacher: 0 }).state;
    expect(decide(todo('strict', 10), strict, 'member', { memberAnswer: 'Turku' }, { member: 0, teacher: 0 }).state.rewardOwed).toBe(0);
    // Answering the same right answer again keeps what is owed.
    expect(decide(todo('strict', 10), strict, 'member', { memberAnswer: 'Helsinki' }, { member: 0, teacher: 0 }).state.rewardOwed).toBe(10);
  });

  it('takes back no more than the member has; what stays owed is not paid again', () => {
    const done = decide(todo('none', 10), fresh, 'member', { completed: true }).state;
    const undone = decide(todo('none', 10), done, 'member', { completed: false }, { member: 4, teacher: 0 });
    expect(undone.coins).toEqual({ kind: 'takeBack', amount: 4 });
    expect(undone.state.rewardCollected).toBe(6);
    const redone = decide(todo('none', 10), undone.state, 'member', { completed: true });
    expect(redone.coins).toEqual({ kind: 'pay', amount: 4 });
    expect(redone.state.rewardCollected).toBe(10);
  });

  it('a reset (answer type changed) un-completes and takes back', () => {
    expect(resetCompletion({ completed: true, rewardCollected: 7, rewardOwed: 3, memberAnswer: 'x' }, 5)).toEqual({
      state: { completed: false, rewardCollected: 2, rewardOwed: 0, memberAnswer: 'x' },
      coins: { kind: 'takeBack', amount: 5 },
    });
    expect(resetCompletion(fresh, 5)).toEqual({ state: fresh, coins: { kind: 'none' } });
  });

  it('isStrictMatch trims, counts case, and never matches an empty stored answer', () => {
    expect(isStrictMatch(' 42 ', '42')).toBe(true);
    expect(isStrictMatch('Abc', 'abc')).toBe(false);
    expect(isStrictMatch('', '  ')).toBe(false);
  });

  it('shows done, awaiting teacher, strict answered and not done', () => {
    const base = { completed: false, member_answer: '', member_image_path: null };
    expect(memberTodoStatus({ ...base, answertype: 'none', completed: true })).toBe('done');
    expect(memberTodoStatus({ ...base, answertype: 'free', member_answer: 'x' })).toBe('awaiting_teacher');
    expect(memberTodoStatus({ ...base, answertype: 'free', member_image_path: 'a.png' })).toBe('awaiting_teacher');
    expect(memberTodoStatus({ ...base, answertype: 'strict', member_answer: 'x' })).toBe('strict_answered');
    expect(memberTodoStatus({ ...base, answertype: 'free' })).toBe('not_done');
    expect(memberTodoStatus({ ...base, answertype: 'none', member_answer: 'x' })).toBe('not_done');
    // Ours: a free answer sent back is not done (and not awaiting) until the member answers again.
    expect(memberTodoStatus({ ...base, answertype: 'free', member_answer: 'x', sent_back: true })).toBe('sent_back');
    expect(memberTodoStatus({ ...base, answertype: 'free', member_answer: 'x', sent_back: true, completed: true })).toBe('done');
  });
});

describe('sending a free answer back (ours, issue 14)', () => {
  const awaiting: CompletionState = { ...fresh, memberAnswer: 'my essay', sentBackComment: null };

  it('the teacher sends an awaiting answer back: no coins, not done; the next answer or picture clears it, and so does an approval', () => {
    const back = decide(todo('free'), awaiting, 'teacher', { sendBack: 'Rhyme it' });
    expect(back).toEqual({ ok: true, state: { ...awaiting, sentBackComment: 'Rhyme it' }, coins: { kind: 'none' } });
    expect(decide(todo('free'), back.state, 'member', { memberAnswer: 'my essay' }).state.sentBackComment).toBeNull();
    expect(decide(todo('free'), back.state, 'member', { memberImageChanged: true }).state.sentBackComment).toBeNull();
    const approved = decide(todo('free'), back.state, 'teacher', { completed: true });
    expect(approved.state).toMatchObject({ completed: true, sentBackComment: null, rewardCollected: 10 });
    // A comment can be changed while it is still sent back.
    expect(decide(todo('free'), back.state, 'teacher', { sendBack: '' }).state.sentBackComment).toBe('');
  });

  it('refuses what is not an answer awaiting the teacher, other answer types and a member', () => {
    const refused = (t: CompletionTodo, s: CompletionState, actor: CompletionActor, r: CompletionRequest) => {
      const d = decideCompletion(t, s, actor, r, rich);
      return d.ok ? 'ok' : d.error;
    };
    expect(refused(todo('free'), { ...fresh, sentBackComment: null }, 'teacher', { sendBack: 'x' })).toBe('TODO.UPDATE_FAILED');
    expect(refused(todo('free'), { ...fresh, hasImage: true }, 'teacher', { sendBack: 'x' })).toBe('ok');
    expect(refused(todo('free'), { ...awaiting, completed: true }, 'teacher', { sendBack: 'x' })).toBe('TODO.UPDATE_FAILED');
    expect(refused(todo('none'), awaiting, 'teacher', { sendBack: 'x' })).toBe('PERMISSION.INSUFFICIENT_PERMISSIONS');
    expect(refused(todo('strict'), awaiting, 'teacher', { sendBack: 'x' })).toBe('PERMISSION.INSUFFICIENT_PERMISSIONS');
    expect(refused(todo('free'), awaiting, 'member', { sendBack: 'x' })).toBe('PERMISSION.INSUFFICIENT_PERMISSIONS');
  });

  it('onlyIfAwaiting approves an awaiting answer and nothing else: not one sent back, unanswered or done', () => {
    const approve = (s: CompletionState) => decideCompletion(todo('free'), s, 'teacher', { completed: true, onlyIfAwaiting: true }, rich);
    expect(approve(awaiting)).toMatchObject({ ok: true, coins: { kind: 'pay', amount: 10 } });
    expect(approve({ ...awaiting, sentBackComment: 'no' })).toEqual({ ok: false, error: 'TODO.UPDATE_FAILED' });
    expect(approve({ ...fresh })).toEqual({ ok: false, error: 'TODO.UPDATE_FAILED' });
    expect(approve({ ...awaiting, completed: true, rewardCollected: 10 })).toEqual({ ok: false, error: 'TODO.UPDATE_FAILED' });
  });
});

type Action =
  | { kind: 'member-toggle'; completed: boolean }
  | { kind: 'member-answer'; answer: string }
  | { kind: 'member-image' }
  | { kind: 'teacher-complete'; completed: boolean }
  | { kind: 'teacher-answer'; answer: string }
  | { kind: 'change-type'; answertype: AnswerType }
  | { kind: 'change-reward'; reward: number }
  | { kind: 'member-spends'; amount: number }
  | { kind: 'teacher-buys'; amount: number };

const answers = fc.constantFrom('', 'Helsinki', ' Helsinki ', 'helsinki', 'Turku', 'my essay');
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('member-toggle' as const), completed: fc.boolean() }),
  fc.record({ kind: fc.constant('member-answer' as const), answer: answers }),
  fc.record({ kind: fc.constant('member-image' as const) }),
  fc.record({ kind: fc.constant('teacher-complete' as const), completed: fc.boolean() }),
  fc.record({ kind: fc.constant('teacher-answer' as const), answer: answers }),
  fc.record({ kind: fc.constant('change-type' as const), answertype: fc.constantFrom(...ANSWER_TYPES) }),
  fc.record({ kind: fc.constant('change-reward' as const), reward: fc.integer({ min: 0, max: TODO_REWARD_MAX }) }),
  fc.record({ kind: fc.constant('member-spends' as const), amount: fc.integer({ min: 1, max: 1500 }) }),
  fc.record({ kind: fc.constant('teacher-buys' as const), amount: fc.integer({ min: 1, max: 500 }) }),
);

interface LedgerRow {
  from: 'teacher' | 'member' | 'mint' | 'sink';
  to: 'teacher' | 'member' | 'mint' | 'sink';
  amount: number;
  reason: 'todo_reward' | 'todo_reward_revoked' | 'spend' | 'purchase';
}

/** Plays actions against one member todo with a ledger, as the server does, checking every step. */
function play(initial: { type: AnswerType; reward: number; purse: number }, actions: Action[]) {
  const t: CompletionTodo = { answertype: initial.type, answer: 'Helsinki', reward: initial.reward };
  let state: CompletionState = { ...fresh };
  const ledger: LedgerRow[] = [{ from: 'mint', to: 'teacher', amount: initial.purse, reason: 'purchase' }];
  const balance = (who: 'teacher' | 'member') =>
    ledger.reduce((sum, r) => sum + (r.to === who ? r.amount : 0) - (r.from === who ? r.amount : 0), 0);
  let maxReward = t.reward;
  let paysThisCompletion = 0;

  for (const a of actions) {
    const before = { member: balance('member'), teacher: balance('teacher') };
    const wasCompleted = state.completed;
    if (a.kind === 'member-spends') {
      const amount = Math.min(a.amount, before.member);
      if (amount > 0) ledger.push({ from: 'member', to: 'sink', amount, reason: 'spend' });
      continue;
    }
    if (a.kind === 'teacher-buys') {
      ledger.push({ from: 'mint', to: 'teacher', amount: a.amount, reason: 'purchase' });
      // As the server does: what the purse owes is paid from the coins that arrived.
      const paid = Math.min(state.rewardOwed, balance('teacher'));
      if (paid > 0) {
        ledger.push({ from: 'teacher', to: 'member', amount: paid, reason: 'todo_reward' });
        state = { ...state, rewardCollected: state.rewardCollected + paid, rewardOwed: state.rewardOwed - paid };
      }
      expect(state.rewardOwed === 0 || balance('teacher') === 0).toBe(true);
      continue;
    }
    if (a.kind === 'change-reward') {
      t.reward = a.reward;
      maxReward = Math.max(maxReward, a.reward);
      continue;
    }
    let coins;
    if (a.kind === 'change-type') {
      if (a.answertype === t.answertype) continue;
      t.answertype = a.answertype;
      ({ state, coins } = resetCompletion(state, before.member));
    } else {
      const [actor, request]: [CompletionActor, CompletionRequest] =
        a.kind === 'member-toggle' ? ['member', { completed: a.completed }]
        : a.kind === 'member-answer' ? ['member', { memberAnswer: a.answer }]
        : a.kind === 'member-image' ? ['member', { memberImageChanged: true }]
        : a.kind === 'teacher-complete' ? ['teacher', { completed: a.completed }]
        : ['teacher', { memberAnswer: a.answer }];
      const d = decideCompletion(t, state, actor, request, before);
      if (!d.ok) {
        expect(d.error).toBe('PERMISSION.INSUFFICIENT_PERMISSIONS');
        continue;
      }
      // Who may complete what.
      if (d.state.completed && !wasCompleted) {
        if (actor === 'member') expect(t.answertype).not.toBe('free');
        if (actor === 'teacher') expect(t.answertype).not.toBe('strict');
      }
      if (t.answertype === 'strict' && d.state.completed && actor === 'member' && request.memberAnswer !== undefined) {
        expect(isStrictMatch(d.state.memberAnswer, t.answer)).toBe(true);
      }
      state = d.state;
      coins = d.coins;
    }
    if (!wasCompleted && state.completed) paysThisCompletion = 0;
    if (coins.kind === 'pay') {
      expect(wasCompleted).toBe(false);
      expect(state.completed).toBe(true);
      expect(coins.amount).toBeLessThanOrEqual(before.teacher);
      paysThisCompletion++;
      ledger.push({ from: 'teacher', to: 'member', amount: coins.amount, reason: 'todo_reward' });
    }
    if (coins.kind === 'takeBack') {
      expect(wasCompleted).toBe(true);
      expect(state.completed).toBe(false);
      expect(coins.amount).toBeLessThanOrEqual(before.member);
      ledger.push({ from: 'member', to: 'teacher', amount: coins.amount, reason: 'todo_reward_revoked' });
    }
    if (coins.kind !== 'none') expect(coins.amount).toBeGreaterThan(0);

    // The invariants, after every step.
    expect(paysThisCompletion).toBeLessThanOrEqual(1);
    expect(state.rewardCollected).toBeGreaterThanOrEqual(0);
    expect(state.rewardCollected).toBeLessThanOrEqual(maxReward);
    // Owed only while completed, never below zero, and never more than the reward with what was paid.
    expect(state.rewardOwed).toBeGreaterThanOrEqual(0);
    if (!state.completed) expect(state.rewardOwed).toBe(0);
    expect(state.rewardCollected + state.rewardOwed).toBeLessThanOrEqual(maxReward);
    // A completion that owes has emptied the purse first.
    if (!wasCompleted && state.completed && state.rewardOwed > 0) expect(balance('teacher')).toBe(0);
    const net = ledger.reduce((s, r) => s + (r.reason === 'todo_reward' ? r.amount : r.reason === 'todo_reward_revoked' ? -r.amount : 0), 0);
    expect(net).toBe(state.rewardCollected);
    expect(balance('teacher')).toBeGreaterThanOrEqual(0);
    expect(balance('member')).toBeGreaterThanOrEqual(0);
    const minted = ledger.filter((r) => r.from === 'mint').reduce((s, r) => s + r.amount, 0);
    const sunk = ledger.filter((r) => r.to === 'sink').reduce((s, r) => s + r.amount, 0);
    expect(balance('teacher') + balance('member') + sunk).toBe(minted);
  }
  return { state, ledger };
}

describe('completion properties (fast-check)', () => {
  const start = fc.record({
    type: fc.constantFrom(...ANSWER_TYPES),
    reward: fc.integer({ min: 0, max: TODO_REWARD_MAX }),
    purse: fc.integer({ min: 0, max: 3000 }),
  });

  it('for any sequence of actions: one payment per completion, collected never negative, no take-back beyond the balance, books balance', () => {
    fc.assert(fc.property(start, fc.array(action, { maxLength: 60 }), (initial, actions) => {
      play(initial, actions);
    }), { numRuns: 2000 });
  });

  it('toggling and spending in between never nets a member more than the reward', () => {
    const toggles = fc.array(
      fc.oneof(
        fc.record({ kind: fc.constant('member-toggle' as const), completed: fc.boolean() }),
        fc.record({ kind: fc.constant('member-spends' as const), amount: fc.integer({ min: 1, max: 50 }) }),
      ),
      { maxLength: 100 },
    );
    fc.assert(fc.property(fc.integer({ min: 1, max: 50 }), toggles, (reward, actions) => {
      const { ledger } = play({ type: 'none', reward, purse: 10_000 }, actions);
      const paid = ledger.filter((r) => r.reason === 'todo_reward').reduce((s, r) => s + r.amount, 0);
      const back = ledger.filter((r) => r.reason === 'todo_reward_revoked').reduce((s, r) => s + r.amount, 0);
      expect(paid - back).toBeLessThanOrEqual(reward);
    }), { numRuns: 1000 });
  });

  it('a refused decision is refused for a reason, and leaves the state as it was', () => {
    fc.assert(fc.property(
      fc.constantFrom(...ANSWER_TYPES),
      fc.record({ completed: fc.boolean(), rewardCollected: fc.integer({ min: 0, max: 999 }), rewardOwed: fc.constant(0), memberAnswer: answers }),
      fc.constantFrom<CompletionActor>('member', 'teacher'),
      fc.record({ completed: fc.option(fc.boolean(), { nil: undefined }), memberAnswer: fc.option(answers, { nil: undefined }) }),
      (type, state, actor, request) => {
        const d = decideCompletion(todo(type), state, actor, request, { member: 0, teacher: 0 });
        if (!d.ok) return;
        if (d.coins.kind === 'pay') expect.unreachable('an empty purse never pays');
        if (d.coins.kind === 'takeBack') expect.unreachable('an empty member gives nothing back');
        expect(d.state.rewardCollected).toBe(state.rewardCollected);
      },
    ));
  });
});
