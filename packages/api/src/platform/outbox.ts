import type { Db, Tx } from '../db/client.ts';
import { insertStatement, type ReusableStatement, runWith } from '../db/reusable-statement.ts';
import { outbox } from '../db/schema/index.ts';

export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  /** The plain-text part of an e-mail, or the SMS text. */
  body: string;
  /** The HTML part of an e-mail. */
  html?: string;
  /** The language it is written in (sent as Content-Language). */
  language?: 'de' | 'en' | 'fr' | 'sq';
  attachments?: OutgoingAttachment[];
  /** The reservation it is about (the back office's message list). */
  reservationId?: number;
  /** Which message this is (e.g. 'password-recovery'), for the back office and tests. */
  template: string;
}

/** A message as its outbox row is written. */
function outboxRow(message: OutgoingMessage): typeof outbox.$inferInsert {
  return {
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? null,
    body: message.body,
    html: message.html ?? null,
    language: message.language ?? null,
    attachments: (message.attachments ?? []).map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      contentBase64: Buffer.from(file.content).toString('base64'),
    })),
    reservationId: message.reservationId ?? null,
    template: message.template,
  };
}

/**
 * The insert that queues a message, not yet run: for a caller that writes it with other writes of
 * its transaction in one statement (runWith). Its SQL is built once per shape.
 */
export function messageInsert(message: OutgoingMessage): ReusableStatement {
  return insertStatement('message', outbox, outboxRow(message));
}

/**
 * Queues a message in the same transaction as its cause; a sender job delivers it. `alongside`, an
 * insert the message goes with (the key of its link, `mintAccessKey`), runs in the same statement:
 * one round trip instead of two.
 */
export async function enqueueMessage(db: Db | Tx, message: OutgoingMessage, alongside?: ReusableStatement) {
  if (alongside) await runWith(db, messageInsert(message), [alongside]);
  else await db.insert(outbox).values(outboxRow(message));
}
