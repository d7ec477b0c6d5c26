import { z } from 'zod';
import {
  IdParams,
  IdSchema,
  IsoDateSchema,
  LocaleSchema,
  listQuery,
  listResponse,
  MoneySchema,
} from './common.ts';
import { FlightStatusSchema } from './flights.ts';
import { defineCall } from './http.ts';
import { AirportSchema, TariffGroupSchema } from './lookups.ts';
import { PositiveMoney } from './payments.ts';
import { DateIntervalQuery } from './reservation-lists.ts';
import { notBlank } from './validation.ts';

/**
 * Allotments and allotment invoices (spec 03 §2 Allotment section, §3, §4, §7; spec 02 §2, §5 the
 * allotment invoice payment). Rules the spec leaves open: docs/allotments.md.
 */

// ---------- statuses and filters ----------

/**
 * An allotment invoice's state on the wire (spec 03 §3): pending until paid, overDeadline while
 * pending after its payment deadline (computed on every read, so it needs no job), paid, overpaid.
 */
export const ALLOTMENT_INVOICE_STATUSES = ['pending', 'overDeadline', 'paid', 'overpaid'] as const;
export const AllotmentInvoiceStatusSchema = z.enum(ALLOTMENT_INVOICE_STATUSES);
export type AllotmentInvoiceStatus = z.infer<typeof AllotmentInvoiceStatusSchema>;

/** What is stored: overDeadline is a pending invoice read after its deadline. */
export const STORED_ALLOTMENT_INVOICE_STATUSES = ['pending', 'paid', 'overpaid'] as const;

/**
 * The payment-status filter of the invoice list (spec 02 §4, spec 03 §4): unpaid = pending and
 * overDeadline, overDeadline alone, paid = paid and overpaid.
 */
export const ALLOTMENT_PAYMENT_FILTERS = ['unpaid', 'overDeadline', 'paid'] as const;
export const AllotmentPaymentFilterSchema = z.enum(ALLOTMENT_PAYMENT_FILTERS);
export type AllotmentPaymentFilter = z.infer<typeof AllotmentPaymentFilterSchema>;

/** The invoice statuses each payment filter stands for. */
export const ALLOTMENT_PAYMENT_FILTER_STATUSES: Record<AllotmentPaymentFilter, AllotmentInvoiceStatus[]> = {
  unpaid: ['pending', 'overDeadline'],
  overDeadline: ['overDeadline'],
  paid: ['paid', 'overpaid'],
};

/** The allotment list's invoiced filter: open (not invoiced yet) or invoiced; absent lists both. */
export const ALLOTMENT_INVOICED_STATUSES = ['open', 'invoiced'] as const;
export const AllotmentInvoicedStatusSchema = z.enum(ALLOTMENT_INVOICED_STATUSES);

/** Roles of the allotment section (spec 03 §6); pay is named in the catalogue (docs/allotments.md). */
export const ALLOTMENT_ROLE = {
  list: 'ROLE_ALLOTMENT_LIST',
  agentList: 'ROLE_ALLOTMENT_AGENT_ALLOTMENT_LIST',
  readCost: 'ROLE_ALLOTMENT_READ_COST_PER_SEAT',
  invoiceRead: 'ROLE_ALLOTMENT_INVOICE_READ',
  invoiceEdit: 'ROLE_ALLOTMENT_INVOICE_EDIT',
  invoicePay: 'ROLE_ALLOTMENT_INVOICE_PAY',
} as const;

// ---------- read models ----------

const AllotmentAirportSchema = AirportSchema.pick({ code: true, name: true, timezone: true });

/** The flight an allotment blocks seats on, as the allotment pages show it. */
export const AllotmentFlightSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  /** Instant (UTC); shown in the origin's local time. */
  departure: z.string(),
  origin: AllotmentAirportSchema,
  destination: AllotmentAirportSchema,
  status: FlightStatusSchema,
});

