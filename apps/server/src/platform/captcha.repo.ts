import { eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { appSecrets, captchaUsed } from '../db/schema/index.ts';

/** Reads a shared secret, creating it with `fresh` on first use; every node gets the same one. */
export async function getOrCreateSecret(db: DbOrTx, name: string, fresh: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: fresh }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} missing after insert`);
  return row.value;
}

/** Records a spent captcha signature; false when it was already spent. */
export async function spendCaptcha(db: DbOrTx, signature: string, expiresAt: Date): Promise<boolean> {
  await db.delete(captchaUsed).where(lt(captchaUsed.expiresAt, new Date()));
  const inserted = await db
    .insert(captchaUsed)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: captchaUsed.signature });
  return inserted.length === 1;
}
