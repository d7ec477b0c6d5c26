import {
  ALLOTMENT_PAYMENT_FILTER_STATUSES,
  type AllotmentInvoiceSchema,
  type AllotmentListItemSchema,
  type AllotmentPaymentFilter,
  CreateAllotmentInvoiceBody,
  UpdateAllotmentInvoiceBody,
} from '@flybook/schemas';
import type { z } from 'zod';
import type { FakeRequest } from './fake-api.ts';

type AllotmentListItem = z.input<typeof AllotmentListItemSchema>;
type AllotmentInvoice = z.input<typeof AllotmentInvoiceSchema>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fail = (status: number, code: string, message: string, field?: string) =>
  json({ errors: [{ code, message, ...(field ? { field } : {}) }] }, status);

const text = (en: string) => ({ en, de: en, fr: en, sq: en });
const ZRH = { code: 'ZRH', name: text('Zurich'), timezone: 'Europe/Zurich' };
const PRN = { code: 'PRN', name: text('Pristina'), timezone: 'Europe/Belgrade' };
const ECONOMY = { id: 1, code: 'economy', name: text('Economy') };

export const AGENTS = {
  alpen: { id: 3, displayName: 'Alpen Reisen GmbH' },
  balkan: { id: 22, displayName: 'Balkan Tours' },
};

/** An allotment of `seats` economy seats on FB100 ZRH → PRN departing on `day` at 06:30 local. */
export function fakeAllotment(
  id: number,
  day: string,
  agent: { id: number; displayName: string },
  patch: Partial<AllotmentListItem> = {},
): AllotmentListItem {
  return {
    id,
    flight: {
      id: 500 + id,
      number: `FB${100 + id}`,
      departure: `${day}T04:30:00.000Z`,
      origin: ZRH,
      destination: PRN,
      status: 'created',
    },
    agent,
    tariffGroup: ECONOMY,
    seatsNumber: 10,
    booked: 2,
    costPerSeat: 150,
    total: 1500,
    comment: '',
    invoice: null,
    ...patch,
  };
}

export function fakeInvoice(id: number, patch: Partial<AllotmentInvoice> = {}): AllotmentInvoice {
  return {
    id,
    title: `Allotments ${id}`,
    invoiceDate: '2031-05-01',
    paymentDeadline: '2031-05-15',
    invoiceCompany: 'Alpen Reisen GmbH',
    discountDescription: '',
    discount: 0,
    total: 3000,
    totalWithDiscount: 3000,
    totalPaid: 0,
    outstanding: 3000,
    status: 'pending',
    agent: AGENTS.alpen,
    seats: 20,
    allotments: [],
    payments: [],
    createdAt: '2031-05-01T08:00:00.000Z',
    ...patch,
  };
}

export interface FakeAllotments {
  allotments: AllotmentListItem[];
  invoices: AllotmentInvoice[];
  balances: Record<number, { outstanding: number; overDeadline: number; unpaidInvoices: number }>;
}

/** Two agents' allotments (one invoiced) and three invoices in their three states. */
export function createFakeAllotments(): FakeAllotments {
  return {
    allotments: [
      fakeAllotment(1, '2031-06-02', AGENTS.alpen),
      fakeAllotment(2, '2031-06-04', AGENTS.balkan, { seatsNumber: 6, total: 900 }),
      fakeAllotment(3, '2031-06-06', AGENTS.alpen, { seatsNumber: 4, costPerSeat: 120, total: 480 }),
      fakeAllotment(4, '2031-06-08', AGENTS.alpen, { invoice: { id: 71, title: 'May block' } }),
    ],
    invoices: [
      fakeInvoice(71, { title: 'May block' }),
      fakeInvoice(72, {
        title: 'April block',
        status: 'overDeadline',
        totalPaid: 1000,
        outstanding: 2000,
        payments: [{ id: 1, amount: 1000, method: 'cash', createdAt: '2031-04-20T09:00:00.000Z' }],
      }),
      fakeInvoice(73, {
        title: 'March block',
        status: 'paid',
        totalPaid: 3000,
        outstanding: 0,
        payments: [{ id: 2, amount: 3000, method: 'transfer', createdAt: '2031-03-20T09:00:00.000Z' }],
      }),
    ],
    balances: {
      3: { outstanding: 5000, overDeadline: 2000, unpaidInvoices: 2 },
      22: { outstanding: 0, overDeadline: 0, unpaidInvoices: 0 },
    },
  };
}

const page = <T>(items: T[], query: URLSearchParams, defaultSize: number) => {
  const index = Number(query.get('page') ?? 0);
  const size = Number(query.get('pageSize') ?? defaultSize);
  return { items: items.slice(index * size, (index + 1) * size), total: items.length };
};

/**
 * A stand-in for the allotment calls (schema-shaped answers, the API's rules of spec 03 §4–§5
 * where a test needs them). Agents (`agentId`) see only their own.
 */
