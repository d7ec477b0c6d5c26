import { z } from 'zod';
import { IdParams, IdSchema, listQuery, listResponse } from './common.ts';
import { defineCall } from './http.ts';

/**
 * The messages the platform sent or tried to send (e-mails and SMS of the outbox), for the back
 * office's admin page (issue 24 §2). Delivery, retries and resending: docs/operations.md, "Messages".
 */

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export const MessageChannelSchema = z.enum(MESSAGE_CHANNELS);

/** pending: waiting to be sent (or retried); sent: handed to the SMTP server or SMS gateway; failed: given up. */
export const MESSAGE_STATUSES = ['pending', 'sent', 'failed'] as const;
export const MessageStatusSchema = z.enum(MESSAGE_STATUSES);

export const MessageSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  channel: MessageChannelSchema,
  recipient: z.string(),
  /** Which message it is (booking-confirmed, password-recovery, …). */
  template: z.string(),
  subject: z.string().nullable(),
  language: z.enum(['de', 'en', 'fr', 'sq']).nullable(),
  status: MessageStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** When a pending message is tried next. */
  nextAttemptAt: z.string(),
  reservationId: z.number().int().nullable(),
  /** Names of the attached files; their bytes never leave the server in a list. */
  attachments: z.array(z.string()),
});
export type Message = z.infer<typeof MessageSchema>;

export const MessageListQuery = listQuery({
  defaultPageSize: 15,
  maxPageSize: 50,
  sortBy: ['createdAt'],
  defaultSortBy: 'createdAt',
  defaultSortOrder: 'DESC',
}).extend({
  status: MessageStatusSchema.optional(),
  channel: MessageChannelSchema.optional(),
  /** Part of the template's name, case ignored (`reminder` finds payment-reminder). */
  template: z.string().max(60).optional(),
  /** Part of the address or phone number, case ignored. */
  recipient: z.string().max(200).optional(),
  reservationId: IdSchema.optional(),
});

// Messages hold customers' addresses, tickets and invoices: admins only (as the reservation list's SMS).
const ROLE_ADMIN = 'ROLE_ADMIN';

export const messageCalls = {
  list: defineCall({
    method: 'GET',
    path: 'message/list',
    summary: 'Sent, pending and failed e-mails and SMS, filtered and paged, newest first',
    auth: 'user',
    roles: ROLE_ADMIN,
    query: MessageListQuery,
    response: listResponse(MessageSchema),
  }),
  resend: defineCall({
    method: 'POST',
    path: 'message/{id}/resend',
    summary: 'Queues a sent or failed message again, to be sent at once with fresh attempts',
    auth: 'user',
    roles: ROLE_ADMIN,
    params: IdParams,
    response: MessageSchema,
  }),
};
