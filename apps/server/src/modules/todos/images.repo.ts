import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { images } from '../../db/schema/index.ts';
import type { StoredImage } from '../../platform/images.ts';

export type ImageOwner = { todoId: string } | { memberTodoId: string };

function ownedBy(owner: ImageOwner) {
  return 'todoId' in owner ? eq(images.todoId, owner.todoId) : eq(images.memberTodoId, owner.memberTodoId);
}

/** Replaces the owner's image (a todo and a member todo hold at most one each). */
export async function replaceImage(db: DbOrTx, owner: ImageOwner, image: StoredImage): Promise<void> {
  await db.delete(images).where(ownedBy(owner));
  await db.insert(images).values({ name: image.name, mime: image.mime, ext: image.ext, bytes: image.bytes, ...owner });
}

/** Removes the owner's image; false when it had none. */
export async function deleteImage(db: DbOrTx, owner: ImageOwner): Promise<boolean> {
  const rows = await db.delete(images).where(ownedBy(owner)).returning({ id: images.id });
  return rows.length > 0;
}

export async function hasImage(db: DbOrTx, owner: ImageOwner): Promise<boolean> {
  const rows = await db.select({ id: images.id }).from(images).where(ownedBy(owner));
  return rows.length > 0;
}

/** The owner's image, if its name is the one asked for. */
export async function findImage(db: DbOrTx, owner: ImageOwner, name: string) {
  const [row] = await db
    .select({ bytes: images.bytes, mime: images.mime, name: images.name })
    .from(images)
    .where(and(ownedBy(owner), eq(images.name, name)));
  return row;
}
