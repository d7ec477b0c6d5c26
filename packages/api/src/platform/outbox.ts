import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { placeholderRow, type ReusableStatement, runReusable } from '../db/reusable-statement.ts';
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

/**
 * Queues a message in the same transaction as its cause; a sender job delivers it. `alongside`, an
 * insert the message goes with (the key of its link, `mintAccessKey`), runs in the same statement:
 * one round trip instead of two.
 */
export async function enqueueMessage(db: Db | Tx, message: OutgoingMessage, alongside?: ReusableStatement) {
  const row: typeof outbox.$inferInsert = {
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
  if (!alongside) {
    await db.insert(outbox).values(row);
    return;
  }
  // Its SQL is built once per shape (runReusable): every booking on bill terms queues an e-mail.
  // A data-modifying WITH runs once and to completion whether or not the statement reads it;
  // getSQL(): an embedded query builder would be put in parentheses, which an INSERT may not have.
  const reusable = placeholderRow(row, 'message.')!;
  await runReusable(
    db,
    `message ${reusable.shape} with ${alongside.shape}`,
    (on) =>
      sql`with alongside as (${alongside.build(on)}) ${on
        .insert(outbox)
        .values(reusable.row as typeof row)
        .getSQL()}`,
    { ...reusable.values, ...alongside.values },
  );
}
