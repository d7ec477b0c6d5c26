import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
  ],
);

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
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_status_idx').on(t.status, t.id), index('outbox_recipient_idx').on(t.recipient)],
);

/** Fixed-window counters shared by every instance (login and recovery rate limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