/** A row of the allotment list (spec 03 §3 Allotment list row: flight, agent, invoice id). */
export const AllotmentListItemSchema = z.object({
  id: z.number().int(),
  flight: AllotmentFlightSchema,
  agent: z.object({ id: z.number().int(), displayName: z.string() }),
  tariffGroup: TariffGroupSchema,
  seatsNumber: z.number().int(),
  /** Seats of the block the agent has booked. */
  booked: z.number().int(),
  /** CHF per seat; left out of the full list without ROLE_ALLOTMENT_READ_COST_PER_SEAT. */
  costPerSeat: z.number().optional(),
  /** seatsNumber × costPerSeat, when the cost is shown. */
  total: z.number().optional(),
  comment: z.string(),
  invoice: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type AllotmentListItem = z.infer<typeof AllotmentListItemSchema>;

/** An allotment as its invoice lists it: always with its price. */
export const InvoicedAllotmentSchema = AllotmentListItemSchema.omit({
  agent: true,
  invoice: true,
  costPerSeat: true,
  total: true,
}).extend({ costPerSeat: z.number(), total: z.number() });
export type InvoicedAllotment = z.infer<typeof InvoicedAllotmentSchema>;

export const AllotmentInvoicePaymentSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  method: z.enum(['cash', 'transfer']),
  createdAt: z.string(),
});

/** Spec 03 §3 Allotment invoice, with what it covers and what was paid. */
export const AllotmentInvoiceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  invoiceDate: z.string(),
  paymentDeadline: z.string(),
  /** The company the invoice is addressed to (the agent's company unless told otherwise). */
  invoiceCompany: z.string(),
  discountDescription: z.string(),
  /** CHF taken off the allotments' total. */
  discount: z.number(),
  /** The allotments' seats × cost per seat, CHF. */
  total: z.number(),
  totalWithDiscount: z.number(),
  totalPaid: z.number(),
  /** totalWithDiscount − totalPaid; negative when overpaid. */
  outstanding: z.number(),
  status: AllotmentInvoiceStatusSchema,
  agent: z.object({ id: z.number().int(), displayName: z.string() }),
  seats: z.number().int(),
  allotments: z.array(InvoicedAllotmentSchema),
  payments: z.array(AllotmentInvoicePaymentSchema),
  createdAt: z.string(),
});
export type AllotmentInvoice = z.infer<typeof AllotmentInvoiceSchema>;

/** What an agent still owes on allotment invoices (spec 03 §2 agent balance panel). */
export const AllotmentBalanceSchema = z.object({
  agent: z.object({ id: z.number().int(), displayName: z.string() }),
  /** Σ (totalWithDiscount − totalPaid) over the agent's invoices, CHF (overpaid ones count negative). */
  outstanding: z.number(),
  /** The part of it on invoices past their payment deadline. */
  overDeadline: z.number(),
  /** Invoices pending or over deadline. */
  unpaidInvoices: z.number().int(),
});
export type AllotmentBalance = z.infer<typeof AllotmentBalanceSchema>;

// ---------- requests ----------

/** Spec 03 §9: 30 a page, at most 500, by flight date ascending. */
export const AllotmentListQuery = listQuery({
  defaultPageSize: 30,
  maxPageSize: 500,
  sortBy: ['flightDate', 'id'],
  defaultSortBy: 'flightDate',
  defaultSortOrder: 'ASC',
}).extend({
  agentId: IdSchema.optional(),
  /** Local departure dates at the origin, both included. */
  flightDateInterval: DateIntervalQuery.optional(),
  invoicedStatus: AllotmentInvoicedStatusSchema.optional(),
});
export type AllotmentListQuery = z.output<typeof AllotmentListQuery>;

/** The agent's own allotments: the same without the agent. */
export const AgentAllotmentListQuery = AllotmentListQuery.omit({ agentId: true });

