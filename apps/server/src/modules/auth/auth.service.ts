import { AppError } from '@kolikko/core/errors';
import {
  AUTH_FAILURE_LIMIT,
  AUTH_FAILURE_LIMIT_PER_ADDRESS,
  AUTH_FAILURE_WINDOW_MS,
  EMAIL_VERIFICATION_TTL_MS,
  PASSWORD_RESET_TTL_MS,
  SESSION_TTL_MS,
  TEACHER_STARTER_COINS,
} from '@kolikko/core/limits';
import type {
  TLoginRequest,
  TMemberSignupRequest,
  TPasswordResetConfirmRequest,
  TTeacherSignupRequest,
} from '@kolikko/core/schemas/auth';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Captcha } from '../../platform/captcha.ts';
import type { Mailer } from '../../platform/mail.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../platform/passwords.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { moveCoins, teacherAccount } from '../coins/ledger.repo.ts';
import type { MemberEvents } from '../members/members.events.ts';
import { presentMemberForTeacher } from '../groups/groups.presenters.ts';
import type { SessionEvents } from './auth.events.ts';
import * as repo from './auth.repo.ts';
import { passwordResetMail, verificationMail } from './auth.mail.ts';
import { presentMember, presentTeacher } from './auth.presenters.ts';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  captcha: Captcha;
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
  sessions: SessionEvents;
  memberEvents: MemberEvents;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** The caller's network address, for per-address rate limits. */
