import { AppError } from '@kolikko/core/errors';
import type { TMemberUser } from '@kolikko/core/schemas/auth';
import type { TIssuedBadge } from '@kolikko/core/schemas/groups';
import type { Db } from '../../db/client.ts';
import { newBadgeToken } from '../../platform/child-credentials.ts';
import { hashToken } from '../../platform/tokens.ts';
import { createAttemptLimits } from '../auth/attempt-limits.ts';
import type { SessionEvents } from '../auth/auth.events.ts';
import { presentMember } from '../auth/auth.presenters.ts';
import * as authRepo from '../auth/auth.repo.ts';
import { startSessionOf, type NewSession } from '../auth/auth.service.ts';
import { ownedGroup } from '../groups/group-access.ts';
import * as repo from './badges.repo.ts';

export interface BadgesDeps {
  db: Db;
  publicUrl: string;
  sessions: SessionEvents;
  /** Addresses the per-address limits are lifted for (LIMITS_EXEMPT_ADDRESSES); none unless given. */
  limitsExempt?: (ip: string) => boolean;
}

export type BadgesService = ReturnType<typeof createBadgesService>;

/**
 * Names in the order a teacher reads a class list: digits as numbers ("oppilas2" before
 * "oppilas10"), letters as Finnish sorts them (ä and ö after z), case aside.
 */
const byUsername = new Intl.Collator('fi', { numeric: true, sensitivity: 'base' });

/**
 * The link a badge's QR code holds. The secret is in the fragment, which the browser never sends:
 * the web page posts it to POST /login/badge, so it is in no request line or log.
 */
export function badgeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/student/badge#${token}`;
}

/** Unknown badges are counted under one name: guessing at badges is limited however it is spread. */
const UNKNOWN_BADGE = 'member-badge:unknown';

export function createBadgesService({ db, publicUrl, sessions, limitsExempt }: BadgesDeps) {
  const limits = createAttemptLimits(db, limitsExempt);

  return {
    /**
     * New badges for the group's members (or those named), in one transaction: the secrets are
     * answered this once and kept only as their SHA-256, and each member's old badge stops at
     * once. Works whether badge sign-in is on or off, so a teacher can print before turning it on.
     */
    async issue(teacherId: string, groupId: string, memberIds?: readonly string[]): Promise<TIssuedBadge[]> {
      await ownedGroup(db, teacherId, groupId);
      const wanted = memberIds ? [...new Set(memberIds)] : undefined;
      const issued = await db.transaction(async (tx) => {
        const targets = await repo.lockGroupMembers(tx, groupId, wanted);
        if (wanted && targets.length !== wanted.length) throw new AppError('MEMBER.MEMBER_NOT_FOUND');
        const badges = targets.map((member) => ({ member, token: newBadgeToken() }));
        await repo.setBadgeHashes(
          tx,
          groupId,
          badges.map((b) => ({ memberId: b.member.id, badgeHash: hashToken(b.token) })),
        );
        return badges;
      });
      return issued
        .map(({ member, token }) => ({ member_id: member.id, username: member.username, url: badgeUrl(publicUrl, token) }))
        .sort((a, b) => byUsername.compare(a.username, b.username));
    },

    /**
     * Signs a member in by its badge's secret, counted in the login limits as a password is
     * (attempt-limits.ts). Refused alike (401 AUTH.LOGIN_FAILED) for a badge nobody has (an old
     * one, or a deleted member's), a group with badge sign-in off, and a demo's student (demo
     * users never sign in but through the demo's own session).
     */
    async login(token: string, caller: { ip: string }): Promise<{ user: TMemberUser; session: NewSession }> {
      const found = await repo.findMemberByBadgeHash(db, hashToken(token));
      const attempt = await limits.countLogin(found ? `member:${found.member.id}` : UNKNOWN_BADGE, caller.ip);
      if (!found || !found.badgesEnabled || found.isDemo) throw new AppError('AUTH.LOGIN_FAILED');
      await authRepo.touchMemberLogin(db, found.member.id);
      const session = await startSessionOf(db, { memberId: found.member.id });
      await limits.loginSucceeded(attempt);
      return { user: presentMember(found.member, found.tradingAllowed), session };
    },

    /** Ends the session a browser had before it signed in again, and disconnects its sockets. */
    async endSession(tokenHash: string): Promise<void> {
      await authRepo.deleteSession(db, tokenHash);
      sessions.ended([tokenHash]);
    },
  };
}
