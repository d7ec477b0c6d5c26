import type { Message, MessageListQuery } from '@flybook/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import { type ListedMessage, listMessages, requeueMessage } from './messages.repository.ts';

const toMessage = (row: ListedMessage): Message => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  attachments: row.attachments ?? [],
});

/** The back office's view of the outbox: what was sent, what waits, what failed; and resending. */
export function createMessagesService(db: Db) {
  return {
    async list(query: z.output<typeof MessageListQuery>) {
      const { items, total } = await listMessages(
        db,
        {
          status: query.status,
          channel: query.channel,
          template: query.template,
          recipient: query.recipient,
          reservationId: query.reservationId,
        },
        query,
      );
      return { items: items.map(toMessage), total };
    },

    async resend(id: number): Promise<Message> {
      const row = await requeueMessage(db, id);
      if (!row) throw new ApiError('ERROR_NOT_FOUND', 404);
      return toMessage(row);
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