/** Spec 03 §9: 10 a page, at most 50, unpaid ones, newest invoice date first. */
export const AllotmentInvoiceListQuery = listQuery({
  defaultPageSize: 10,
  maxPageSize: 50,
  sortBy: ['invoiceDate', 'paymentDeadline', 'id', 'title', 'totalWithDiscount'],
  defaultSortBy: 'invoiceDate',
  defaultSortOrder: 'DESC',
}).extend({
  agentId: IdSchema.optional(),
  paymentStatus: z.array(AllotmentPaymentFilterSchema).max(3).default(['unpaid']),
});
export type AllotmentInvoiceListQuery = z.output<typeof AllotmentInvoiceListQuery>;

export const AgentAllotmentInvoiceListQuery = AllotmentInvoiceListQuery.omit({ agentId: true });

/** Spec 03 §3 Update payload; the server checks deadline ≥ invoice date and discount ≤ the debt. */
export const UpdateAllotmentInvoiceBody = z.object({
  title: notBlank(200),
  invoiceDate: IsoDateSchema,
  paymentDeadline: IsoDateSchema,
  invoiceCompany: z.string().trim().max(200).default(''),
  discountDescription: z.string().trim().max(500).default(''),
  discount: MoneySchema.refine((value) => value >= 0, {
    message: 'The discount cannot be negative',
    params: { code: 'ERROR_MINIMUM', limit: 0 },
  }).default(0),
});
export type UpdateAllotmentInvoiceBody = z.input<typeof UpdateAllotmentInvoiceBody>;

/** Spec 03 §3 Create payload: the allotments (all of one agent, none invoiced) and the agent. */
export const CreateAllotmentInvoiceBody = UpdateAllotmentInvoiceBody.extend({
  ids: z
    .array(IdSchema)
    .min(1)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, {
      message: 'An allotment is listed twice',
      params: { code: 'ERROR_NOT_UNIQUE' },
    }),
  agent: z.object({ id: IdSchema }),
});
export type CreateAllotmentInvoiceBody = z.input<typeof CreateAllotmentInvoiceBody>;

/** Spec 02 §3 Allotment payment payload, plus the cash desk or transfer account taking the money. */
export const AllotmentPaymentBody = z.object({
  amount: PositiveMoney,
  /** cash or transfer; anything else is an unexpected payment method. */
  paymentTypeCode: z.string().min(1).max(40),
  allotmentInvoiceId: IdSchema,
  accountId: IdSchema.optional(),
});
export type AllotmentPaymentBody = z.input<typeof AllotmentPaymentBody>;

const InvoiceParams = IdParams;
const InvoicePdfParams = z.object({ id: IdSchema, locale: LocaleSchema });

const ALLOTMENT_PAGES = { anyOf: [ALLOTMENT_ROLE.list, ALLOTMENT_ROLE.agentList] };

