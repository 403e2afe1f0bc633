import type { AnswerType } from '../enumerations.ts';
import type { ErrorCode } from '../errors.ts';

/**
 * The completion rules of spec section 4, as pure functions: from a member todo's state, who
 * acts and what they ask, to the new state and the one coin movement it causes. The server runs
 * them on rows it has locked and books the movement through the ledger in the same transaction.
 *
 * reward_collected is what the member holds from this member todo: coins paid and not taken
 * back. Un-completing takes back what it can (never more than the member has); what it cannot
 * stays owed, so completing again pays only the difference. A member can therefore never net
 * more than one reward from one todo, however often it toggles and spends in between.
 *
 * A completion is never refused for the teacher's purse (DESIGN.md section 4). The purse pays
 * what it can at once; the rest is reward_owed, a record and not a balance, which the server pays
 * oldest first when the purse has coins again. Un-completing cancels what is still owed.
 * reward_collected + reward_owed never exceeds the reward.
 */

export type CompletionActor = 'teacher' | 'member';

export interface CompletionTodo {
  answertype: AnswerType;
  /** The stored answer (checked only for strict todos). */
  answer: string;
  /** Coins for completing it, 0 to 999. */
  reward: number;
}

export interface CompletionState {
  completed: boolean;
  rewardCollected: number;
  /** Coins of this completion the purse has not paid yet (0 when not completed). */
  rewardOwed: number;
  memberAnswer: string;
  /**
   * The teacher sent the free answer back with this comment (maybe empty): not done, and not
   * awaiting the teacher until the member answers again. null (or left out) when not sent back.
   */
  sentBackComment?: string | null | undefined;
  /** The member's answer has an image (read only: an image changes by its own request). */
  hasImage?: boolean | undefined;
}

export interface CompletionRequest {
  completed?: boolean | undefined;
  memberAnswer?: string | undefined;
  /** The member replaced or removed the image of its answer. */
  memberImageChanged?: boolean | undefined;
  /** The teacher sends a free answer awaiting approval back to the member, with this comment. */
  sendBack?: string | undefined;
  /** Approve only an answer awaiting the teacher; anything else is refused (TODO.UPDATE_FAILED). */
  onlyIfAwaiting?: boolean | undefined;
}

export interface Balances {
  /** The member's coins, locked for the decision. */
  member: number;
  /** The purse of the teacher whose group the member is in, locked for the decision. */
  teacher: number;
}

export type CoinMovement =
  | { kind: 'none' }
  /** From the teacher's purse to the member. */
  | { kind: 'pay'; amount: number }
  /** From the member back to the teacher's purse. */
  | { kind: 'takeBack'; amount: number };

export type CompletionDecision =
  | { ok: true; state: CompletionState; coins: CoinMovement }
  | { ok: false; error: ErrorCode };

const NONE: CoinMovement = { kind: 'none' };

/** A strict answer is right when, trimmed, it equals the stored answer exactly (case counts). */
export function isStrictMatch(given: string, expected: string): boolean {
  const want = expected.trim();
  return want !== '' && given.trim() === want;
}

interface Settlement {
  rewardCollected: number;
  rewardOwed: number;
  coins: CoinMovement;
}

/** The coins that moving from `before` to `completed` causes, and the new reward_collected and reward_owed. */
function settle(before: CompletionState, completed: boolean, reward: number, balances: Balances): Settlement {
  if (completed && !before.completed) {
    const due = Math.max(0, reward - before.rewardCollected);
    const amount = Math.min(due, Math.max(0, balances.teacher));
    return { rewardCollected: before.rewardCollected + amount, rewardOwed: due - amount, coins: amount > 0 ? { kind: 'pay', amount } : NONE };
  }
  if (!completed && before.completed) {
    const amount = Math.min(before.rewardCollected, Math.max(0, balances.member));
    return { rewardCollected: before.rewardCollected - amount, rewardOwed: 0, coins: amount > 0 ? { kind: 'takeBack', amount } : NONE };
  }
  return { rewardCollected: before.rewardCollected, rewardOwed: before.rewardOwed, coins: NONE };
}

/**
 * Decides one update of a member todo.
 * - none: the member or the teacher toggles it.
 * - free: only the teacher marks it done; the member changing its answer (text or image) on a
 *   completed one un-completes it.
 * - strict: every answer the member submits is checked; a match completes it, anything else
 *   un-completes it. Nobody marks it done by hand.
 * - the teacher can un-complete any todo, which takes the reward back; a teacher never writes a
 *   student's answer.
 * - ours: the teacher can send a free answer awaiting approval back with a comment (sendBack):
 *   nothing else changes and no coins move; the member's next answer (or picture) clears it, an
 *   approval too. onlyIfAwaiting (approving a whole task at once) approves an awaiting answer only.
 */
