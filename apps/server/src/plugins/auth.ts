import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@kolikko/core/errors';
import type { Db } from '../db/client.ts';
import { findLiveSession } from '../modules/auth/auth.repo.ts';
import { findTeachersMemberGroup } from '../modules/demo/demo.repo.ts';
import { hashToken } from '../platform/tokens.ts';

export const SESSION_COOKIE = 'kolikko_session';
/**
 * The demo's session at /proto (modules/demo): a session of the demo's teacher in a cookie of its
 * own, so a demo never replaces a real sign-in in the same browser. It counts only on requests
 * that say whom of the demo they act as (DEMO_AS_HEADER, or the socket handshake's `demoAs`).
 */
export const DEMO_COOKIE = 'kolikko_demo';
/** `teacher`, or `member:<id>` of one of the demo's students. */
export const DEMO_AS_HEADER = 'x-kolikko-demo-as';
const DEMO_IMAGE_ROUTE = '/api/membertodo/:mTodoId/:path/image';

export interface TeacherSession {
  kind: 'teacher';
  teacherId: string;
  tokenHash: string;
  /** When the session ends, in ms since the epoch. */
  expiresAt: number;
  /** Set when the teacher is a demo's (modules/demo refuses what a demo may not do). */
  demoId?: string;
}
export interface MemberSession {
  kind: 'member';
  memberId: string;
  groupId: string;
  tokenHash: string;
  /** When the session ends, in ms since the epoch. */
  expiresAt: number;
  /** Set when the member is a demo's sample student, acted as through the demo's session. */
  demoId?: string;
}
export type Session = TeacherSession | MemberSession;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie; null when nobody is. */
    session: Session | null;
  }
}

/** Sessions to forget: by token, or every session of these teachers, members or groups. */
export interface SessionRevocation {
  tokenHashes?: string[];
  /** A teacher's own sessions and those of the members of its groups. */
  teacherIds?: string[];
  memberIds?: string[];
  groupIds?: string[];
}

/**
 * Sessions recently looked up, so most requests cost no query for their cookie: every request of
 * a class's browsers is authenticated, and the lookup is one more database round trip on each
 * (bench/README.md, "Member todos at scale"). An entry lives at most `ttlMs` and never past the session's own
 * expiry. Whatever ends sessions (logout, a password change or reset, deleting a member, a group
 * or an account) revokes them here, on every node (modules/auth/auth.events.ts), so the database
 * stays the truth and a revoked cookie is refused at once.
 */
export class SessionCache {
  readonly #entries = new Map<string, { session: Session; groupTeacherId: string | null; until: number }>();

  constructor(
    readonly ttlMs: number,
    readonly maxEntries: number,
  ) {}

  get(tokenHash: string, now = Date.now()): Session | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  set(session: Session, groupTeacherId: string | null, expiresAt: Date, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    // The oldest entry goes first (a Map keeps insertion order).
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value ?? '');
    this.#entries.set(session.tokenHash, { session, groupTeacherId, until: Math.min(now + this.ttlMs, expiresAt.getTime()) });
  }

  revoke({ tokenHashes = [], teacherIds = [], memberIds = [], groupIds = [] }: SessionRevocation): void {
    for (const hash of tokenHashes) this.#entries.delete(hash);
    if (teacherIds.length + memberIds.length + groupIds.length === 0) return;
    const teachers = new Set(teacherIds);
    const members = new Set(memberIds);
    const groups = new Set(groupIds);
    for (const [hash, { session, groupTeacherId }] of this.#entries) {
      const gone =
        session.kind === 'teacher'
          ? teachers.has(session.teacherId)
          : members.has(session.memberId) || groups.has(session.groupId) || (groupTeacherId !== null && teachers.has(groupTeacherId));
      if (gone) this.#entries.delete(hash);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** Looks a cookie's token up (in the cache, then the database); null when it is unknown, expired or revoked. */
export async function resolveSession(db: Db, cache: SessionCache, token: string | undefined): Promise<Session | null> {
  if (!token) return null;
  const tokenHash = hashToken(token);
  const cached = cache.get(tokenHash);
  if (cached) return cached;
  const row = await findLiveSession(db, tokenHash);
  if (!row) return null;
  let session: Session | null = null;
  const expiresAt = row.expiresAt.getTime();
  if (row.teacherId) session = { kind: 'teacher', teacherId: row.teacherId, tokenHash, expiresAt, ...(row.demoId ? { demoId: row.demoId } : {}) };
  else if (row.memberId && row.groupId) session = { kind: 'member', memberId: row.memberId, groupId: row.groupId, tokenHash, expiresAt };
  if (session) cache.set(session, row.groupTeacherId, row.expiresAt);
  return session;
}

/**
 * A demo's session acting as whom `as` says: its teacher, or one of its teacher's students. Null
 * when the cookie is no demo's, or the student is not the demo's.
 */
export async function resolveDemoSession(db: Db, cache: SessionCache, token: string | undefined, as: string): Promise<Session | null> {
  const session = await resolveSession(db, cache, token);
  if (session?.kind !== 'teacher' || session.demoId === undefined) return null;
  if (as === 'teacher') return session;
  const memberId = /^member:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(as)?.[1];
  if (!memberId) return null;
  const groupId = await findTeachersMemberGroup(db, session.teacherId, memberId);
  if (!groupId) return null;
  return { kind: 'member', memberId, groupId, tokenHash: session.tokenHash, expiresAt: session.expiresAt, demoId: session.demoId };
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

async function authPlugin(app: FastifyInstance, opts: { db: Db; cache: SessionCache }) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    // An answer's image is an <img>, which sends no header: its URL names the demo's user instead.
    const demoAs = request.headers[DEMO_AS_HEADER] ?? (request.routeOptions.url === DEMO_IMAGE_ROUTE ? (request.query as { demo_as?: unknown }).demo_as : undefined);
    request.session =
      typeof demoAs === 'string'
        ? await resolveDemoSession(opts.db, opts.cache, request.cookies[DEMO_COOKIE], demoAs)
        : await resolveSession(opts.db, opts.cache, request.cookies[SESSION_COOKIE]);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie'] });
