import { eq, sql } from 'drizzle-orm';
import type { CharacterType, SkinTone } from '@kolikko/core/enumerations';
import type { DbOrTx } from '../../db/client.ts';
import { members, teachers } from '../../db/schema/index.ts';

/** The member's parts and coins, locked: an unlock decides on what it read here. */
export async function lockMemberCharacter(db: DbOrTx, memberId: string) {
  const [row] = await db
    .select({ coins: members.coins, groupId: members.groupId, face: members.face, skinTone: members.skinTone, unlockedFaces: members.unlockedFaces, unlockedHairs: members.unlockedHairs })
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

/**
 * Puts a part on. `keepTone`: the tone the member shows now while none is written down (a new
 * face must not change the skin: skin-tones.ts); a tone written meanwhile is left as it is.
 */
export async function setMemberPart(db: DbOrTx, memberId: string, type: CharacterType, path: string, keepTone?: SkinTone) {
  const tone = keepTone ? { skinTone: sql<string>`coalesce(${members.skinTone}, ${keepTone})` } : {};
  const [row] = await db
    .update(members)
    .set(type === 'face' ? { face: path, ...tone } : { hair: path })
    .where(eq(members.id, memberId))
    .returning();
  return row;
}

export async function findTeacherLook(db: DbOrTx, teacherId: string) {
  const [row] = await db.select({ face: teachers.face, skinTone: teachers.skinTone }).from(teachers).where(eq(teachers.id, teacherId));
  return row;
}

export async function setTeacherPart(db: DbOrTx, teacherId: string, type: CharacterType, path: string, keepTone?: SkinTone) {
  const tone = keepTone ? { skinTone: sql<string>`coalesce(${teachers.skinTone}, ${keepTone})` } : {};
  const [row] = await db
    .update(teachers)
    .set(type === 'face' ? { face: path, ...tone } : { hair: path })
    .where(eq(teachers.id, teacherId))
    .returning();
  return row;
}

export async function setMemberSkinTone(db: DbOrTx, memberId: string, tone: SkinTone) {
  const [row] = await db.update(members).set({ skinTone: tone }).where(eq(members.id, memberId)).returning();
  return row;
}

export async function setTeacherSkinTone(db: DbOrTx, teacherId: string, tone: SkinTone) {
  const [row] = await db.update(teachers).set({ skinTone: tone }).where(eq(teachers.id, teacherId)).returning();
  return row;
}