export function decideCompletion(
  todo: CompletionTodo,
  state: CompletionState,
  actor: CompletionActor,
  request: CompletionRequest,
  balances: Balances,
): CompletionDecision {
  let completed = state.completed;
  let memberAnswer = state.memberAnswer;
  let sentBackComment = state.sentBackComment;
  const awaiting = memberTodoStatus(asShown(todo, state)) === 'awaiting_teacher';

  if (actor === 'teacher') {
    if (request.memberAnswer !== undefined && request.memberAnswer !== state.memberAnswer) {
      return { ok: false, error: 'PERMISSION.INSUFFICIENT_PERMISSIONS' };
    }
    if (request.onlyIfAwaiting && !awaiting) return { ok: false, error: 'TODO.UPDATE_FAILED' };
    if (request.sendBack !== undefined) {
      if (todo.answertype !== 'free') return { ok: false, error: 'PERMISSION.INSUFFICIENT_PERMISSIONS' };
      // Only an answer waiting for the teacher (or one sent back, to change the comment) goes back.
      if (!awaiting && !isSentBack(state)) return { ok: false, error: 'TODO.UPDATE_FAILED' };
      return { ok: true, state: { ...state, sentBackComment: request.sendBack }, coins: NONE };
    }
    if (request.completed === true && !state.completed) {
      if (todo.answertype === 'strict') return { ok: false, error: 'PERMISSION.INSUFFICIENT_PERMISSIONS' };
      completed = true;
      if (sentBackComment != null) sentBackComment = null;
    } else if (request.completed === false) {
      completed = false;
    }
  } else {
    if (request.sendBack !== undefined || request.onlyIfAwaiting) return { ok: false, error: 'PERMISSION.INSUFFICIENT_PERMISSIONS' };
    // A new answer (even the same text sent again, or a picture) takes a sent-back todo back to the teacher.
    if ((request.memberAnswer !== undefined || request.memberImageChanged) && sentBackComment != null) sentBackComment = null;
    if (request.completed !== undefined && request.completed !== state.completed) {
      if (todo.answertype !== 'none') return { ok: false, error: 'PERMISSION.INSUFFICIENT_PERMISSIONS' };
      completed = request.completed;
    }
    if (request.memberAnswer !== undefined) {
      const changed = request.memberAnswer !== state.memberAnswer;
      memberAnswer = request.memberAnswer;
      if (todo.answertype === 'strict') completed = isStrictMatch(memberAnswer, todo.answer);
      else if (todo.answertype === 'free' && changed) completed = false;
    }
    if (request.memberImageChanged && todo.answertype === 'free') completed = false;
  }

  const settled = settle(state, completed, todo.reward, balances);
  const next: CompletionState = { completed, rewardCollected: settled.rewardCollected, rewardOwed: settled.rewardOwed, memberAnswer };
  if (sentBackComment !== undefined) next.sentBackComment = sentBackComment;
  if (state.hasImage !== undefined) next.hasImage = state.hasImage;
  return { ok: true, state: next, coins: settled.coins };
}

function isSentBack(state: CompletionState): boolean {
  return state.sentBackComment !== null && state.sentBackComment !== undefined;
}

/** A member todo's state as memberTodoStatus reads it. */
function asShown(todo: CompletionTodo, state: CompletionState) {
  return {
    completed: state.completed,
    answertype: todo.answertype,
    member_answer: state.memberAnswer,
    member_image_path: state.hasImage ? '' : null,
    sent_back: isSentBack(state),
  };
}

/**
 * The todo's answer type (or a strict todo's answer) changed: the member todo is no longer
 * done, the reward is taken back as on any un-completion, and what was still owed is cancelled.
 * The member's answer stays.
 */
export function resetCompletion(state: CompletionState, memberCoins: number): { state: CompletionState; coins: CoinMovement } {
  const settled = settle(state, false, 0, { member: memberCoins, teacher: 0 });
  return { state: { ...state, completed: false, rewardCollected: settled.rewardCollected, rewardOwed: settled.rewardOwed }, coins: settled.coins };
}

export const MEMBER_TODO_STATUSES = ['done', 'awaiting_teacher', 'strict_answered', 'sent_back', 'not_done'] as const;
export type MemberTodoStatus = (typeof MEMBER_TODO_STATUSES)[number];

/**
 * How a member todo is shown (spec section 4): done (right), a free answer waiting for the
 * teacher (yellow), a strict answer given that did not match, or not done (red). Ours: a free
 * answer the teacher sent back is not done (red) and says so, until the member answers again.
 */
export function memberTodoStatus(mt: {
  completed: boolean;
  answertype: AnswerType;
  member_answer: string;
  member_image_path: string | null;
  sent_back?: boolean | undefined;
}): MemberTodoStatus {
  if (mt.completed) return 'done';
  if (mt.answertype === 'free' && mt.sent_back) return 'sent_back';
  const answered = mt.member_answer.trim() !== '' || mt.member_image_path !== null;
  if (mt.answertype === 'free' && answered) return 'awaiting_teacher';
  if (mt.answertype === 'strict' && mt.member_answer.trim() !== '') return 'strict_answered';
  return 'not_done';
}
