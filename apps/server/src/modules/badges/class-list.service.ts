import { AppError } from '@kolikko/core/errors';
import { CHARACTER_DEFAULTS, GROUP_MEMBER_LIMIT } from '@kolikko/core/limits';
import { isDefaultCharacterPart, pickStarterPart } from '@kolikko/core/rules/characters';
import { nameKey, sortClassList } from '@kolikko/core/rules/identity';
import type { TClassListResponse } from '@kolikko/core/schemas/groups';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { newBadgeToken, newChildPassword } from '../../platform/child-credentials.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { hashToken } from '../../platform/tokens.ts';
import * as authRepo from '../auth/auth.repo.ts';
import { presentMemberForTeacher } from '../groups/groups.presenters.ts';
import { ownedGroup } from '../groups/group-access.ts';
import type { MemberEvents } from '../members/members.events.ts';
import { badgeUrl } from './badges.service.ts';

export interface ClassListDeps {
  db: Db;
  publicUrl: string;
  memberEvents: MemberEvents;
  /** The catalogue's faces and hairs: each new student starts with one of each, as at signup. */
  characterParts: { face: readonly string[]; hair: readonly string[] };
  /** A number in [0, 1); Math.random unless a test fixes it. */
  random?: () => number;
}

export type ClassListService = ReturnType<typeof createClassListService>;

/** The names a group holds, in the form sortClassList compares them in. */
const keysOf = (names: Iterable<string>) => new Set([...names].map(nameKey));

export function createClassListService({ db, publicUrl, memberEvents, characterParts, random = Math.random }: ClassListDeps) {
  return {
    /**
     * Makes a student of each acceptable line, each with a generated password and a badge, in one
     * transaction; answers them (passwords and badge links this once) and the refused lines. None
     * acceptable: 400 VALIDATION.INVALID_INPUT with the refused lines, and nothing is made.
     *
     * A locked group takes a class list too: locking keeps out students joining by themselves,
     * and this is the group's teacher adding them.
     */
    async add(teacherId: string, groupId: string, usernames: readonly string[]): Promise<TClassListResponse> {
      await ownedGroup(db, teacherId, groupId);
      const lines = usernames.map((username, i) => ({ line: i + 1, username }));
      // A first sorting against the group as it is now, so that no password is hashed (argon2
      // takes tens of milliseconds each) for a line refused anyway; the transaction sorts again.
      const taken = keysOf(await authRepo.listGroupNameKeys(db, groupId));
      const first = sortClassList(lines, taken, GROUP_MEMBER_LIMIT - taken.size);
      if (first.accepted.length === 0) throw new AppError('VALIDATION.INVALID_INPUT', { refused: first.refused });
      const prepared = await Promise.all(
        first.accepted.map(async (line) => {
          const password = newChildPassword();
          return { ...line, password, passwordHash: await hashPassword(password), badge: newBadgeToken() };
        }),
      );

      const made = await db
        .transaction(async (tx) => {
          // Joins and class lists of the group wait for each other here: the names and the room
          // are those the group has once it is ours.
          const group = await authRepo.lockGroupForJoin(tx, groupId);
          if (!group) throw new AppError('GROUP.GROUP_NOT_FOUND');
          const { accepted, refused } = sortClassList(prepared, keysOf(group.takenKeys), GROUP_MEMBER_LIMIT - group.takenKeys.size);
          if (accepted.length === 0) return { rows: [], accepted, refused };
          const worn = await authRepo.listGroupLooks(tx, groupId);
          const faces = worn.map((m) => m.face ?? CHARACTER_DEFAULTS.face);
          const hairs = worn.map((m) => m.hair ?? CHARACTER_DEFAULTS.hair);
          const values = accepted.map((line) => {
            // Each new student counts among those the next one should look different from.
            const face = pickStarterPart(characterParts.face, faces, random);
            const hair = pickStarterPart(characterParts.hair, hairs, random);
            faces.push(face);
            hairs.push(hair);
            return {
              username: line.username,
              groupId,
              passwordHash: line.passwordHash,
              badgeHash: hashToken(line.badge),
              face,
              hair,
              unlockedFaces: isDefaultCharacterPart('face', face) ? [] : [face],
              unlockedHairs: isDefaultCharacterPart('hair', hair) ? [] : [hair],
            };
          });
          return { rows: await authRepo.insertMembers(tx, values), accepted, refused };
        })
        .catch((err: unknown) => {
          // Only where the database folds a letter's case other than JavaScript does (the lock
          // keeps out any other writer of the group's names).
          if (isUniqueViolation(err, 'members_group_username_lower_idx')) throw new AppError('USER.USERNAME_TAKEN');
          throw err;
        });

      const refused = [...first.refused, ...made.refused].sort((a, b) => a.line - b.line);
      if (made.rows.length === 0) throw new AppError('VALIDATION.INVALID_INPUT', { refused });
      for (const row of made.rows) memberEvents.created(presentMemberForTeacher(row));
      const byKey = new Map(made.rows.map((row) => [nameKey(row.username), row]));
      const created = made.accepted.flatMap((line) => {
        const row = byKey.get(nameKey(line.username));
        return row ? [{ member_id: row.id, username: row.username, password: line.password, badge_url: badgeUrl(publicUrl, line.badge) }] : [];
      });
      return { created, refused };
    },
  };
}
