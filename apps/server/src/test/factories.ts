import { TEACHER_STARTER_COINS } from '@kolikko/core/limits';
import type { Db } from '../db/client.ts';
import * as authRepo from '../modules/auth/auth.repo.ts';
import { moveCoins, teacherAccount } from '../modules/coins/ledger.repo.ts';
import { hashPassword } from '../platform/passwords.ts';
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
