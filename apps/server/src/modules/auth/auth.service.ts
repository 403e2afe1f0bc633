import { AppError } from '@kolikko/core/errors';
import {
  CHARACTER_DEFAULTS,
  EMAIL_VERIFICATION_TTL_MS,
  GROUP_MEMBER_LIMIT,
  PASSWORD_RESET_TTL_MS,
  RESET_REFUSALS_PER_ADDRESS,
  RESET_REQUESTS_PER_ADDRESS,
  RESET_REQUESTS_PER_EMAIL,
  SESSION_TTL_MS,
  SIGNUP_REFUSALS_PER_ADDRESS,
  TEACHER_SIGNUPS_PER_ADDRESS,
  TEACHER_STARTER_COINS,
} from '@kolikko/core/limits';
import { isDefaultCharacterPart, pickStarterPart } from '@kolikko/core/rules/characters';
import { looksLikeJoinCode, nameKey, normalizeJoinCode, normalizeName, suggestFreeName } from '@kolikko/core/rules/identity';
import type {
  TLoginRequest,
  TMemberLoginRequest,
  TMemberSignupRequest,
  TPasswordResetConfirmRequest,
  TTeacherSignupRequest,
} from '@kolikko/core/schemas/auth';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Background } from '../../platform/background.ts';
import type { Captcha } from '../../platform/captcha.ts';
import { queueOutboxMail } from '../../platform/mail-outbox.repo.ts';
import type { MailRelay } from '../../platform/mail-relay.ts';
import { hashPassword, NO_PASSWORD, verifyAgainstNothing, verifyPassword } from '../../platform/passwords.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { moveCoins, teacherAccount } from '../coins/ledger.repo.ts';
import type { MemberEvents } from '../members/members.events.ts';
import { presentMemberForTeacher } from '../groups/groups.presenters.ts';
import { createAttemptLimits, type Limit } from './attempt-limits.ts';
import type { SessionEvents } from './auth.events.ts';
import * as repo from './auth.repo.ts';
import { passwordResetMail, verificationMail } from './auth.mail.ts';
import { presentMember, presentTeacher } from './auth.presenters.ts';

export interface AuthDeps {
  db: Db;
  /** Sends the mail queued in the outbox (verification and reset links). */
  relay: Pick<MailRelay, 'deliverDue'>;
  captcha: Captcha;
  publicUrl: string;
  sessions: SessionEvents;
  memberEvents: MemberEvents;
  /** Runs work after the answer has gone (the reset mail). */
  background: Background;
  /** The catalogue's faces and hairs: a new student starts with one of each. */
  characterParts: { face: readonly string[]; hair: readonly string[] };
  /** A number in [0, 1); Math.random unless a test fixes it. */
  random?: () => number;
  /** Addresses the per-address limits are lifted for (LIMITS_EXEMPT_ADDRESSES, attempt-limits.ts's exemptAddresses); none unless given. */
  limitsExempt?: (ip: string) => boolean;
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

/** A new session for a teacher or a member: a random token for the cookie, its hash in the database. */
export async function startSessionOf(db: Db, owner: repo.SessionOwner): Promise<NewSession> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await repo.insertSession(db, hashToken(token), owner, expiresAt);
  return { token, expiresAt };
}