export function handleAllotments(
  data: FakeAllotments,
  request: FakeRequest,
  agentId: number,
): Response | undefined {
  const { method, path, query } = request;
  const own = path.startsWith('agent/');
  const mine = <T extends { agent: { id: number } }>(rows: T[]) =>
    own ? rows.filter((row) => row.agent.id === agentId) : rows;

  if (method === 'GET' && (path === 'allotment/list' || path === 'agent/allotment/list')) {
    const agent = own ? null : query.get('agentId');
    const from = query.get('flightDateInterval[from]');
    const to = query.get('flightDateInterval[to]');
    const status = query.get('invoicedStatus');
    const rows = mine(data.allotments)
      .filter((row) => !agent || row.agent.id === Number(agent))
      .filter((row) => !from || row.flight.departure.slice(0, 10) >= from)
      .filter((row) => !to || row.flight.departure.slice(0, 10) <= to)
      .filter((row) => !status || (status === 'open') === (row.invoice === null))
      .map((row) => (own ? row : row))
      .sort((a, b) => a.flight.departure.localeCompare(b.flight.departure));
    if (query.get('sortOrder') === 'DESC') rows.reverse();
    return json(page(rows, query, 30));
  }

  if (method === 'GET' && (path === 'allotment/invoice/list' || path === 'agent/allotment/invoice/list')) {
    const agent = own ? null : query.get('agentId');
    const filters = query.getAll('paymentStatus[]') as AllotmentPaymentFilter[];
    const statuses = new Set(
      (filters.length ? filters : ['unpaid' as const]).flatMap((f) => ALLOTMENT_PAYMENT_FILTER_STATUSES[f]),
    );
    const rows = mine(data.invoices)
      .filter((row) => !agent || row.agent.id === Number(agent))
      .filter((row) => statuses.has(row.status));
    return json(page(rows, query, 10));
  }

  const balance = /^allotment\/invoice\/agent\/(\d+)\/balance$/.exec(path);
  if (method === 'GET' && (balance || path === 'agent/allotment/invoice/balance')) {
    const id = balance ? Number(balance[1]) : agentId;
    const agent = Object.values(AGENTS).find((candidate) => candidate.id === id);
    const figures = data.balances[id];
    if (!agent || !figures) return fail(404, 'ERROR_NOT_FOUND', 'Not found.');
    return json({ agent, ...figures });
  }

  const pdf = /^(?:agent\/)?allotment\/invoice\/(\d+)\/pdf\/(de|en|fr|sq)$/.exec(path);
  if (method === 'GET' && pdf) {
    return new Response(new Blob(['%PDF-1.7']), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="AllotmentInvoice.pdf"`,
      },
    });
  }

  if (method === 'POST' && path === 'allotment/invoice') {
    const parsed = CreateAllotmentInvoiceBody.safeParse(request.body);
    if (!parsed.success) return fail(422, 'ERROR_VALIDATION', 'Invalid');
    const body = parsed.data;
    if (body.paymentDeadline < body.invoiceDate) {
      return fail(
        422,
        'ERROR_PAYMENT_DEADLINE_EARLIER_INVOICE_DATE',
        'Payment deadline is earlier than invoice date.',
        'paymentDeadline',
      );
    }
    const covered = data.allotments.filter((row) => body.ids.includes(row.id));
    const total = covered.reduce((sum, row) => sum + (row.total ?? 0), 0);
    if (body.discount > total) {
      return fail(422, 'ERROR_DISCOUNT_MORE_INVOICE_DEBT', 'Discount is more than invoice debt.', 'discount');
    }
    const invoice = fakeInvoice(80 + data.invoices.length, {
      ...body,
      total,
      totalWithDiscount: total - body.discount,
      outstanding: total - body.discount,
      agent: covered[0]?.agent ?? AGENTS.alpen,
      seats: covered.reduce((sum, row) => sum + row.seatsNumber, 0),
    });
    data.invoices.unshift(invoice);
    for (const row of covered) row.invoice = { id: invoice.id, title: invoice.title };
    return json(invoice, 201);
  }

  const one = /^allotment\/invoice\/(\d+)$/.exec(path);
  if (one) {
    const invoice = data.invoices.find((row) => row.id === Number(one[1]));
    if (!invoice || (own && invoice.agent.id !== agentId)) {
      return fail(404, 'ERROR_NOT_FOUND', `Not found allotment invoice ${one[1]}`);
    }
    if (method === 'GET') return json(invoice);
    if (method === 'PUT') {
      const parsed = UpdateAllotmentInvoiceBody.safeParse(request.body);
      if (!parsed.success) return fail(422, 'ERROR_VALIDATION', 'Invalid');
      if (parsed.data.discount > invoice.total) {
        return fail(
          422,
          'ERROR_DISCOUNT_MORE_INVOICE_DEBT',
          'Discount is more than invoice debt.',
          'discount',
        );
      }
      Object.assign(invoice, parsed.data, { totalWithDiscount: invoice.total - parsed.data.discount });
      return json(invoice);
    }
    if (method === 'DELETE') {
      data.invoices = data.invoices.filter((row) => row !== invoice);
      return new Response(null, { status: 204 });
    }
  }

  if (method === 'POST' && path === 'payment/allotment/invoice') {
    const body = request.body as { amount: number; allotmentInvoiceId: number };
    const invoice = data.invoices.find((row) => row.id === body.allotmentInvoiceId);
    if (!invoice) return fail(404, 'ERROR_NOT_FOUND', 'Not found.');
    invoice.totalPaid += body.amount;
    invoice.outstanding = invoice.totalWithDiscount - invoice.totalPaid;
    if (invoice.outstanding <= 0) invoice.status = 'paid';
    return json({ id: 900, invoice }, 201);
  }
  return undefined;
}