export interface Caller {
  ip: string;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthDeps) {
  const { db, mailer, captcha, publicUrl, log, sessions, memberEvents } = deps;

  /** Refuses with 429 once a key has failed too often in the window. */
  async function assertNotThrottled(keys: { key: string; limit: number }[]): Promise<void> {
    const since = new Date(Date.now() - AUTH_FAILURE_WINDOW_MS);
    for (const { key, limit } of keys) {
      if ((await repo.countFailures(db, key, since)) >= limit) throw new AppError('SERVER.TRY_AGAIN');
    }
  }

  const addressKey = (action: string, caller: Caller) => ({ key: `${action}:ip:${caller.ip}`, limit: AUTH_FAILURE_LIMIT_PER_ADDRESS });
  const nameKey = (action: string, name: string) => ({ key: `${action}:name:${name.toLowerCase()}`, limit: AUTH_FAILURE_LIMIT });

  /** Runs an attempt; a refusal it throws is counted against the keys, then passed on. */
  async function counted<T>(keys: { key: string; limit: number }[], attempt: () => Promise<T>): Promise<T> {
    await assertNotThrottled(keys);
    try {
      return await attempt();
    } catch (err) {
      if (err instanceof AppError && err.status < 500 && err.code !== 'SERVER.TRY_AGAIN') {
        await repo.recordFailures(db, keys.map((k) => k.key));
      }
      throw err;
    }
  }

  async function startSession(owner: repo.SessionOwner): Promise<NewSession> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await repo.insertSession(db, hashToken(token), owner, expiresAt);
    return { token, expiresAt };
  }

  async function sendVerification(teacher: repo.TeacherRow): Promise<void> {
    const token = newToken();
    await repo.insertOneTimeToken(db, {
      tokenHash: hashToken(token),
      kind: 'verify_email',
      teacherId: teacher.id,
      expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS),
    });
    const link = `${publicUrl}/api/verify-email?token=${encodeURIComponent(token)}`;
    await sendOrFail(verificationMail(teacher.email, teacher.username, link));
  }

  async function sendOrFail(mail: Parameters<Mailer['send']>[0]): Promise<void> {
    try {
      await mailer.send(mail);
    } catch (err) {
      throw new AppError('EMAIL.FAILED_TO_SEND', { message: err instanceof Error ? err.message : String(err) });
    }
  }

  return {
    captchaChallenge: () => captcha.challenge(),

    async signupTeacher(input: TTeacherSignupRequest, caller: Caller): Promise<void> {
      const teacher = await counted([addressKey('signup', caller)], async () => {
        await captcha.verify(input.captcha);
        if (await repo.isTeacherUsernameTaken(db, input.username)) throw new AppError('USER.USERNAME_TAKEN', { field: 'username' });
        if (await repo.isTeacherEmailTaken(db, input.email)) throw new AppError('USER.EMAIL_TAKEN', { field: 'email' });
        const passwordHash = await hashPassword(input.password);
        try {
          return await db.transaction(async (tx) => {
            const created = await repo.insertTeacher(tx, { username: input.username, email: input.email, passwordHash });
            await moveCoins(tx, {
              from: 'mint',
              to: teacherAccount(created.id),
              amount: TEACHER_STARTER_COINS,
              reason: 'starter_coins',
              actor: 'system',
            });
            return created;
          });
        } catch (err) {
          // Two signups racing for one name: the unique index decides.
          if (isUniqueViolation(err, 'teachers_username_lower_idx')) throw new AppError('USER.USERNAME_TAKEN', { field: 'username' });
          if (isUniqueViolation(err, 'teachers_email_lower_idx')) throw new AppError('USER.EMAIL_TAKEN', { field: 'email' });
          throw err;
        }
      });
      await sendVerification(teacher);
    },

    /** Verifies an e-mail link once; false for a bad, expired or used link. */
    async verifyEmail(token: string): Promise<boolean> {
      const tokenHash = hashToken(token);
      const row = await repo.findOneTimeToken(db, tokenHash, 'verify_email');
      if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) return false;
      if (!(await repo.spendOneTimeToken(db, tokenHash))) return false;
      await repo.markTeacherVerified(db, row.teacherId);
      return true;
    },

    async loginTeacher(input: TLoginRequest, caller: Caller) {
      return counted([addressKey('login', caller), nameKey('login', input.loginName)], async () => {
        const teacher = await repo.findTeacherByLoginName(db, input.loginName);
        const ok = teacher ? await verifyPassword(teacher.passwordHash, input.password) : await verifyAgainstNothing(input.password);
        if (!teacher || !ok) throw new AppError('AUTH.LOGIN_FAILED');
        if (!teacher.emailVerifiedAt) {
          await sendVerification(teacher);
          throw new AppError('EMAIL.NOT_VERIFIED');
        }
        await repo.touchTeacherLogin(db, teacher.id);
        await repo.clearFailures(db, nameKey('login', input.loginName).key);
        return { user: presentTeacher(teacher), session: await startSession({ teacherId: teacher.id }) };
      });
    },

    /** A student joins a group; the group's teachers see the new member at once. */
    async signupMember(input: TMemberSignupRequest, caller: Caller): Promise<void> {
      const member = await counted([addressKey('signup', caller)], async () => {
        const group = await repo.findGroupByName(db, input.group_name);
        if (!group) throw new AppError('GROUP.GROUP_NOT_FOUND', { field: 'group_name' });
        if (group.locked) throw new AppError('GROUP.LOCKED', { field: 'group_name' });
        if (await repo.findMemberByUsername(db, input.username)) throw new AppError('USER.USERNAME_TAKEN', { field: 'username' });
        const passwordHash = await hashPassword(input.password);
        try {
          return await repo.insertMember(db, { username: input.username, groupId: group.id, passwordHash });
        } catch (err) {
          if (isUniqueViolation(err, 'members_username_lower_idx')) throw new AppError('USER.USERNAME_TAKEN', { field: 'username' });
          throw err;
        }
      });
      memberEvents.created(presentMemberForTeacher(member));
    },

    async loginMember(input: TLoginRequest, caller: Caller) {
      return counted([addressKey('login', caller), nameKey('member-login', input.loginName)], async () => {
        const member = await repo.findMemberByUsername(db, input.loginName);
        const ok = member ? await verifyPassword(member.passwordHash, input.password) : await verifyAgainstNothing(input.password);
        if (!member || !ok) throw new AppError('AUTH.LOGIN_FAILED');
        await repo.touchMemberLogin(db, member.id);
        await repo.clearFailures(db, nameKey('member-login', input.loginName).key);
        return { user: presentMember(member), session: await startSession({ memberId: member.id }) };
      });
    },

    async currentUser(owner: repo.SessionOwner) {
      if (owner.teacherId) {
        const teacher = await repo.findTeacherById(db, owner.teacherId);
        return teacher ? presentTeacher(teacher) : undefined;
      }
      const member = owner.memberId ? await repo.findMemberById(db, owner.memberId) : undefined;
      return member ? presentMember(member) : undefined;
    },

    /** Ends one session (logout, or a new login in the same browser) and disconnects its sockets. */
    async logout(tokenHash: string): Promise<void> {
      await repo.deleteSession(db, tokenHash);
      sessions.ended([tokenHash]);
    },

    /** Always completes the same way, whether or not the address has an account. */
    async requestPasswordReset(email: string, caller: Caller): Promise<void> {
      const keys = [addressKey('reset', caller), nameKey('reset', email)];
      await assertNotThrottled(keys);
      // Every request counts: success and failure must look alike, so both are limited alike.
      await repo.recordFailures(db, keys.map((k) => k.key));
      const teacher = await repo.findTeacherByEmail(db, email);
      if (!teacher) return;
      const token = newToken();
      await repo.insertOneTimeToken(db, {
        tokenHash: hashToken(token),
        kind: 'password_reset',
        teacherId: teacher.id,
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
      });
      const link = `${publicUrl}/teacher/change-password?token=${encodeURIComponent(token)}`;
      try {
        await mailer.send(passwordResetMail(teacher.email, teacher.username, link));
      } catch (err) {
        // Answering differently here would tell who has an account: log it, answer as always.
        log.error({ err }, 'password reset mail failed');
      }
    },

    async confirmPasswordReset(input: TPasswordResetConfirmRequest, caller: Caller, keepSessionHash?: string): Promise<void> {
      await counted([addressKey('reset-confirm', caller)], async () => {
        const tokenHash = hashToken(input.token);
        const row = await repo.findOneTimeToken(db, tokenHash, 'password_reset');
        if (!row || row.usedAt) throw new AppError('AUTH.INVALID_TOKEN');
        if (row.expiresAt.getTime() < Date.now()) throw new AppError('AUTH.TOKEN_EXPIRED');
        const passwordHash = await hashPassword(input.password);
        const ended = await db.transaction(async (tx) => {
          if (!(await repo.spendOneTimeToken(tx, tokenHash))) throw new AppError('AUTH.INVALID_TOKEN');
          await repo.setTeacherPassword(tx, row.teacherId, passwordHash);
          // The link reached the inbox, so the address is proven.
          await repo.markTeacherVerified(tx, row.teacherId);
          return repo.deleteTeacherSessions(tx, row.teacherId, keepSessionHash);
        });
        sessions.ended(ended);
      });
    },
  };
}