export function createAuthService(deps: AuthDeps) {
  const { db, relay, captcha, publicUrl, sessions, memberEvents, background, characterParts, random = Math.random, limitsExempt } = deps;
  const limits = createAttemptLimits(db, limitsExempt);

  /**
   * A new student's face and hair, free: parts its classmates wear least, so a class starts out
   * looking different. Two students joining at the same instant may get the same; nothing breaks.
   */
  async function starterLook(groupId: string) {
    const worn = await repo.listGroupLooks(db, groupId);
    const face = pickStarterPart(characterParts.face, worn.map((m) => m.face ?? CHARACTER_DEFAULTS.face), random);
    const hair = pickStarterPart(characterParts.hair, worn.map((m) => m.hair ?? CHARACTER_DEFAULTS.hair), random);
    return {
      face,
      hair,
      unlockedFaces: isDefaultCharacterPart('face', face) ? [] : [face],
      unlockedHairs: isDefaultCharacterPart('hair', hair) ? [] : [hair],
    };
  }

  const signupRefusals = (caller: Caller): Limit => ({ name: `signup-refused@${caller.ip}`, policy: SIGNUP_REFUSALS_PER_ADDRESS, address: caller.ip });

  /**
   * Runs an attempt counted beforehand on `refusals` (429 while it must wait). A refusal keeps the
   * count; a success, or a failure of ours (5xx), takes it back.
   */
  async function refusalsCounted<T>(refusals: Limit, attempt: () => Promise<T>): Promise<T> {
    const counted = await limits.count([refusals]);
    try {
      const result = await attempt();
      await limits.withdraw(counted);
      return result;
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) await limits.withdraw(counted);
      throw err;
    }
  }

  /**
   * A login counted before its password is checked (see attempt-limits.ts). A wrong password stays
   * counted, and so does a right one of an unverified account (each such login mails a link).
   */
  async function login<T>(account: string, caller: Caller, check: () => Promise<T | undefined>): Promise<T> {
    const attempt = await limits.countLogin(account, caller.ip);
    const result = await check();
    if (result === undefined) throw new AppError('AUTH.LOGIN_FAILED');
    await limits.loginSucceeded(attempt);
    return result;
  }

  /** Names no account has are counted per name, as accounts are, so the limits do not tell which exist. */
  const unknownName = (kind: 'teacher' | 'member', loginName: string) => `${kind}-name:${loginName.trim().toLowerCase()}`;

  const startSession = (owner: repo.SessionOwner) => startSessionOf(db, owner);

  /**
   * A one-time link and its mail in one transaction, the mail queued in the outbox: sent by the
   * relay after the commit, and again later while SMTP refuses it (issue 35), never lost with the link.
   */
  async function queueLinkMail(
    teacher: repo.TeacherRow,
    link: { kind: 'verify_email' | 'password_reset'; ttlMs: number; url: (token: string) => string },
    mail: (email: string, username: string, url: string) => Parameters<typeof queueOutboxMail>[1],
  ): Promise<void> {
    const token = newToken();
    await db.transaction(async (tx) => {
      await repo.insertOneTimeToken(tx, { tokenHash: hashToken(token), kind: link.kind, teacherId: teacher.id, expiresAt: new Date(Date.now() + link.ttlMs) });
      await queueOutboxMail(tx, mail(teacher.email, teacher.username, link.url(token)));
    });
  }

  async function sendVerification(teacher: repo.TeacherRow): Promise<void> {
    await queueLinkMail(teacher, { kind: 'verify_email', ttlMs: EMAIL_VERIFICATION_TTL_MS, url: (token) => `${publicUrl}/api/verify-email?token=${encodeURIComponent(token)}` }, verificationMail);
    sendQueuedMail();
  }

  /** The relay sends what was queued, after the answer. */
  function sendQueuedMail(): void {
    background.run('queued mail', async () => void (await relay.deliverDue()));
  }

  /** A verified captcha, then the account. */
  async function createTeacher(input: TTeacherSignupRequest): Promise<repo.TeacherRow> {
    await captcha.verify(input.captcha);
    return createTeacherAccount({ username: input.username, email: input.email, passwordHash: await hashPassword(input.password), emailVerified: false });
  }

  /**
   * Free names, then the account and its starter coins in one transaction. `emailVerified`: an
   * address an OpenID provider vouched for (issue 34) needs no link.
   */
  async function createTeacherAccount(values: { username: string; email: string; passwordHash: string; emailVerified: boolean }): Promise<repo.TeacherRow> {
    if (await repo.isTeacherUsernameTaken(db, values.username)) throw new AppError('USER.USERNAME_TAKEN', { field: 'username' });
    if (await repo.isTeacherEmailTaken(db, values.email)) throw new AppError('USER.EMAIL_TAKEN', { field: 'email' });
    try {
      return await db.transaction(async (tx) => {
        const created = await repo.insertTeacher(tx, {
          username: values.username,
          email: values.email,
          passwordHash: values.passwordHash,
          ...(values.emailVerified ? { emailVerifiedAt: new Date() } : {}),
        });
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
  }

  /** USER.USERNAME_TAKEN with a free name close to the one wanted. */
  function nameTaken(wanted: string, takenKeys: ReadonlySet<string>): AppError {
    return new AppError('USER.USERNAME_TAKEN', { field: 'username', suggestion: suggestFreeName(wanted, takenKeys) });
  }

  /**
   * The group a signup names: by `group_code`, else `group_name` read as a code first and then
   * as a name, which must belong to exactly one open group (a locked one is GROUP.LOCKED only when
   * no open group has the name).
   */
  async function groupToJoin(input: TMemberSignupRequest): Promise<repo.GroupRow> {
    const code = input.group_code ?? (looksLikeJoinCode(input.group_name) ? normalizeJoinCode(input.group_name) : undefined);
    const byCode = code === undefined ? undefined : await repo.findGroupByCode(db, code);
    if (byCode) return byCode;
    if (input.group_code !== undefined) throw new AppError('GROUP.GROUP_NOT_FOUND', { field: 'group_name' });
    const name = normalizeName(input.group_name);
    const open = await repo.findGroupsByName(db, name, { locked: false, limit: 2 });
    if (open.length > 1) throw new AppError('GROUP.AMBIGUOUS_NAME', { field: 'group_name' });
    if (open[0]) return open[0];
    const locked = await repo.findGroupsByName(db, name, { locked: true, limit: 1 });
    throw new AppError(locked.length > 0 ? 'GROUP.LOCKED' : 'GROUP.GROUP_NOT_FOUND', { field: 'group_name' });
  }

  return {
    captchaChallenge: () => captcha.challenge(),

    /** For a sign-in through an OpenID provider (modules/sso): an account of its own, then a verification link when its e-mail was not vouched for. */
    async createSsoTeacher(values: { username: string; email: string; emailVerified: boolean }) {
      const created = await createTeacherAccount({ ...values, passwordHash: NO_PASSWORD });
      if (!values.emailVerified) await sendVerification(created);
      // As it is now: with its starter coins.
      return (await repo.findTeacherById(db, created.id)) ?? created;
    },

    /** A teacher's password, counted as a login attempt of that account (modules/sso links an account with it). */
    async confirmTeacherPassword(teacherId: string, password: string, caller: Caller): Promise<repo.TeacherRow> {
      return login(`teacher:${teacherId}`, caller, async () => {
        const teacher = await repo.findTeacherById(db, teacherId);
        return teacher && (await verifyPassword(teacher.passwordHash, password)) ? teacher : undefined;
      });
    },

    teacherById: (teacherId: string) => repo.findTeacherById(db, teacherId),

    startTeacherSession: async (teacher: repo.TeacherRow) => {
      await repo.touchTeacherLogin(db, teacher.id);
      return { user: presentTeacher(teacher), session: await startSession({ teacherId: teacher.id }) };
    },

    /**
     * Counted per address twice: refusals (30), and accounts made (5 an hour: each brings starter
     * coins and sends a mail). A refusal gives back its place among the accounts made. The server's
     * own machine makes as many as it likes (the end-to-end tests and benchmarks sign up dozens).
     */
    async signupTeacher(input: TTeacherSignupRequest, caller: Caller): Promise<void> {
      const made: Limit = { name: `teacher-signup@${caller.ip}`, policy: TEACHER_SIGNUPS_PER_ADDRESS, address: caller.ip };
      const counted = await limits.count([made]);
      let teacher: repo.TeacherRow;
      try {
        teacher = await refusalsCounted(signupRefusals(caller), () => createTeacher(input));
      } catch (err) {
        await limits.withdraw(counted);
        throw err;
      }
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

    /** By username or e-mail: both name one account, counted as one. */
    async loginTeacher(input: TLoginRequest, caller: Caller) {
      const teacher = await repo.findTeacherByLoginName(db, input.loginName);
      return login(teacher ? `teacher:${teacher.id}` : unknownName('teacher', input.loginName), caller, async () => {
        const ok = teacher ? await verifyPassword(teacher.passwordHash, input.password) : await verifyAgainstNothing(input.password);
        if (!teacher || !ok) return undefined;
        if (!teacher.emailVerifiedAt) {
          await sendVerification(teacher);
          throw new AppError('EMAIL.NOT_VERIFIED');
        }
        await repo.touchTeacherLogin(db, teacher.id);
        return { user: presentTeacher(teacher), session: await startSession({ teacherId: teacher.id }) };
      });
    },

    /**
     * A student joins a group by its code (or its name, where exactly one open group has it) and
     * is signed in at once; the group's teachers see the new member. Joins of one group take turns
     * on its row, so none passes the member limit or takes a name a classmate just took.
     */
    async signupMember(input: TMemberSignupRequest, caller: Caller) {
      const member = await refusalsCounted(signupRefusals(caller), async () => {
        const group = await groupToJoin(input);
        const passwordHash = await hashPassword(input.password);
        const look = await starterLook(group.id);
        try {
          return await db.transaction(async (tx) => {
            const state = await repo.lockGroupForJoin(tx, group.id);
            if (!state) throw new AppError('GROUP.GROUP_NOT_FOUND', { field: 'group_name' });
            if (state.locked) throw new AppError('GROUP.LOCKED', { field: 'group_name' });
            if (state.takenKeys.size >= GROUP_MEMBER_LIMIT) throw new AppError('GROUP.FULL', { field: 'group_name' });
            if (state.takenKeys.has(nameKey(input.username))) throw nameTaken(input.username, state.takenKeys);
            const row = await repo.insertMember(tx, { username: input.username, groupId: group.id, passwordHash, ...look });
            return { row, tradingAllowed: group.tradingAllowed };
          });
        } catch (err) {
          // The database's case rules decide in the end: a name the key missed is still one name.
          if (isUniqueViolation(err, 'members_group_username_lower_idx')) throw nameTaken(input.username, new Set([nameKey(input.username)]));
          throw err;
        }
      });
      memberEvents.created(presentMemberForTeacher(member.row));
      await repo.touchMemberLogin(db, member.row.id);
      return {
        user: presentMember(member.row, member.tradingAllowed),
        session: await startSession({ memberId: member.row.id }),
      };
    },

    /**
     * By name alone where one student in the system has it; with the class's code, the student of
     * that class. A shared name without a code is 409 USER.AMBIGUOUS_NAME before any password is
     * checked (the form then asks for the code). Counted per member account, as teachers are.
     */
    async loginMember(input: TMemberLoginRequest, caller: Caller) {
      const name = normalizeName(input.loginName);
      let member: repo.MemberRow | undefined;
      // Known with the group (a sign-in by code), else read with the password checked.
      let tradingAllowed: boolean | undefined;
      if (input.group_code === undefined) {
        const found = await repo.findMembersByUsername(db, name);
        if (found.length > 1) throw new AppError('USER.AMBIGUOUS_NAME', { field: 'group_code' });
        member = found[0];
      } else {
        const group = await repo.findGroupByCode(db, input.group_code);
        member = group ? await repo.findMemberInGroup(db, group.id, name) : undefined;
        tradingAllowed = group?.tradingAllowed;
      }
      const account = member ? `member:${member.id}` : unknownName('member', input.group_code === undefined ? name : `${input.group_code}:${name}`);
      return login(account, caller, async () => {
        const ok = member ? await verifyPassword(member.passwordHash, input.password) : await verifyAgainstNothing(input.password);
        if (!member || !ok) return undefined;
        await repo.touchMemberLogin(db, member.id);
        const trading = tradingAllowed ?? (await repo.findGroupTrading(db, member.groupId));
        return { user: presentMember(member, trading), session: await startSession({ memberId: member.id }) };
      });
    },

    async currentUser(owner: repo.SessionOwner) {
      if (owner.teacherId) {
        const teacher = await repo.findTeacherById(db, owner.teacherId);
        return teacher ? presentTeacher(teacher) : undefined;
      }
      const found = owner.memberId ? await repo.findMemberWithTrading(db, owner.memberId) : undefined;
      return found ? presentMember(found.member, found.tradingAllowed) : undefined;
    },

    /** Ends one session (logout, or a new login in the same browser) and disconnects its sockets. */
    async logout(tokenHash: string): Promise<void> {
      await repo.deleteSession(db, tokenHash);
      sessions.ended([tokenHash]);
    },

    /**
     * Answers the same way, in the same time, whether or not the address has an account: only the
     * counting happens before the answer; looking the teacher up, the link and the mail come after
     * it, and a failure there is logged, never answered.
     */
    async requestPasswordReset(email: string, caller: Caller): Promise<void> {
      // Every request counts: success and failure must look alike, so both are limited alike.
      await limits.count([
        { name: `reset:${email.trim().toLowerCase()}`, policy: RESET_REQUESTS_PER_EMAIL },
        { name: `reset@${caller.ip}`, policy: RESET_REQUESTS_PER_ADDRESS, address: caller.ip },
      ]);
      background.run('password reset mail', async () => {
        const teacher = await repo.findTeacherByEmail(db, email);
        if (!teacher) return;
        await queueLinkMail(teacher, { kind: 'password_reset', ttlMs: PASSWORD_RESET_TTL_MS, url: (token) => `${publicUrl}/teacher/change-password?token=${encodeURIComponent(token)}` }, passwordResetMail);
        await relay.deliverDue();
      });
    },

    /**
     * Sets the password with a link, once. Every other reset link of the teacher ends with it: a
     * link mailed earlier (perhaps to an inbox read by someone else) cannot change it again.
     */
    async confirmPasswordReset(input: TPasswordResetConfirmRequest, caller: Caller, keepSessionHash?: string): Promise<void> {
      await refusalsCounted({ name: `reset-confirm@${caller.ip}`, policy: RESET_REFUSALS_PER_ADDRESS, address: caller.ip }, async () => {
        const tokenHash = hashToken(input.token);
        const row = await repo.findOneTimeToken(db, tokenHash, 'password_reset');
        if (!row || row.usedAt) throw new AppError('AUTH.INVALID_TOKEN');
        if (row.expiresAt.getTime() < Date.now()) throw new AppError('AUTH.TOKEN_EXPIRED');
        const passwordHash = await hashPassword(input.password);
        const ended = await db.transaction(async (tx) => {
          // The teacher row first: two links of one teacher used at once take turns, and the second
          // finds itself ended by the first.
          await repo.setTeacherPassword(tx, row.teacherId, passwordHash);
          if (!(await repo.spendOneTimeToken(tx, tokenHash))) throw new AppError('AUTH.INVALID_TOKEN');
          await repo.endPasswordResetTokens(tx, row.teacherId);
          // The link reached the inbox, so the address is proven.
          await repo.markTeacherVerified(tx, row.teacherId);
          return repo.deleteTeacherSessions(tx, row.teacherId, keepSessionHash);
        });
        sessions.ended(ended);
      });
    },
  };
}
