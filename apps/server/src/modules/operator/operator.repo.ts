import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { teachers } from '../../db/schema/index.ts';

/** Sets or clears a teacher's premium flag by username (any case); null when there is no such teacher. */
export async function setPremium(db: DbOrTx, username: string, on: boolean): Promise<{ username: string; isPremium: boolean } | null> {
  const [row] = await db
    .update(teachers)
    .set({ isPremium: on })
    .where(eq(sql`lower(${teachers.username})`, username.trim().toLowerCase()))
    .returning({ username: teachers.username, isPremium: teachers.isPremium });
  return row ?? null;
}
