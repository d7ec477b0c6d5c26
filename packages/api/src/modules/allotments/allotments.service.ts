import {
  type AllotmentPaymentState,
  allotmentPaymentState,
  allotmentsTotal,
  invoiceBalanceOf,
  multiplyMoney,
  officeToday,
  satisfies,
  toChf,
  toRappen,
  totalWithDiscount,
} from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import {
  type AgentAllotmentInvoiceListQuery,
  type AgentAllotmentListQuery,
  ALLOTMENT_PAYMENT_FILTER_STATUSES,
  ALLOTMENT_ROLE,
  type AllotmentBalance,
  type AllotmentInvoice,
  type AllotmentInvoiceListQuery,
  type AllotmentListItem,
  type AllotmentListQuery,
  type CreateAllotmentInvoiceBody,
  type InvoicedAllotment,
  type UpdateAllotmentInvoiceBody,
} from '@flybook/schemas';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { allotmentInvoices, allotments, countries } from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthUser, FileAnswer } from '../../http/routes.ts';
import { changedFields, logEntityChange } from '../../platform/entity-log.ts';
import { pdfAnswer } from '../../platform/pdf.ts';
import { renderAllotmentInvoice } from './allotment-invoice-pdf.ts';
import * as repo from './allotments.repository.ts';

type ListQuery = z.output<typeof AllotmentListQuery>;
type AgentListQuery = z.output<typeof AgentAllotmentListQuery>;
type InvoiceListQuery = z.output<typeof AllotmentInvoiceListQuery>;
type AgentInvoiceListQuery = z.output<typeof AgentAllotmentInvoiceListQuery>;
type CreateBody = z.output<typeof CreateAllotmentInvoiceBody>;
type UpdateBody = z.output<typeof UpdateAllotmentInvoiceBody>;

/** Staff who see every agent's allotments and invoices; anyone else sees only their own. */
const seesAll = (user: AuthUser) => satisfies(user.roles, ALLOTMENT_ROLE.list);

function toFlight(row: repo.AllotmentRow) {
  return {
    id: row.flight.id,
    number: row.flight.number,
    departure: row.flight.departure.toISOString(),
    origin: row.origin,
    destination: row.destination,
    status: row.flight.status,
  };
}

/** A list row; the cost only for readers who may see it. */
function toListItem(row: repo.AllotmentRow, showCost: boolean): AllotmentListItem {
  return {
    id: row.id,
    flight: toFlight(row),
    agent: row.agent,
    tariffGroup: row.tariffGroup,
    seatsNumber: row.seatsNumber,
    booked: row.booked,
    ...(showCost
      ? {
          costPerSeat: toChf(row.costPerSeat),
          total: toChf(multiplyMoney(row.costPerSeat, row.seatsNumber)),
        }
      : {}),
    comment: row.comment,
    invoice: row.invoiceId === null ? null : { id: row.invoiceId, title: row.invoiceTitle ?? '' },
  };
}

const toInvoicedAllotment = (row: repo.AllotmentRow): InvoicedAllotment => ({
  id: row.id,
  flight: toFlight(row),
  tariffGroup: row.tariffGroup,
  seatsNumber: row.seatsNumber,
  booked: row.booked,
  costPerSeat: toChf(row.costPerSeat),
  total: toChf(multiplyMoney(row.costPerSeat, row.seatsNumber)),
  comment: row.comment,
});

type InvoiceFields = Pick<
  repo.InvoiceRow,
  'title' | 'invoiceDate' | 'paymentDeadline' | 'invoiceCompany' | 'discountDescription' | 'discount'
>;

