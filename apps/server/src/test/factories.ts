import type { AnswerType } from '@kolikko/core/enumerations';
import { TEACHER_STARTER_COINS } from '@kolikko/core/limits';
import type { Db } from '../db/client.ts';
import * as authRepo from '../modules/auth/auth.repo.ts';
import { memberAccount, moveCoins, teacherAccount } from '../modules/coins/ledger.repo.ts';
import { createOwedRewardsService } from '../modules/coins/owed-rewards.service.ts';
import { hashPassword } from '../platform/passwords.ts';
import { insertTodolist, setGroupSharedTodolists, upsertTodolistShare } from '../modules/todos/todolists.repo.ts';
import { countTodos, insertTodo } from '../modules/todos/todos.repo.ts';
import { addRewardToList, insertReward, insertRewardList, setGroupRewardList } from '../modules/rewards/rewards.repo.ts';
import { insertGroup } from './factories.repo.ts';

let seq = 0;
const next = () => `${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;

export const DEFAULT_PASSWORD = 'secret123';

export async function buildTeacher(
  db: Db,
  opts: { username?: string; email?: string; password?: string; verified?: boolean; coins?: number } = {},
) {
  const username = opts.username ?? `t_${next()}`;
  const teacher = await authRepo.insertTeacher(db, {
    username,
    email: opts.email ?? `${username}@example.test`,
    passwordHash: await hashPassword(opts.password ?? DEFAULT_PASSWORD),
  });
  const coins = opts.coins ?? TEACHER_STARTER_COINS;
  if (coins > 0) await moveCoins(db, { from: 'mint', to: teacherAccount(teacher.id), amount: coins, reason: 'starter_coins', actor: 'system' });
  if (opts.verified ?? true) await authRepo.markTeacherVerified(db, teacher.id);
  return { ...teacher, coins, password: opts.password ?? DEFAULT_PASSWORD };
}

export async function buildGroup(db: Db, teacherId: string, opts: { name?: string; locked?: boolean } = {}) {
  return insertGroup(db, { teacherId, name: opts.name ?? `Class ${next()}`, locked: opts.locked ?? false });
}

export async function buildMember(db: Db, groupId: string, opts: { username?: string; password?: string } = {}) {
  const member = await authRepo.insertMember(db, {
    username: opts.username ?? `m_${next()}`,
    groupId,
    passwordHash: await hashPassword(opts.password ?? DEFAULT_PASSWORD),
  });
  return { ...member, password: opts.password ?? DEFAULT_PASSWORD };
}

export async function buildTodolist(db: Db, teacherId: string, opts: { name?: string } = {}) {
  return insertTodolist(db, teacherId, { name: opts.name ?? `List ${next()}` });
}

/** A todo appended at the end of the list. */
export async function buildTodo(
  db: Db,
  todolistId: string,
  opts: { reward?: number; answertype?: AnswerType; answer?: string; allowMemberImage?: boolean; contentHtml?: string } = {},
) {
  return insertTodo(db, {
    todolistId,
    position: (await countTodos(db, todolistId)) + 1,
    contentHtml: opts.contentHtml ?? '<p>Task</p>',
    contentDelta: { ops: [{ insert: 'Task\n' }] },
    reward: opts.reward ?? 0,
    answertype: opts.answertype ?? 'none',
    answer: opts.answer ?? '',
    allowMemberImage: opts.allowMemberImage ?? false,
  });
}

/** Shows a list to a small group of a group, as PUT group/{id}/todolist/{color}/{todolistId} does. */
export async function showTodolist(db: Db, groupId: string, color: 'blue' | 'orange', todolistId: string | null) {
  await setGroupSharedTodolists(db, groupId, color === 'blue' ? { blueSharedId: todolistId } : { orangeSharedId: todolistId });
}

/** Shares a list with another teacher (the sharing API comes with teacher-to-teacher sharing). */
export async function shareTodolistWith(db: Db, todolistId: string, teacherId: string, permissions: 'read' | 'edit') {
  await upsertTodolistShare(db, todolistId, teacherId, permissions);
}

export async function buildReward(db: Db, teacherId: string, opts: { name?: string; description?: string; price?: number } = {}) {
  return insertReward(db, teacherId, { name: opts.name ?? `Reward ${next()}`, description: opts.description ?? 'Something nice', price: opts.price ?? 5 });
}

/** A reward list holding the given rewards, published to the group when one is given. */
export async function buildRewardList(db: Db, teacherId: string, opts: { name?: string; rewardIds?: string[]; publishTo?: string } = {}) {
  const list = await insertRewardList(db, teacherId, opts.name ?? `Rewards ${next()}`);
  for (const id of opts.rewardIds ?? []) await addRewardToList(db, list.id, id);
  if (opts.publishTo) await setGroupRewardList(db, opts.publishTo, list.id);
  return list;
}

/** Gives a member coins out of its teacher's purse, as PUT member/coins does. */
export async function giveCoins(db: Db, teacherId: string, memberId: string, amount: number) {
  await moveCoins(db, { from: teacherAccount(teacherId), to: memberAccount(memberId), amount, reason: 'teacher_award', actor: teacherAccount(teacherId), reference: memberId });
}

/** The owed rewards service for a service built by hand in a test: it pays, and tells nobody. */
export function buildOwedRewardsService(db: Db) {
  return createOwedRewardsService({ db, events: { paid: () => undefined, purseUpdated: () => undefined }, log: { error: () => undefined } });
}
