import type { Db, Tx } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  body: string;
  /** Which message this is (e.g. 'password-recovery'), for the back office and tests. */
  template: string;
}

/** Queues a message in the same transaction as its cause; a sender job delivers it. */
export async function enqueueMessage(db: Db | Tx, message: OutgoingMessage) {
  await db.insert(outbox).values({ ...message, subject: message.subject ?? null });
}
