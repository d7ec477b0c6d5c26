import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Who created, changed or deleted which entity, written in the same transaction as the change. */
export const entityLog = pgTable(
  'entity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    operation: text('operation', { enum: ['create', 'update', 'delete'] }).notNull(),
    changedFields: text('changed_fields').array().notNull(),
  },
  (t) => [
    index('entity_log_created_at_idx').on(t.createdAt),
    index('entity_log_entity_idx').on(t.entityType, t.entityId),
    // The event log's search for an entity id without a type (entity-log/list?query=4711).
    index('entity_log_entity_id_idx').on(t.entityId),
    // The event log filtered by entity type newest first, and sorted by entity type (ascending,
    // newest first within a type) without sorting the whole log (docs/lists-at-scale.md).
    index('entity_log_type_created_at_idx').on(
      t.entityType,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** A file attached to an e-mail, as kept in the outbox. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** Outgoing e-mails and SMS; a sender job delivers them, unconfigured they stay readable here. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    template: text('template').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    /** The HTML part of an e-mail (`body` is its plain-text part, or the SMS text). */
    html: text('html'),
    /** The language the message is written in (the e-mail's Content-Language). */
    language: text('language', { enum: ['de', 'en', 'fr', 'sq'] }),
    /** Files sent with an e-mail (tickets, invoices, credit notes), base64 in the row. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    /** The reservation the message is about, for the back office's message list. */
    reservationId: integer('reservation_id'),
    attempts: integer('attempts').notNull().default(0),
    /** A pending message is not tried before this time (retries back off). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender claimed the message until then; after it another sender may take it over. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_status_idx').on(t.status, t.id),
    index('outbox_recipient_idx').on(t.recipient),
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('outbox_reservation_idx').on(t.reservationId),
  ],
);

/** Fixed-window counters shared by every instance (login and recovery rate limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