/** The body's fields as stored (Rappen, trimmed), checked by the two server rules of spec 03 §5. */
function invoiceFields(body: UpdateBody, total: number): InvoiceFields {
  if (body.paymentDeadline < body.invoiceDate) {
    throw new ApiError('ERROR_PAYMENT_DEADLINE_EARLIER_INVOICE_DATE', 422, { field: 'paymentDeadline' });
  }
  const discount = toRappen(body.discount);
  // The invoice's debt is what its allotments cost; a discount may take all of it, not more.
  if (discount > total) {
    throw new ApiError('ERROR_DISCOUNT_MORE_INVOICE_DEBT', 422, {
      field: 'discount',
      params: { limit: toChf(total) },
    });
  }
  return {
    title: body.title.trim(),
    invoiceDate: body.invoiceDate,
    paymentDeadline: body.paymentDeadline,
    invoiceCompany: body.invoiceCompany,
    discountDescription: body.discountDescription,
    discount,
  };
}

/**
 * Allotments and allotment invoices (spec 03 §2–§9): the lists, invoicing allotments of one agent,
 * changing and deleting invoices, the agent's balance and the invoice document. Payments are in
 * allotment-payments.ts. Rules: docs/allotments.md.
 */
export function createAllotmentsService(db: Db) {
  /** Invoices as the API shows them, with their allotments and payments, in the order given. */
  async function toInvoices(source: Db | Tx, heads: repo.InvoiceHead[]): Promise<AllotmentInvoice[]> {
    if (heads.length === 0) return [];
    const ids = heads.map((head) => head.invoice.id);
    const [rows, payments] = await Promise.all([
      repo.findAllotments(source, inArray(allotments.invoiceId, ids)),
      repo.paymentsOf(source, ids),
    ]);
    return heads.map(({ invoice, shownStatus, agent }) => {
      const covered = rows.filter((row) => row.invoiceId === invoice.id);
      const charged = totalWithDiscount(invoice);
      return {
        id: invoice.id,
        title: invoice.title,
        invoiceDate: invoice.invoiceDate,
        paymentDeadline: invoice.paymentDeadline,
        invoiceCompany: invoice.invoiceCompany,
        discountDescription: invoice.discountDescription,
        discount: toChf(invoice.discount),
        total: toChf(invoice.total),
        totalWithDiscount: toChf(charged),
        totalPaid: toChf(invoice.totalPaid),
        outstanding: toChf(invoiceBalanceOf({ total: charged, totalPaid: invoice.totalPaid })),
        status: shownStatus,
        agent,
        seats: covered.reduce((sum, row) => sum + row.seatsNumber, 0),
        allotments: covered.map(toInvoicedAllotment),
        payments: payments
          .filter((payment) => payment.invoiceId === invoice.id)
          .map((payment) => ({
            id: payment.id,
            amount: toChf(payment.amount),
            method: payment.method,
            createdAt: payment.createdAt.toISOString(),
          })),
        createdAt: invoice.createdAt.toISOString(),
      };
    });
  }

  /** One invoice as the caller may see it: any with the full list, else only their own (404 otherwise). */
  async function readInvoice(source: Db | Tx, user: AuthUser | null, id: number, ownOnly = false) {
    const [head] = await repo.findInvoices(source, eq(allotmentInvoices.id, id), officeToday());
    const mayRead = head && (user === null || (!ownOnly && seesAll(user)) || head.agent.id === user.id);
    if (!head || !mayRead) throw ApiError.notFound('allotment invoice', id);
    return head;
  }

  /**
   * Who may change an invoice: staff with the full list, else only its own agent (an agent given
   * the invoice role). Anyone else gets 404, as for reading it (ids reveal nothing).
   */
  const mayChange = (user: AuthUser, invoice: { agentId: number }) =>
    seesAll(user) || invoice.agentId === user.id;

  const view = async (source: Db | Tx, id: number) =>
    (await toInvoices(source, [await readInvoice(source, null, id)]))[0]!;

  async function listAllotments(
    query: ListQuery | AgentListQuery,
    agentId: number | undefined,
    showCost: boolean,
  ) {
    const { rows, total } = await repo.listAllotments(
      db,
      { agentId, flightDate: query.flightDateInterval, invoiced: query.invoicedStatus },
      query,
    );
    return { items: rows.map((row) => toListItem(row, showCost)), total };
  }

  async function listInvoices(query: InvoiceListQuery | AgentInvoiceListQuery, agentId: number | undefined) {
    const statuses = [
      ...new Set(query.paymentStatus.flatMap((filter) => ALLOTMENT_PAYMENT_FILTER_STATUSES[filter])),
    ];
    const { rows, total } = await repo.listInvoices(db, { agentId, statuses, today: officeToday() }, query);
    return { items: await toInvoices(db, rows), total };
  }

  async function balance(agentId: number): Promise<AllotmentBalance> {
    const agent = await repo.findAgent(db, agentId);
    if (!agent) throw ApiError.notFound('agent', agentId);
    const owed = await repo.balanceOf(db, agentId, officeToday());
    return {
      agent: { id: agent.id, displayName: agent.displayName },
      outstanding: toChf(owed.outstanding),
      overDeadline: toChf(owed.overDeadline),
      unpaidInvoices: owed.unpaidInvoices,
    };
  }

  async function pdf(user: AuthUser, id: number, locale: Locale, ownOnly: boolean): Promise<FileAnswer> {
    const head = await readInvoice(db, user, id, ownOnly);
    const [agent, rows] = await Promise.all([
      repo.findAgent(db, head.agent.id),
      repo.findAllotments(db, eq(allotments.invoiceId, id)),
    ]);
    const [country] = agent?.countryId
      ? await db.select({ name: countries.name }).from(countries).where(eq(countries.id, agent.countryId))
      : [];
    const body = await renderAllotmentInvoice(
      {
        ...head.invoice,
        status: head.shownStatus,
        agent: {
          displayName: head.agent.displayName,
          company: agent?.company ?? null,
          street: agent?.street ?? null,
          zip: agent?.zip ?? null,
          city: agent?.city ?? null,
          country: country ? country.name[locale] || country.name.en : null,
        },
        allotments: rows.map((row) => ({
          flightNumber: row.flight.number,
          departure: row.flight.departure.toISOString(),
          origin: row.origin,
          destination: row.destination,
          tariffGroup: row.tariffGroup.name[locale] || row.tariffGroup.code,
          seatsNumber: row.seatsNumber,
          costPerSeat: row.costPerSeat,
          total: multiplyMoney(row.costPerSeat, row.seatsNumber),
        })),
      },
      locale,
    );
    return pdfAnswer(body, 'AllotmentInvoice.pdf');
  }

  return {
    list: (user: AuthUser, query: ListQuery) =>
      listAllotments(query, query.agentId, satisfies(user.roles, ALLOTMENT_ROLE.readCost)),
    // Agents see what their own allotments cost them: it is their price, and their invoices show it.
    agentList: (user: AuthUser, query: AgentListQuery) => listAllotments(query, user.id, true),

    invoiceList: (query: InvoiceListQuery) => listInvoices(query, query.agentId),
    agentInvoiceList: (user: AuthUser, query: AgentInvoiceListQuery) => listInvoices(query, user.id),

    getInvoice: async (user: AuthUser, id: number) =>
      (await toInvoices(db, [await readInvoice(db, user, id)]))[0]!,

    balance,
    agentBalance: (user: AuthUser) => balance(user.id),

    invoicePdf: (user: AuthUser, id: number, locale: Locale) => pdf(user, id, locale, false),
    agentInvoicePdf: (user: AuthUser, id: number, locale: Locale) => pdf(user, id, locale, true),

    /**
     * Invoices allotments of one agent (spec 03 §4): they must all exist, belong to the agent and
     * be open. They are locked while checked, so two invoices never take the same allotment.
     */
    async createInvoice(user: AuthUser, body: CreateBody): Promise<AllotmentInvoice> {
      // Without the full list a caller (an agent given the invoice role) invoices only their own.
      if (body.agent.id !== user.id && !seesAll(user)) throw ApiError.forbidden();
      const agent = await repo.findAgent(db, body.agent.id);
      if (!agent) {
        throw new ApiError('ERROR_NOT_FOUND', 422, {
          message: `Not found agent ${body.agent.id}`,
          field: 'agent.id',
        });
      }
      return db.transaction(async (tx) => {
        const rows = await repo.lockAllotments(tx, body.ids);
        const found = new Set(rows.map((row) => row.id));
        const missing = body.ids.find((id) => !found.has(id));
        if (missing !== undefined) {
          throw new ApiError('ERROR_NOT_FOUND', 422, {
            message: `Not found allotment ${missing}`,
            field: 'ids',
            params: { id: missing },
          });
        }
        const foreign = rows.find((row) => row.agentId !== agent.id);
        if (foreign) {
          throw new ApiError('ERROR_ALLOTMENT_OTHER_AGENT', 422, {
            field: 'ids',
            params: { id: foreign.id },
          });
        }
        const invoiced = rows.find((row) => row.invoiceId !== null);
        if (invoiced) {
          throw new ApiError('ERROR_ALLOTMENT_ALREADY_INVOICED', 409, {
            field: 'ids',
            params: { id: invoiced.id },
          });
        }
        const total = allotmentsTotal(rows);
        const fields = invoiceFields(body, total);
        const invoice = await repo.insertInvoice(tx, {
          ...fields,
          agentId: agent.id,
          total,
          status: allotmentPaymentState(total - fields.discount, 0),
          createdById: user.id,
        });
        await repo.assignInvoice(tx, body.ids, invoice.id);
        await logEntityChange(tx, {
          userId: user.id,
          entityType: 'allotmentInvoice',
          entityId: invoice.id,
          operation: 'create',
          changedFields: [...Object.keys(fields), 'agent', 'allotments', 'total'],
        });
        return view(tx, invoice.id);
      });
    },

    /** Changes an invoice that is not paid (spec 03 §4: edit disabled when paid). */
    async updateInvoice(user: AuthUser, id: number, body: UpdateBody): Promise<AllotmentInvoice> {
      return db.transaction(async (tx) => {
        const invoice = await repo.lockInvoice(tx, id);
        if (!invoice || !mayChange(user, invoice)) throw ApiError.notFound('allotment invoice', id);
        if (invoice.status === 'paid') throw new ApiError('ERROR_ALLOTMENT_INVOICE_PAID', 409);
        const fields = invoiceFields(body, invoice.total);
        const status: AllotmentPaymentState = allotmentPaymentState(
          invoice.total - fields.discount,
          invoice.totalPaid,
        );
        const changed = changedFields(invoice, { ...fields, status });
        if (changed.length > 0) {
          await repo.updateInvoice(tx, id, { ...fields, status });
          await logEntityChange(tx, {
            userId: user.id,
            entityType: 'allotmentInvoice',
            entityId: id,
            operation: 'update',
            changedFields: changed,
          });
        }
        return view(tx, id);
      });
    },

    /** Deletes an invoice nothing was paid on; its allotments are open (and editable) again. */
    async deleteInvoice(user: AuthUser, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const invoice = await repo.lockInvoice(tx, id);
        if (!invoice || !mayChange(user, invoice)) throw ApiError.notFound('allotment invoice', id);
        const payments = await repo.paymentsOf(tx, [id]);
        if (invoice.totalPaid !== 0 || payments.length > 0) {
          throw new ApiError('ERROR_ALLOTMENT_INVOICE_HAS_PAYMENTS', 409);
        }
        await repo.releaseInvoice(tx, id);
        await repo.deleteInvoice(tx, id);
        await logEntityChange(tx, {
          userId: user.id,
          entityType: 'allotmentInvoice',
          entityId: id,
          operation: 'delete',
          changedFields: [],
        });
      });
    },

    /** The invoice as the API shows it, read in the caller's transaction (payments answer with it). */
    view,
  };
}

export type AllotmentsService = ReturnType<typeof createAllotmentsService>;
