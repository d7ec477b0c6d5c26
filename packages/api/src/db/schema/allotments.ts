import { STORED_ALLOTMENT_INVOICE_STATUSES } from '@flybook/schemas';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * An invoice to an agent for allotments (spec 03 §3): the allotments point to it and are frozen
 * while it exists. `total` is what its allotments cost when it was made (they cannot change after);
 * `status` is the stored payment state, overDeadline being a pending invoice read after its deadline.
 */
export const allotmentInvoices = pgTable(
  'allotment_invoices',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    paymentDeadline: date('payment_deadline', { mode: 'string' }).notNull(),
    invoiceCompany: text('invoice_company').notNull().default(''),
    discountDescription: text('discount_description').notNull().default(''),
    /** Rappen taken off the total. */
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    /** Rappen: seats × cost per seat of the allotments. */
    total: bigint('total', { mode: 'number' }).notNull(),
    totalPaid: bigint('total_paid', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: STORED_ALLOTMENT_INVOICE_STATUSES }).notNull().default('pending'),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('allotment_invoices_date_idx').on(t.invoiceDate, t.id),
    index('allotment_invoices_agent_date_idx').on(t.agentId, t.invoiceDate, t.id),
    index('allotment_invoices_status_deadline_idx').on(t.status, t.paymentDeadline),
    check(
      'allotment_invoices_money',
      sql`${t.total} >= 0 AND ${t.discount} >= 0 AND ${t.discount} <= ${t.total} AND ${t.totalPaid} >= 0`,
    ),
    check('allotment_invoices_deadline', sql`${t.paymentDeadline} >= ${t.invoiceDate}`),
  ],
);
