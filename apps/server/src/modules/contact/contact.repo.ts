import type { DbOrTx } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export async function insertContactMessage(db: DbOrTx, message: NewContactMessage) {
  const [row] = await db.insert(contactMessages).values(message).returning();
  if (!row) throw new Error('contact message not stored');
  return row;
}
