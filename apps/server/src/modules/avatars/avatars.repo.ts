import { eq, sql } from 'drizzle-orm';
import type { CharacterType } from '@kolikko/core/enumerations';
import type { DbOrTx } from '../../db/client.ts';
import { members, teachers } from '../../db/schema/index.ts';

/** The member's parts and coins, locked: an unlock decides on what it read here. */
export async function lockMemberCharacter(db: DbOrTx, memberId: string) {
  const [row] = await db
    .select({ coins: members.coins, groupId: members.groupId, unlockedFaces: members.unlockedFaces, unlockedHairs: members.unlockedHairs })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  return row;
}

export async function addUnlockedPart(db: DbOrTx, memberId: string, type: CharacterType, path: string): Promise<void> {
  const column = type === 'face' ? members.unlockedFaces : members.unlockedHairs;
  await db
    .update(members)
    .set(type === 'face' ? { unlockedFaces: sql`array_append(${column}, ${path}::text)` } : { unlockedHairs: sql`array_append(${column}, ${path}::text)` })
    .where(eq(members.id, memberId));
}

export async function setMemberPart(db: DbOrTx, memberId: string, type: CharacterType, path: string) {
  const [row] = await db
    .update(members)
    .set(type === 'face' ? { face: path } : { hair: path })
    .where(eq(members.id, memberId))
    .returning();
  return row;
}

export async function setTeacherPart(db: DbOrTx, teacherId: string, type: CharacterType, path: string) {
  const [row] = await db
    .update(teachers)
    .set(type === 'face' ? { face: path } : { hair: path })
    .where(eq(teachers.id, teacherId))
    .returning();
  return row;
}
