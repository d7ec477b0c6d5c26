import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import { containsPattern } from '../../platform/sql.ts';

export interface MessageFilter {
  status?: 'pending' | 'sent' | 'failed' | undefined;
  channel?: 'email' | 'sms' | undefined;
  template?: string | undefined;
  recipient?: string | undefined;
  reservationId?: number | undefined;
}

export interface MessagePaging {
  page: number;
  pageSize: number;
  sortOrder: 'ASC' | 'DESC';
}

/** What the list shows of a message: never its text, HTML or attachment bytes, only the file names. */
const listed = {
  id: outbox.id,
  createdAt: outbox.createdAt,
  channel: outbox.channel,
  recipient: outbox.recipient,
  template: outbox.template,
  subject: outbox.subject,
  language: outbox.language,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  sentAt: outbox.sentAt,
  nextAttemptAt: outbox.nextAttemptAt,
  reservationId: outbox.reservationId,
  attachments: sql<string[]>`coalesce(
    (select array_agg(file ->> 'filename') from jsonb_array_elements(${outbox.attachments}) as file),
    '{}'::text[])`,
};

export type ListedMessage = Omit<
  typeof outbox.$inferSelect,
  'body' | 'html' | 'attachments' | 'claimedUntil'
> & {
  attachments: string[];
};

function conditions(filter: MessageFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(outbox.status, filter.status));
  if (filter.channel) where.push(eq(outbox.channel, filter.channel));
  if (filter.template?.trim()) where.push(ilike(outbox.template, containsPattern(filter.template)));
  if (filter.recipient?.trim()) where.push(ilike(outbox.recipient, containsPattern(filter.recipient)));
  if (filter.reservationId !== undefined) where.push(eq(outbox.reservationId, filter.reservationId));
  return where.length > 0 ? and(...where) : undefined;
}

/** A page of the outbox, filtered and paged in SQL; ids grow with time, so newest first is id descending. */
export async function listMessages(db: Db, filter: MessageFilter, paging: MessagePaging) {
  const where = conditions(filter);
  const [items, totals] = await Promise.all([
    db
      .select(listed)
      .from(outbox)
      .where(where)
      .orderBy(paging.sortOrder === 'ASC' ? asc(outbox.id) : desc(outbox.id))
      .limit(paging.pageSize)
      .offset(paging.page * paging.pageSize),
    db.select({ total: count() }).from(outbox).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/**
 * Queues a message again: pending, due now, with fresh attempts. A claim in progress stays, so a
 * message on the wire right now is not sent a second time by another sender.
 */
export async function requeueMessage(db: Db, id: number): Promise<ListedMessage | null> {
  const [row] = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lastError: null, sentAt: null })
    .where(eq(outbox.id, id))
    .returning(listed);
  return row ?? null;
}
