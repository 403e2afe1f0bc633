import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { Mail } from './mail.ts';

export async function insertOutboxMail(db: DbOrTx, mail: Mail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

export async function listOutboxMail(db: DbOrTx) {
  return db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
}