export const allotmentCalls = {
  list: defineCall({
    method: 'GET',
    path: 'allotment/list',
    summary:
      'Allotments of all agents, by flight date (cost per seat with ROLE_ALLOTMENT_READ_COST_PER_SEAT)',
    auth: 'user',
    roles: ALLOTMENT_ROLE.list,
    query: AllotmentListQuery,
    response: listResponse(AllotmentListItemSchema),
  }),
  agentList: defineCall({
    method: 'GET',
    path: 'agent/allotment/list',
    summary: "The calling agent's own allotments, by flight date",
    auth: 'user',
    roles: ALLOTMENT_ROLE.agentList,
    query: AgentAllotmentListQuery,
    response: listResponse(AllotmentListItemSchema),
  }),
  createInvoice: defineCall({
    method: 'POST',
    path: 'allotment/invoice',
    summary: 'Invoice allotments of one agent, none of them invoiced yet',
    auth: 'user',
    roles: ALLOTMENT_ROLE.invoiceEdit,
    body: CreateAllotmentInvoiceBody,
    response: AllotmentInvoiceSchema,
    status: 201,
  }),
  getInvoice: defineCall({
    method: 'GET',
    path: 'allotment/invoice/{id}',
    summary: 'An allotment invoice with its allotments and payments (agents: their own)',
    auth: 'user',
    roles: ALLOTMENT_PAGES,
    params: InvoiceParams,
    response: AllotmentInvoiceSchema,
  }),
  updateInvoice: defineCall({
    method: 'PUT',
    path: 'allotment/invoice/{id}',
    summary: 'Change the title, dates, company or discount of an allotment invoice that is not paid',
    auth: 'user',
    roles: ALLOTMENT_ROLE.invoiceEdit,
    params: InvoiceParams,
    body: UpdateAllotmentInvoiceBody,
    response: AllotmentInvoiceSchema,
  }),
  deleteInvoice: defineCall({
    method: 'DELETE',
    path: 'allotment/invoice/{id}',
    summary: 'Delete an allotment invoice nothing has been paid on; its allotments are open again',
    auth: 'user',
    roles: ALLOTMENT_ROLE.invoiceEdit,
    params: InvoiceParams,
    response: 'empty',
  }),
  invoiceList: defineCall({
    method: 'GET',
    path: 'allotment/invoice/list',
    summary: 'Allotment invoices of all agents (default: unpaid, newest invoice date first)',
    auth: 'user',
    roles: ALLOTMENT_ROLE.list,
    query: AllotmentInvoiceListQuery,
    response: listResponse(AllotmentInvoiceSchema),
  }),
  agentInvoiceList: defineCall({
    method: 'GET',
    path: 'agent/allotment/invoice/list',
    summary: "The calling agent's own allotment invoices",
    auth: 'user',
    roles: ALLOTMENT_ROLE.agentList,
    query: AgentAllotmentInvoiceListQuery,
    response: listResponse(AllotmentInvoiceSchema),
  }),
  invoicePdf: defineCall({
    method: 'GET',
    path: 'allotment/invoice/{id}/pdf/{locale}',
    summary: 'AllotmentInvoice.pdf of any agent (without ROLE_ALLOTMENT_LIST: own invoices only)',
    auth: 'user',
    roles: ALLOTMENT_ROLE.invoiceRead,
    params: InvoicePdfParams,
    response: 'file',
    fileName: 'AllotmentInvoice.pdf',
  }),
  agentInvoicePdf: defineCall({
    method: 'GET',
    path: 'agent/allotment/invoice/{id}/pdf/{locale}',
    summary: "AllotmentInvoice.pdf of the calling agent's own invoice",
    auth: 'user',
    roles: { anyOf: [ALLOTMENT_ROLE.agentList, ALLOTMENT_ROLE.invoiceRead] },
    params: InvoicePdfParams,
    response: 'file',
    fileName: 'AllotmentInvoice.pdf',
  }),
  balance: defineCall({
    method: 'GET',
    // Spec 03 §7 writes {agentId}; the placeholder is {id} as on every other path (same URL).
    path: 'allotment/invoice/agent/{id}/balance',
    summary: 'What an agent still owes on allotment invoices',
    auth: 'user',
    roles: { allOf: [ALLOTMENT_ROLE.list, ALLOTMENT_ROLE.invoiceRead] },
    params: InvoiceParams,
    response: AllotmentBalanceSchema,
  }),
  agentBalance: defineCall({
    method: 'GET',
    path: 'agent/allotment/invoice/balance',
    summary: 'What the calling agent still owes on allotment invoices',
    auth: 'user',
    roles: { allOf: [ALLOTMENT_ROLE.agentList, ALLOTMENT_ROLE.invoiceRead] },
    response: AllotmentBalanceSchema,
  }),
  pay: defineCall({
    method: 'POST',
    path: 'payment/allotment/invoice',
    summary:
      "Takes a cash or transfer payment on an allotment invoice into a desk the caller may operate; booked through the agent's account",
    auth: 'user',
    roles: { allOf: [ALLOTMENT_ROLE.list, ALLOTMENT_ROLE.invoicePay] },
    body: AllotmentPaymentBody,
    response: z.object({ id: z.number().int(), invoice: AllotmentInvoiceSchema }),
    status: 201,
  }),
};
