import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@kolikko/core/errors';
import type { Db } from '../db/client.ts';
import { findLiveSession } from '../modules/auth/auth.repo.ts';
import { hashToken } from '../platform/tokens.ts';

export const SESSION_COOKIE = 'kolikko_session';

export interface TeacherSession {
  kind: 'teacher';
  teacherId: string;
  tokenHash: string;
}
export interface MemberSession {
  kind: 'member';
  memberId: string;
  groupId: string;
  tokenHash: string;
}
export type Session = TeacherSession | MemberSession;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie; null when nobody is. */
    session: Session | null;
  }
}

/** Looks a cookie's token up; null when it is unknown, expired or revoked. */
export async function resolveSession(db: Db, token: string | undefined): Promise<Session | null> {
  if (!token) return null;
  const tokenHash = hashToken(token);
  const row = await findLiveSession(db, tokenHash);
  if (!row) return null;
  if (row.teacherId) return { kind: 'teacher', teacherId: row.teacherId, tokenHash };
  if (row.memberId && row.groupId) return { kind: 'member', memberId: row.memberId, groupId: row.groupId, tokenHash };
  return null;
}

export function requireUser(request: FastifyRequest): Session {
  if (!request.session) throw new AppError('AUTH.NO_AUTH');
  return request.session;
}

/** A teacher's route: nobody gets NO_AUTH, a student is refused without being signed out. */
export function requireTeacher(request: FastifyRequest): TeacherSession {
  const session = requireUser(request);
  if (session.kind !== 'teacher') throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS');
  return session;
}

export function requireMember(request: FastifyRequest): MemberSession {
  const session = requireUser(request);
  if (session.kind !== 'member') throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS');
  return session;
}

export interface SessionCookieOptions {
  secure: boolean;
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, options: SessionCookieOptions): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, options: SessionCookieOptions): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/' });
}

async function authPlugin(app: FastifyInstance, opts: { db: Db }) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    request.session = await resolveSession(opts.db, request.cookies[SESSION_COOKIE]);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie'] });
