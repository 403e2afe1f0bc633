import { and, count, eq, sql } from 'drizzle-orm';
import { normalizeJoinCode } from '@kolikko/core/rules/identity';
import type { DbOrTx } from '../../db/client.ts';
import { groups, members, teachers } from '../../db/schema/index.ts';

/** Sets or clears a teacher's premium flag by username (any case); null when there is no such teacher. */
export async function setPremium(db: DbOrTx, username: string, on: boolean): Promise<{ username: string; isPremium: boolean } | null> {
  const [row] = await db
    .update(teachers)
    .set({ isPremium: on })
    .where(eq(sql`lower(${teachers.username})`, username.trim().toLowerCase()))
    .returning({ username: teachers.username, isPremium: teachers.isPremium });
  return row ?? null;
}

/** Teachers and students: the two tables of usernames an operator command names a user from. */
export type OperatorUserKind = 'teacher' | 'member';

/** A user an operator command names; `isDemo`: a demo classroom's teacher or student (modules/demo). */
export type OperatorUser =
  | { kind: 'teacher'; id: string; username: string; isDemo: boolean }
  | { kind: 'member'; id: string; username: string; isDemo: boolean; teacherId: string; teacherUsername: string };

/** 'ambiguous': a teacher's and a student's name; 'ambiguous-student': students of several classes have it. */
export type UserLookup = { found: OperatorUser } | { found: null; reason: 'not-found' | 'ambiguous' | 'ambiguous-student' };

/**
 * The teacher or student with this username (any case), for `delete-user` and `export`. The two
 * tables have separate usernames, so one name may belong to both: without `kind` that is
 * 'ambiguous', never a guess.
 */
export async function findUserByUsername(db: DbOrTx, username: string, kind?: OperatorUserKind): Promise<UserLookup> {
  // A student's name is unique only in its class: `CODE/name` names the one of the class with that join code.
  const slash = username.indexOf('/');
  const groupCode = slash >= 0 ? normalizeJoinCode(username.slice(0, slash)) : undefined;
  const name = (slash >= 0 ? username.slice(slash + 1) : username).trim().normalize('NFC');
  if (groupCode !== undefined && kind === 'teacher') return { found: null, reason: 'not-found' };
  const found: OperatorUser[] = [];
  if (kind !== 'member' && groupCode === undefined) {
    const [teacher] = await db
      .select({ id: teachers.id, username: teachers.username, isDemo: sql<boolean>`${teachers.demoId} is not null` })
      .from(teachers)
      .where(eq(sql`lower(${teachers.username})`, sql`lower(${name})`));
    if (teacher) found.push({ kind: 'teacher', ...teacher });
  }
  if (kind !== 'teacher') {
    const matches = await db
      .select({
        id: members.id,
        username: members.username,
        isDemo: sql<boolean>`${teachers.demoId} is not null`,
        teacherId: teachers.id,
        teacherUsername: teachers.username,
      })
      .from(members)
      .innerJoin(groups, eq(groups.id, members.groupId))
      .innerJoin(teachers, eq(teachers.id, groups.teacherId))
      .where(and(eq(sql`lower(${members.username})`, sql`lower(${name})`), groupCode === undefined ? undefined : eq(groups.joinCode, groupCode)))
      .limit(2);
    if (matches.length > 1) return { found: null, reason: 'ambiguous-student' };
    const [member] = matches;
    if (member) found.push({ kind: 'member', ...member });
  }
  const [only, other] = found;
  if (!only) return { found: null, reason: 'not-found' };
  if (other) return { found: null, reason: 'ambiguous' };
  return { found: only };
}

export async function countTeacherGroups(db: DbOrTx, teacherId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(groups).where(eq(groups.teacherId, teacherId));
  return row?.n ?? 0;
}

/** A member's coins (0 when it is gone); read under the member's lock, the coins its deletion gives back. */
export async function memberCoins(db: DbOrTx, memberId: string): Promise<number> {
  const [row] = await db.select({ coins: members.coins }).from(members).where(eq(members.id, memberId));
  return row?.coins ?? 0;
}
